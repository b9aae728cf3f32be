import { formatValue } from "@/components/leaderboard/format";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { columnsFor } from "@/lib/leaderboard/columns";
import { judgingLabel, judgingOf } from "@/lib/runs/judging-status";
import type { RunDetail } from "@/lib/runs/run-queries";

/** The run's aggregates in the columns of the paper's main table, and the lib/metrics counts. */
export function RunScoresCard({ run, benchmark }: { run: RunDetail; benchmark: string }) {
  const table = (run.aggregates?.table ?? {}) as Record<string, number | null>;
  const present = new Set(Object.entries(table).filter(([, v]) => v !== null).map(([k]) => k));
  const columns = columnsFor(benchmark, present);
  const groups = [...new Set(columns.map((c) => c.group))];
  const judging = judgingOf(run.aggregates);
  return (
    <Card>
      <CardHeader title="Scores" description="As in the paper's main table, ×100 except MAE and rubric." />
      <CardBody className="flex flex-col gap-4">
        {columns.length === 0 && <p className="text-sm text-slate-500">No aggregate table for this run.</p>}
        {judging && (
          <p
            className={judging.final ? "text-sm text-slate-600" : "rounded border border-amber-200 bg-amber-50 px-3 py-1.5 text-sm text-amber-900"}
            data-testid="run-judging"
            data-final={judging.final ? "yes" : "no"}
          >
            {judgingLabel(judging)}
            {judging.final ? "" : ". Not ranked on the leaderboard until every one is judged."}
          </p>
        )}
        {groups.map((g) => (
          <div key={g}>
            <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{g}</h3>
            <dl className="flex flex-wrap gap-x-6 gap-y-1">
              {columns
                .filter((c) => c.group === g)
                .map((c) => (
                  <div key={c.key} className="flex gap-2 text-sm">
                    <dt className="text-slate-600">{c.label}</dt>
                    <dd className="font-medium tabular-nums" data-testid={`score-${c.key}`}>
                      {formatValue(c, c.unit === "percent" && table[c.key] != null ? table[c.key]! * 100 : table[c.key])}
                    </dd>
                  </div>
                ))}
            </dl>
          </div>
        ))}
        {run.counts && (
          <p className="text-sm text-slate-600">
            {run.counts.items} items; {run.counts.predicted} with a prediction; {run.counts.scored} scored; {run.counts.missing} without prediction;{" "}
            {run.counts.invalid} invalid answers.
          </p>
        )}
      </CardBody>
    </Card>
  );
}
