import type { Metadata } from "next";
import Link from "next/link";
import { DrillDownList } from "@/components/leaderboard/drill-down-list";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/current-user";
import { buildLeaderboard } from "@/lib/leaderboard/build-leaderboard";
import { HEADLINE_LABELS } from "@/lib/leaderboard/item-score";
import { projectForPage, projectPageTitle } from "@/lib/projects/page-project";
import { canUploadRuns, RUN_VIEW_ROLES } from "@/lib/runs/access";
import { ProjectHeader } from "../../_components/project-header";
import { plural } from "@/lib/text/plural";

export const dynamic = "force-dynamic";

type Params = Promise<{ projectId: string }>;
type Search = Promise<{ ci?: string | string[]; seed?: string | string[] }>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return projectPageTitle((await params).projectId, "Leaderboard");
}

/**
 * /projects/[projectId]/leaderboard — every run (models, human baselines, chance rows) in the
 * columns of the paper's main table, sortable, with one chart per breakdown; `?ci=1` adds 95 %
 * bootstrap intervals; CSV export; per-item drill-down for admins and reviewer members (truth).
 */
export default async function LeaderboardPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { projectId } = await params;
  const sp = await searchParams;
  const user = await requireUser(RUN_VIEW_ROLES, `/projects/${projectId}/leaderboard`);
  const { project, isAdmin, truthVisible } = await projectForPage(projectId);
  const ci = one(sp.ci) === "1";
  const seed = Number.parseInt(one(sp.seed), 10);
  const data = await buildLeaderboard(project.id, { ci, bootstrap: Number.isSafeInteger(seed) && seed >= 0 ? { seed } : {} });
  const base = `/projects/${encodeURIComponent(project.id)}`;
  const api = `/api/projects/${encodeURIComponent(project.id)}/leaderboard`;
  const stale = data.rows.filter((r) => r.stale).length;
  return (
    <main className="mx-auto flex max-w-[100rem] flex-col gap-4 p-6">
      <ProjectHeader
        project={project}
        current="leaderboard"
        isAdmin={isAdmin}
        actions={
          <>
            <Link href={ci ? `${base}/leaderboard` : `${base}/leaderboard?ci=1`} className={buttonClasses("secondary")}>
              {ci ? "Hide intervals" : "Show 95 % intervals"}
            </Link>
            <a href={`${api}?format=csv${ci ? "&ci=1" : ""}`} className={buttonClasses("secondary")} download>
              Export CSV
            </a>
            <a href={`${api}?format=json${ci ? "&ci=1" : ""}`} className={buttonClasses("secondary")} download>
              Export JSON
            </a>
            {canUploadRuns(user.role) && (
              <Link href={`${base}/runs/new`} className={buttonClasses("primary")}>
                Upload predictions
              </Link>
            )}
          </>
        }
      />
      <p className="text-sm text-slate-600">
        {data.project.benchmark} · truth version {data.project.truthVersion} · {data.project.variant} metric variant
        {stale ? ` · ${plural(stale, "stale row")} (scored at an older truth; being rescored)` : ""}
        {data.ci ? ` · intervals: ${data.ci.resamples} bootstrap resamples of the items, seed ${data.ci.seed}` : ""}
      </p>
      <p className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="chance-note">
        <span className="font-medium">Chance baseline: </span>
        {data.chanceNote}
      </p>
      {data.rows.length === 0 ? (
        <p className="text-sm text-slate-500">No runs yet.</p>
      ) : (
        <LeaderboardTable data={data} runBase={`${base}/runs`} />
      )}
      {truthVisible && (
        <Card>
          <CardHeader title="Per-item drill-down" description="Every row's answer against the ground truth, item by item (admins and reviewers of this project)." />
          <CardBody>
            <DrillDownList projectId={project.id} itemBase={`${base}/leaderboard/items`} headline={HEADLINE_LABELS[project.benchmark] ?? "score"} />
          </CardBody>
        </Card>
      )}
    </main>
  );
}
