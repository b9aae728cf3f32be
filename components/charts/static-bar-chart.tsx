import { barChartSvg, type BarChartSpec } from "@/lib/report/svg-bar-chart";

/**
 * A report figure as the page shows it: the very SVG the report's files hold (lib/report/
 * svg-bar-chart.ts renders it; the zip's .svg and 300 dpi .png come from the same markup), so the
 * preview is the figure. Server-rendered, no client code.
 */
export function StaticBarChart({ spec, testId }: { spec: BarChartSpec; testId?: string }) {
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-3" data-testid={testId}>
      <div className="w-full overflow-x-auto [&>svg]:h-auto [&>svg]:max-w-full" dangerouslySetInnerHTML={{ __html: barChartSvg(spec) }} />
    </figure>
  );
}
