"use client";

import { Bar, BarChart, CartesianGrid, ErrorBar, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { DashboardFigure, DisputedRate, Throughput } from "@/lib/review/dashboard";
import { statisticLabel } from "./format-figure";

type Point = { label: string; value: number | null; error?: [number, number] };

function point(label: string, value: number, lower: number, upper: number): Point {
  if (!Number.isFinite(value)) return { label, value: null };
  return Number.isFinite(lower) && Number.isFinite(upper) ? { label, value, error: [value - lower, upper - value] } : { label, value };
}

function ChartCard({ title, data, domain, color, testId }: { title: string; data: Point[]; domain?: [number, number]; color: string; testId: string }) {
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-3" data-testid={testId}>
      <figcaption className="mb-2 text-sm font-semibold text-slate-800">{title}</figcaption>
      <div className="h-64">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 4, right: 8, bottom: 4, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} interval={0} angle={data.length > 5 ? -30 : 0} textAnchor={data.length > 5 ? "end" : "middle"} height={data.length > 5 ? 70 : 30} />
            <YAxis tick={{ fontSize: 11 }} domain={domain ?? ["auto", "auto"]} />
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
  const headline = new Set(["f1", "tIoU", "quadraticKappa", "exact", "cohenKappa"]);
  const project = figures
    .filter((f) => f.scope === "project" && headline.has(f.statistic) && !(f.kind === "counts" && f.statistic === "exact"))
    .map((f) => point(`${f.benchmark} ${f.facet ?? f.kind} ${statisticLabel(f.statistic)}`, f.estimate, f.lower, f.upper));
  const disputed = rates.map((r) => point(`${r.benchmark}${r.subtype ? ` ${r.subtype}` : ""}`, r.rate, r.lower, r.upper));
  const speed = throughput.map((t) => ({ label: names[t.annotatorId] ?? t.annotatorId, value: Number.isFinite(t.itemsPerHour) ? t.itemsPerHour : null }));
  return (
    <div className="grid gap-4 lg:grid-cols-3" data-testid="agreement-charts">
      <ChartCard title="Agreement between annotators (project)" data={project} color="#2563eb" testId="chart-agreement" />
      <ChartCard title="Disputed rate by subtype" data={disputed} domain={[0, 1]} color="#dc2626" testId="chart-disputed" />
      <ChartCard title="Items per hour by annotator" data={speed} color="#16a34a" testId="chart-throughput" />
    </div>
  );
}
