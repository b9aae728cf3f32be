import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { KindBadge, StaleBadge } from "@/components/leaderboard/kind-badge";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/current-user";
import { HttpError } from "@/lib/http/http-error";
import { currentProjectAccess, projectForPage } from "@/lib/projects/page-project";
import { canUploadRuns, RUN_VIEW_ROLES } from "@/lib/runs/access";
import { getRunDetail } from "@/lib/runs/run-queries";
import { RescoreButton } from "./_components/rescore-button";
import { RunItems } from "./_components/run-items";
import { RunProblemsCard } from "./_components/run-problems-card";
import { RunScoresCard } from "./_components/run-scores-card";

export const dynamic = "force-dynamic";

type Params = Promise<{ projectId: string; runId: string }>;

/** The run, when the signed-in user may see its project; null otherwise or when it is not there (once per request). */
const runForPage = cache(async (projectKey: string, runId: string) => {
  const access = await currentProjectAccess(projectKey);
  if (!access) return null;
  try {
    return await getRunDetail(access.project.id, runId, access.project.truthVersion);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { projectId, runId } = await params;
  const [access, run] = await Promise.all([currentProjectAccess(projectId), runForPage(projectId, runId)]);
  return { title: access && run ? `${run.name} · Runs · ${access.project.name}` : "Not found" };
}

/**
 * /projects/[projectId]/runs/[runId] — a run: its aggregates in the paper's columns, the
 * lib/metrics counts, the problems found (with line numbers), and (admins and reviewer members
 * only: `truthVisibleTo`) the per-item answers next to the truth.
 */
export default async function RunPage({ params }: { params: Params }) {
  const { projectId, runId } = await params;
  const user = await requireUser(RUN_VIEW_ROLES, `/projects/${projectId}/runs/${runId}`);
  const { project, truthVisible } = await projectForPage(projectId);
  const run = await runForPage(projectId, runId);
  if (!run) notFound();
  const base = `/projects/${encodeURIComponent(project.id)}`;
  const meta = (run.aggregates?.meta ?? {}) as Record<string, string>;
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-4 p-6">
      <Breadcrumbs
        trail={[
          { label: "Projects", href: "/projects" },
          { label: project.name, href: base },
          { label: "Runs", href: `${base}/runs` },
          { label: run.name },
        ]}
      />
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
      {run.uploadedFile && (
        <p className="text-sm text-slate-600" data-testid="run-file">
          File {run.uploadedFile.name ?? "(unnamed)"}, {run.uploadedFile.bytes.toLocaleString("en-US")} bytes, SHA-256{" "}
          <code className="break-all text-xs text-slate-700">{run.uploadedFile.sha256}</code>
        </p>
      )}
      {canUploadRuns(user.role) && run.kind !== "CHANCE" && <RescoreButton projectId={project.id} runId={run.id} stale={run.stale || run.status === "FAILED"} />}
      <RunScoresCard run={run} benchmark={project.benchmark} />
      <RunProblemsCard run={run} />
      <Card>
        <CardHeader title="Per-item results" description={truthVisible ? "Each answer as given, as read, its scores, and the ground truth." : undefined} />
        <CardBody>
          {truthVisible ? (
            <RunItems projectId={project.id} runId={run.id} itemBase={`${base}/leaderboard/items`} />
          ) : (
            <p className="text-sm text-slate-500">Answers next to the ground truth are shown to admins and reviewers only.</p>
          )}
        </CardBody>
      </Card>
    </main>
  );
}
