import Link from "next/link";
import { notFound } from "next/navigation";
import { formatValue } from "@/components/leaderboard/format";
import { KindBadge, StaleBadge } from "@/components/leaderboard/kind-badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/current-user";
import { HttpError } from "@/lib/http/http-error";
import { columnsFor } from "@/lib/leaderboard/columns";
import { canSeeTruth, canUploadRuns, RUN_VIEW_ROLES } from "@/lib/runs/access";
import { projectForPage } from "@/lib/runs/page-project";
import { getRunDetail } from "@/lib/runs/run-queries";
import { RescoreButton } from "./rescore-button";
import { RunItems } from "./run-items";

export const dynamic = "force-dynamic";

/**
 * /projects/[projectId]/runs/[runId] — a run: its aggregates in the paper's columns, the
 * lib/metrics counts, the problems found (with line numbers), and (ADMIN/REVIEWER only) the
 * per-item answers next to the truth.
 */
export default async function RunPage({ params }: { params: Promise<{ projectId: string; runId: string }> }) {
  const { projectId, runId } = await params;
  const user = await requireUser(RUN_VIEW_ROLES, `/projects/${projectId}/runs/${runId}`);
  const project = await projectForPage(projectId);
  let run;
  try {
    run = await getRunDetail(project.id, runId, project.truthVersion);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) notFound();
    throw error;
  }
  const base = `/projects/${encodeURIComponent(projectId)}`;
  const table = (run.aggregates?.table ?? {}) as Record<string, number | null>;
  const present = new Set(Object.entries(table).filter(([, v]) => v !== null).map(([k]) => k));
  const columns = columnsFor(project.benchmark, present);
  const meta = (run.aggregates?.meta ?? {}) as Record<string, string>;
  const groups = [...new Set(columns.map((c) => c.group))];
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-4 p-6">
      <nav className="text-sm text-slate-500">
        <Link href={base} className="text-blue-700 hover:underline">
          {project.name}
        </Link>{" "}
        /{" "}
        <Link href={`${base}/runs`} className="text-blue-700 hover:underline">
          Runs
        </Link>{" "}
        / {run.name}
      </nav>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{run.name}</h1>
        <KindBadge kind={run.kind} />
        <StaleBadge stale={run.stale} status={run.status} />
        <div className="ml-auto flex gap-2">
          <Link href={`${base}/leaderboard`} className="text-sm text-blue-700 hover:underline">
            Leaderboard →
          </Link>
        </div>
      </div>
      <p className="text-sm text-slate-600">
        {run.source} · scored at truth version {run.truthVersion} (project: {project.truthVersion})
        {run.scoredAt ? ` on ${run.scoredAt.toISOString().replace("T", " ").slice(0, 16)} UTC` : ""}
        {run.uploadedBy ? ` · uploaded by ${run.uploadedBy.name || run.uploadedBy.email}` : ""}
        {meta.answer_column ? ` · answer column ${meta.answer_column}` : ""}
        {run.aggregates?.variant ? ` · ${String(run.aggregates.variant)} variant` : ""}
      </p>
      {canUploadRuns(user.role) && run.kind !== "CHANCE" && <RescoreButton projectId={project.id} runId={run.id} stale={run.stale || run.status === "FAILED"} />}

      <Card>
        <CardHeader title="Scores" description="As in the paper's main table, ×100 except MAE and rubric." />
        <CardBody className="flex flex-col gap-4">
          {columns.length === 0 && <p className="text-sm text-slate-500">No aggregate table for this run.</p>}
          {groups.map((g) => (
            <div key={g}>
              <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{g}</h3>
              <dl className="flex flex-wrap gap-x-6 gap-y-1">
                {columns
                  .filter((c) => c.group === g)
                  .map((c) => (
                    <div key={c.key} className="flex gap-2 text-sm">
                      <dt className="text-slate-600">{c.label}</dt>
                      <dd className="font-medium tabular-nums" data-testid={`score-${c.key}`}>{formatValue(c, c.unit === "percent" && table[c.key] != null ? table[c.key]! * 100 : table[c.key])}</dd>
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

      <Card>
        <CardHeader title="Per-item results" description={canSeeTruth(user.role) ? "Each answer as given, as read, its scores, and the ground truth." : undefined} />
        <CardBody>
          {canSeeTruth(user.role) ? (
            <RunItems projectId={project.id} runId={run.id} itemBase={`${base}/leaderboard/items`} />
          ) : (
            <p className="text-sm text-slate-500">Answers next to the ground truth are shown to admins and reviewers only.</p>
          )}
        </CardBody>
      </Card>
    </main>
  );
}
