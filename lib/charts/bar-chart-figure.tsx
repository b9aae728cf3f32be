/**
 * THE bar chart of the app: a grouped bar chart as one standalone <svg> (fixed viewBox; pages
 * scale it with CSS width 100 %), drawn with visx's SVG primitives. The leaderboard's breakdown
 * charts, the Agreement tab's charts, the Report tab's preview and the report's figures (.svg by
 * lib/charts/svg-markup.ts, .png from that markup through lib/report/svg-to-png.ts) all render
 * this component, so a page and the report cannot draw a figure differently.
 *
 * - The value axis follows the app's one rule (lib/charts/bar-axis.ts: bars from zero, bounded
 *   measures end at their bound, interval ends always on the axis).
 * - Readable in greyscale: series differ by lightness and by hatching, every bar has a dark
 *   outline, intervals are black whiskers with caps.
 * - Every bar has a <title> (the browser's tooltip): series, category, value and interval.
 * - Pattern ids are unique per chart (`id`, by default derived from the spec).
 * - A pure function of its props (no hooks, state or effects): it renders the same on the server,
 *   in the browser and into a file.
 */
import { AxisBottom, AxisLeft } from "@visx/axis";
import { GridRows } from "@visx/grid";
import { Group } from "@visx/group";
import { PatternCircles, PatternLines } from "@visx/pattern";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar, BarGroup } from "@visx/shape";
import { barAxis } from "./bar-axis";
import { chartExtent, chartId, chartNumber, chartText, FIGURE_WIDTH, type BarChartSpec } from "./bar-chart-spec";

const FONT = "DejaVu Sans, Helvetica, Arial, sans-serif";
const INK = "#0f172a";
const HATCH = "#1e293b";

/** Fills that stay apart in greyscale: lightness steps, and hatchings on white. */
const STYLES: ({ fill: string } | { pattern: "diag" | "cross" | "dots" })[] = [
  { fill: "#1e3a8a" },
  { fill: "#bfdbfe" },
  { pattern: "diag" },
  { fill: "#64748b" },
  { pattern: "cross" },
  { fill: "#f8fafc" },
  { pattern: "dots" },
  { fill: "#0f172a" },
  { fill: "#94a3b8" },
  { fill: "#e2e8f0" },
];

/** Layout (SVG units). */
const TOP = 34;
const LEFT = 56;
const RIGHT = 12;
const PLOT_HEIGHT = 230;
const MAX_BAR = 80;
const CATEGORY_CHARS = 32;
/** About the width of a character of 11 px DejaVu Sans. */
const CHAR = 7;

const r2 = (x: number) => Math.round(x * 100) / 100;
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export type BarChartFigureProps = {
  spec: BarChartSpec;
  /** Prefix of the chart's pattern ids (default: derived from the spec). */
  id?: string;
};

export function BarChartFigure({ spec, id: idProp }: BarChartFigureProps) {
  const id = (idProp ?? chartId(spec)).replace(/[^A-Za-z0-9_-]/g, "");
  const width = spec.width ?? FIGURE_WIDTH;
  const title = chartText(spec.title);
  const categories = spec.categories.map(chartText);
  const series = spec.series.map((s) => ({ ...s, name: chartText(s.name) }));
  const plotWidth = width - LEFT - RIGHT;
  const x0 = scaleBand<string>({ domain: categories.map((_, i) => String(i)), range: [0, plotWidth], paddingInner: 0.2, paddingOuter: 0.1 });
  const rotate = categories.length > 6 || categories.some((c) => c.length > 14);
  // Rotated by 35° and anchored at their end: a label reaches left by about its width × cos 35°
  // (DejaVu Sans at 11 px: under 7 units per character), so one never leaves the picture.
  const labels = categories.map((c, i) => clip(c, rotate ? Math.max(8, Math.min(CATEGORY_CHARS, Math.floor((LEFT + (x0(String(i)) ?? 0) + x0.bandwidth() / 2 - 6) / (CHAR * 0.82)))) : CATEGORY_CHARS));
  const longest = Math.max(0, ...labels.map((l) => l.length));
  const xLabelHeight = rotate ? Math.max(40, Math.ceil(30 + longest * CHAR * 0.574)) : 28;
  const legend = spec.legend !== false && series.length > 0;
  // Three legend columns when every name fits one, else two, else one per row: a name is written
  // whole whenever it can be (a run's "(partial: judged 1 of 10)" must stay readable).
  const fits = (cols: number) => Math.floor((plotWidth / cols - 23) / CHAR);
  const longestName = Math.max(0, ...series.map((s) => s.name.length));
  const legendColumns = longestName <= fits(3) ? 3 : longestName <= fits(2) ? 2 : 1;
  const legendChars = fits(legendColumns);
  const legendHeight = legend ? Math.ceil(series.length / legendColumns) * 18 + 8 : 0;
  const height = TOP + PLOT_HEIGHT + xLabelHeight + legendHeight + 8;

  const axis = barAxis(chartExtent(series), spec.bound);
  const [lo, hi] = axis.domain;
  const y = scaleLinear<number>({ domain: [lo, hi], range: [PLOT_HEIGHT, 0], clamp: true });
  const keys = series.map((_, i) => `s${i}`);
  const groupWidth = Math.min(x0.bandwidth(), MAX_BAR * Math.max(1, keys.length));
  const inset = (x0.bandwidth() - groupWidth) / 2;
  const x1 = scaleBand<string>({ domain: keys, range: [0, groupWidth], paddingInner: 0.05 });
  const data = categories.map((_, ci) => ({ category: String(ci), ...Object.fromEntries(keys.map((k, si) => [k, series[si].values[ci] ?? 0])) }));
  const fill = (si: number) => {
    const style = STYLES[si % STYLES.length];
    return "fill" in style ? style.fill : `url(#${id}-${style.pattern})`;
  };
  const zero = r2(y(Math.max(lo, Math.min(hi, 0))));
  const midY = r2(TOP + PLOT_HEIGHT / 2);

  return (
    <svg xmlns="http://www.w3.org/2000/svg" width={width} height={height} viewBox={`0 0 ${width} ${height}`} fontFamily={FONT} role="img" aria-label={title}>
      <title>{title}</title>
      <PatternLines id={`${id}-diag`} width={6} height={6} stroke={HATCH} strokeWidth={1.5} orientation={["diagonal"]} background="#ffffff" />
      <PatternLines id={`${id}-cross`} width={6} height={6} stroke={HATCH} strokeWidth={1} orientation={["diagonal", "diagonalRightToLeft"]} background="#ffffff" />
      <PatternCircles id={`${id}-dots`} width={5} height={5} radius={1.2} fill={HATCH} background="#ffffff" />
      <rect width={width} height={height} fill="#ffffff" />
      <text x={LEFT} y={20} fontSize={14} fontWeight="bold" fill={INK}>
        {title}
      </text>
      {spec.valueLabel && (
        <text x={14} y={midY} fontSize={11} textAnchor="middle" fill={INK} transform={`rotate(-90 14 ${midY})`}>
          {chartText(spec.valueLabel)}
        </text>
      )}
      <Group top={TOP} left={LEFT}>
        <GridRows scale={y} width={plotWidth} tickValues={axis.ticks} stroke="#cbd5e1" strokeDasharray="3 3" />
        <AxisLeft
          scale={y}
          tickValues={axis.ticks}
          tickFormat={(v) => chartNumber(Number(v))}
          tickLength={4}
          stroke={INK}
          tickStroke={INK}
          tickComponent={({ x, y: ty, formattedValue }) => (
            <text x={r2(Number(x) - 2)} y={r2(Number(ty) + 4)} fontSize={11} textAnchor="end" fill={INK}>
              {formattedValue}
            </text>
          )}
        />
        <AxisBottom
          scale={x0}
          top={PLOT_HEIGHT}
          hideAxisLine
          tickLength={4}
          tickStroke={INK}
          tickFormat={(k) => labels[Number(k)] ?? ""}
          tickLabelProps={{ fontSize: 11 }}
          tickComponent={({ x, y: ty, formattedValue }) => {
            const lx = r2(Number(x));
            const ly = r2(Number(ty));
            return rotate ? (
              <text x={lx} y={ly} fontSize={11} textAnchor="end" fill={INK} transform={`rotate(-35 ${lx} ${ly})`}>
                {formattedValue}
              </text>
            ) : (
              <text x={lx} y={ly} fontSize={11} textAnchor="middle" fill={INK}>
                {formattedValue}
              </text>
            );
          }}
        />
        <BarGroup data={data} keys={keys} height={PLOT_HEIGHT} x0={(d) => d.category} x0Scale={x0} x1Scale={x1} yScale={y} color={(_, i) => fill(i)}>
          {(groups) =>
            groups.map((group) => (
              <Group key={`g${group.index}`} className="bar-chart-category" left={r2(group.x0 + inset)}>
                {group.bars.map((bar) => {
                  const v = series[bar.index].values[group.index];
                  if (v === null || v === undefined || !Number.isFinite(v)) return null;
                  const y0 = y(0);
                  const y1 = y(v);
                  const x = r2(bar.x);
                  const w = r2(Math.max(1, bar.width));
                  const iv = series[bar.index].intervals?.[group.index];
                  const hasInterval = !!iv && Number.isFinite(iv.lower) && Number.isFinite(iv.upper);
                  const cx = r2(bar.x + bar.width / 2);
                  const cap = r2(Math.min(4, bar.width / 3));
                  const yl = r2(y(iv?.lower ?? 0));
                  const yu = r2(y(iv?.upper ?? 0));
                  const tip = `${series[bar.index].name}, ${categories[group.index]}: ${chartNumber(v)}${hasInterval ? ` [${chartNumber(iv.lower)}, ${chartNumber(iv.upper)}]` : ""}`;
                  return (
                    <g key={bar.key}>
                      <Bar className="bar-chart-bar" x={x} y={r2(Math.min(y0, y1))} width={w} height={r2(Math.abs(y1 - y0))} fill={bar.color} stroke={INK} strokeWidth={0.75}>
                        <title>{tip}</title>
                      </Bar>
                      {hasInterval && (
                        <path
                          className="bar-chart-interval"
                          d={`M${cx} ${yl}V${yu}M${r2(cx - cap)} ${yl}H${r2(cx + cap)}M${r2(cx - cap)} ${yu}H${r2(cx + cap)}`}
                          stroke="#000000"
                          strokeWidth={1.2}
                          fill="none"
                        />
                      )}
                    </g>
                  );
                })}
              </Group>
            ))
          }
        </BarGroup>
        <line x1={0} y1={zero} x2={plotWidth} y2={zero} stroke={INK} strokeWidth={1} />
      </Group>
      {legend && (
        <g className="bar-chart-legend">
          {series.map((s, si) => {
            const lx = r2(LEFT + (si % legendColumns) * (plotWidth / legendColumns));
            const ly = TOP + PLOT_HEIGHT + xLabelHeight + 8 + Math.floor(si / legendColumns) * 18;
            return (
              <g key={`l${si}`}>
                <rect x={lx} y={ly} width={12} height={12} fill={fill(si)} stroke={INK} strokeWidth={0.75} />
                <text x={r2(lx + 17)} y={ly + 10} fontSize={11} fill={INK}>
                  {clip(s.name, legendChars)}
                </text>
              </g>
            );
          })}
        </g>
      )}
    </svg>
  );
}
