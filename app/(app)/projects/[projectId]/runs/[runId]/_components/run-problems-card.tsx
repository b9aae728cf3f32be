import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { RunDetail } from "@/lib/runs/run-queries";

/** The problems found reading the run's file (each with its line), counted by code. */
export function RunProblemsCard({ run }: { run: RunDetail }) {
  return (
    <Card>
      <CardHeader
        title={`Problems (${run.problemCount})`}
        description={
          Object.keys(run.problemCounts).length
            ? Object.entries(run.problemCounts)
                .map(([k, n]) => `${k} ${n}`)
                .join(" · ")
            : "None."
        }
      />
      {run.problems.length > 0 && (
        <CardBody>
          <ol className="max-h-96 space-y-1 overflow-y-auto text-sm" data-testid="run-problems">
            {run.problems.map((p, i) => (
              <li key={i} className="flex gap-2">
                <code className="shrink-0 rounded bg-slate-100 px-1 text-xs">{p.code}</code>
                <span>{p.message}</span>
              </li>
            ))}
          </ol>
          {run.problemsOmitted > 0 && <p className="mt-2 text-xs text-slate-500">…and {run.problemsOmitted} more (counted above).</p>}
        </CardBody>
      )}
    </Card>
  );
}
