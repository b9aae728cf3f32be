"use client";

import { Bar, BarChart, CartesianGrid, ErrorBar, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { barAxis, type BarAxisOptions } from "@/lib/charts/bar-axis";
import type { DashboardFigure, DisputedRate, Throughput } from "@/lib/review/dashboard";
import { agreementFigureLabel, headlineAgreementFigures } from "@/lib/review/headline-figures";

type Point = { label: string; value: number | null; error?: [number, number] };

function point(label: string, value: number, lower: number, upper: number): Point {
  if (!Number.isFinite(value)) return { label, value: null };
  return Number.isFinite(lower) && Number.isFinite(upper) ? { label, value, error: [value - lower, upper - value] } : { label, value };
}

/** Every value a bar or an interval reaches (the axis must hold them all). */
function extent(data: readonly Point[]): number[] {
  return data.flatMap((p) => (p.value === null ? [] : p.error ? [p.value, p.value - p.error[0], p.value + p.error[1]] : [p.value]));
}

function ChartCard({ title, data, bound, color, testId }: { title: string; data: Point[]; bound: BarAxisOptions; color: string; testId: string }) {
  const axis = barAxis(extent(data), bound);
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-3" data-testid={testId}>
      <figcaption className="mb-2 text-sm font-semibold text-slate-800">{title}</figcaption>
      <div className="h-64">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 4, right: 8, bottom: 4, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} interval={0} angle={data.length > 5 ? -30 : 0} textAnchor={data.length > 5 ? "end" : "middle"} height={data.length > 5 ? 70 : 30} />
            <YAxis tick={{ fontSize: 11 }} domain={axis.domain} ticks={axis.ticks} allowDataOverflow />
            <Tooltip formatter={(v) => (typeof v === "number" ? v.toFixed(3) : String(v))} />
            <Bar dataKey="value" name="estimate" fill={color} isAnimationActive={false}>
              <ErrorBar dataKey="error" width={3} strokeWidth={1} stroke="#334155" />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/** The project's headline figure per kind (with 95 % intervals), the disputed rate per subtype, and throughput per annotator. */
export function AgreementCharts({ figures, rates, throughput, names }: { figures: DashboardFigure[]; rates: DisputedRate[]; throughput: Throughput[]; names: Record<string, string> }) {
  const project = headlineAgreementFigures(figures).map((f) => point(agreementFigureLabel(f), f.estimate, f.lower, f.upper));
  const disputed = rates.map((r) => point(`${r.benchmark}${r.subtype ? ` ${r.subtype}` : ""}`, r.rate, r.lower, r.upper));
  const speed = throughput.map((t) => ({ label: names[t.annotatorId] ?? t.annotatorId, value: Number.isFinite(t.itemsPerHour) ? t.itemsPerHour : null }));
  return (
    <div className="grid gap-4 lg:grid-cols-3" data-testid="agreement-charts">
      {/* F1, tIoU, exact share: 0..1; kappa: -1..1 (the axis goes below 0 only for a negative one). */}
      <ChartCard title="Agreement between annotators (project)" data={project} bound={{ min: -1, max: 1 }} color="#2563eb" testId="chart-agreement" />
      <ChartCard title="Disputed rate by subtype" data={disputed} bound={{ min: 0, max: 1 }} color="#dc2626" testId="chart-disputed" />
      <ChartCard title="Items per hour by annotator" data={speed} bound={{ min: 0 }} color="#16a34a" testId="chart-throughput" />
    </div>
  );
}
