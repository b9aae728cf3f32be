import { BarChartFigure } from "@/lib/charts/bar-chart-figure";
import type { BarChartSpec } from "@/lib/charts/bar-chart-spec";

/**
 * A chart on a page: the app's one bar chart component (lib/charts/bar-chart-figure.tsx, the very
 * SVG the report's figure files hold) in a card, scaled to the card's width. The title is drawn in
 * the SVG; the caption names the figure for assistive technology. No hooks: usable in server and
 * client components.
 */
export function ChartCard({ spec, testId, note }: { spec: BarChartSpec; testId?: string; note?: string }) {
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-3" data-testid={testId}>
      <figcaption className="sr-only">{spec.title}</figcaption>
      <div className="w-full [&>svg]:block [&>svg]:h-auto [&>svg]:w-full">
        <BarChartFigure spec={spec} />
      </div>
      {note && <p className="mt-1 text-xs text-slate-500">{note}</p>}
    </figure>
  );
}
