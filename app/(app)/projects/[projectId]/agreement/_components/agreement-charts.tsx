import { ChartCard } from "@/components/charts/chart-card";
import type { DashboardFigure, DisputedRate, Throughput } from "@/lib/review/dashboard";
import { agreementChartSpec, disputedChartSpec, throughputChartSpec } from "@/lib/review/agreement-chart-specs";

/**
 * The project's headline figure per kind (with 95 % intervals; the report's agreement figure), the
 * disputed rate per subtype, and throughput per annotator, drawn by the app's one chart component.
 */
export function AgreementCharts({ figures, rates, throughput, names }: { figures: DashboardFigure[]; rates: DisputedRate[]; throughput: Throughput[]; names: Record<string, string> }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="agreement-charts">
      <ChartCard spec={agreementChartSpec(figures)} testId="chart-agreement" />
      <ChartCard spec={disputedChartSpec(rates)} testId="chart-disputed" />
      <ChartCard spec={throughputChartSpec(throughput, names)} testId="chart-throughput" />
    </div>
  );
}
