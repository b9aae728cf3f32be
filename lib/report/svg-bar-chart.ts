/**
 * A grouped bar chart as a standalone SVG document (PURE): the report's figures, shown in the
 * Report tab (components/charts/static-bar-chart.tsx) and written to the zip as .svg and, through
 * lib/report/svg-to-png.ts, as 300 dpi .png, from the same markup. The value axis follows the
 * app's one bar-axis rule (lib/charts/bar-axis.ts: bars from zero, bounded measures end at their
 * bound, interval ends always on the axis). Readable in greyscale: series differ by lightness
 * and by hatching, every bar has a dark outline, intervals are black whiskers with caps.
 */
import { barAxis, type BarAxisOptions } from "@/lib/charts/bar-axis";

export type BarSeries = {
  name: string;
  /** One value per category (null: no bar). */
  values: (number | null)[];
  /** Interval bounds per category ([lower, upper], absolute), or null. */
  intervals?: ({ lower: number; upper: number } | null)[];
};

export type BarChartSpec = {
  title: string;
  categories: string[];
  series: BarSeries[];
  bound: BarAxisOptions;
  /** Label of the value axis, e.g. "%" or "κ". */
  valueLabel?: string;
  /** Show the series names under the plot (default true; false for a single unnamed series). */
  legend?: boolean;
  width?: number;
  height?: number;
};

/** Width in SVG units; the PNG scales it so the figure is 7.5 in wide at 300 dpi. */
export const FIGURE_WIDTH = 720;

const FONT = "DejaVu Sans, Helvetica, Arial, sans-serif";

/** Fills that stay apart in greyscale: lightness steps, and hatchings on white. */
const STYLES: { fill: string; pattern?: "diag" | "cross" | "dots"; ink?: string }[] = [
  { fill: "#1e3a8a" },
  { fill: "#bfdbfe" },
  { fill: "url(#hatch-diag)", pattern: "diag" },
  { fill: "#64748b" },
  { fill: "url(#hatch-cross)", pattern: "cross" },
  { fill: "#f8fafc" },
  { fill: "url(#hatch-dots)", pattern: "dots" },
  { fill: "#0f172a" },
  { fill: "#94a3b8" },
  { fill: "#e2e8f0" },
];

export function escapeXml(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

const r2 = (x: number) => Math.round(x * 100) / 100;

function tickText(v: number): string {
  return Number.isInteger(v) ? String(v) : String(Number(v.toFixed(3)));
}

export function barChartSvg(spec: BarChartSpec): string {
  const width = spec.width ?? FIGURE_WIDTH;
  const series = spec.series;
  const cats = spec.categories;
  const rotate = cats.length > 6 || cats.some((c) => c.length > 14);
  const legendRows = Math.ceil(series.length / 3);
  const top = 34;
  const left = 56;
  const right = 12;
  const xLabelHeight = rotate ? 78 : 28;
  const legend = spec.legend !== false && series.length > 0;
  const legendHeight = legend ? legendRows * 18 + 8 : 0;
  const plotHeight = 230;
  const height = spec.height ?? top + plotHeight + xLabelHeight + legendHeight + 8;
  const plotWidth = width - left - right;
  const values: number[] = [];
  for (const s of series) {
    s.values.forEach((v, i) => {
      if (v === null || !Number.isFinite(v)) return;
      values.push(v);
      const iv = s.intervals?.[i];
      if (iv && Number.isFinite(iv.lower) && Number.isFinite(iv.upper)) values.push(iv.lower, iv.upper);
    });
  }
  const axis = barAxis(values, spec.bound);
  const [lo, hi] = axis.domain;
  const y = (v: number) => top + plotHeight - ((Math.min(hi, Math.max(lo, v)) - lo) / (hi - lo)) * plotHeight;
  // Pattern ids unique per chart (several charts share a page).
  const id = `c${[...spec.title].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7).toString(36)}`;
  const fill = (f: string) => f.replace("url(#", `url(#${id}-`);
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}" role="img" aria-label="${escapeXml(spec.title)}">`);
  out.push(`<title>${escapeXml(spec.title)}</title>`);
  out.push("<defs>");
  out.push(`<pattern id="${id}-hatch-diag" patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)"><rect width="6" height="6" fill="#ffffff"/><line x1="0" y1="0" x2="0" y2="6" stroke="#1e293b" stroke-width="2"/></pattern>`);
  out.push(`<pattern id="${id}-hatch-cross" patternUnits="userSpaceOnUse" width="6" height="6"><rect width="6" height="6" fill="#ffffff"/><path d="M0 0L6 6M6 0L0 6" stroke="#1e293b" stroke-width="1"/></pattern>`);
  out.push(`<pattern id="${id}-hatch-dots" patternUnits="userSpaceOnUse" width="5" height="5"><rect width="5" height="5" fill="#ffffff"/><circle cx="2.5" cy="2.5" r="1.2" fill="#1e293b"/></pattern>`);
  out.push("</defs>");
  out.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  out.push(`<text x="${left}" y="20" font-size="14" font-weight="bold" fill="#0f172a">${escapeXml(spec.title)}</text>`);
  // Grid and ticks.
  for (const t of axis.ticks) {
    const ty = r2(y(t));
    out.push(`<line x1="${left}" y1="${ty}" x2="${left + plotWidth}" y2="${ty}" stroke="#cbd5e1" stroke-width="1" stroke-dasharray="3 3"/>`);
    out.push(`<text x="${left - 6}" y="${r2(ty + 4)}" font-size="11" text-anchor="end" fill="#0f172a">${tickText(t)}</text>`);
  }
  if (spec.valueLabel) {
    out.push(`<text x="14" y="${r2(top + plotHeight / 2)}" font-size="11" text-anchor="middle" fill="#0f172a" transform="rotate(-90 14 ${r2(top + plotHeight / 2)})">${escapeXml(spec.valueLabel)}</text>`);
  }
  const zero = r2(y(Math.max(lo, Math.min(hi, 0))));
  out.push(`<line x1="${left}" y1="${top}" x2="${left}" y2="${top + plotHeight}" stroke="#0f172a" stroke-width="1"/>`);
  out.push(`<line x1="${left}" y1="${zero}" x2="${left + plotWidth}" y2="${zero}" stroke="#0f172a" stroke-width="1"/>`);
  // Bars.
  const group = plotWidth / Math.max(1, cats.length);
  const barWidth = Math.min(80, (group * 0.8) / Math.max(1, series.length));
  const groupInset = (group - barWidth * series.length) / 2;
  cats.forEach((cat, ci) => {
    const gx = left + ci * group + groupInset;
    series.forEach((s, si) => {
      const v = s.values[ci];
      if (v === null || v === undefined || !Number.isFinite(v)) return;
      const x = r2(gx + si * barWidth);
      const y0 = y(0);
      const y1 = y(v);
      const style = STYLES[si % STYLES.length];
      out.push(`<rect x="${x}" y="${r2(Math.min(y0, y1))}" width="${r2(Math.max(1, barWidth - 1))}" height="${r2(Math.abs(y1 - y0))}" fill="${fill(style.fill)}" stroke="#0f172a" stroke-width="0.75"><title>${escapeXml(`${s.name}, ${cat}: ${tickText(v)}`)}</title></rect>`);
      const iv = s.intervals?.[ci];
      if (iv && Number.isFinite(iv.lower) && Number.isFinite(iv.upper)) {
        const cx = r2(x + (barWidth - 1) / 2);
        const cap = Math.min(4, barWidth / 3);
        const yl = r2(y(iv.lower));
        const yu = r2(y(iv.upper));
        out.push(`<path d="M${cx} ${yl}V${yu}M${r2(cx - cap)} ${yl}H${r2(cx + cap)}M${r2(cx - cap)} ${yu}H${r2(cx + cap)}" stroke="#000000" stroke-width="1.2" fill="none"/>`);
      }
    });
    const lx = r2(left + ci * group + group / 2);
    const ly = top + plotHeight + 14;
    out.push(
      rotate
        ? `<text x="${lx}" y="${ly}" font-size="11" text-anchor="end" fill="#0f172a" transform="rotate(-35 ${lx} ${ly})">${escapeXml(cat)}</text>`
        : `<text x="${lx}" y="${ly}" font-size="11" text-anchor="middle" fill="#0f172a">${escapeXml(cat)}</text>`,
    );
  });
  // Legend.
  if (legend) {
    const ly0 = top + plotHeight + xLabelHeight + 8;
    const colWidth = plotWidth / 3;
    series.forEach((s, si) => {
      const lx = r2(left + (si % 3) * colWidth);
      const ly = ly0 + Math.floor(si / 3) * 18;
      const style = STYLES[si % STYLES.length];
      const name = s.name.length > 38 ? `${s.name.slice(0, 37)}…` : s.name;
      out.push(`<rect x="${lx}" y="${ly}" width="12" height="12" fill="${fill(style.fill)}" stroke="#0f172a" stroke-width="0.75"/>`);
      out.push(`<text x="${r2(lx + 17)}" y="${ly + 10}" font-size="11" fill="#0f172a">${escapeXml(name)}</text>`);
    });
  }
  out.push("</svg>");
  return out.join("\n") + "\n";
}
