import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ChartCard } from "@/components/charts/chart-card";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Input, Select } from "@/components/ui/input";
import { requireUser } from "@/lib/auth/current-user";
import { projectForPage, projectPageTitle } from "@/lib/projects/page-project";
import { buildReport } from "@/lib/report/build-report";
import { intervalCaption, type IntervalStyle } from "@/lib/report/interval-style";
import { reportQuerySchema } from "@/lib/report/report-query";
import { runsSignature } from "@/lib/report/runs-signature";
import { assertReviewerOf, REVIEW_ROLES } from "@/lib/review/review-access";
import { ProjectHeader } from "../../_components/project-header";
import { MethodsView } from "./_components/methods-view";
import { RescoreWatcher } from "./_components/rescore-watcher";
import { ResultsPreview } from "./_components/results-preview";

export const dynamic = "force-dynamic";

type Params = Promise<{ projectId: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return projectPageTitle((await params).projectId, "Report");
}

/**
 * /projects/[projectId]/report — the paper-ready report (issue 22) for the project's reviewers
 * (admins and reviewer members; others /forbidden, non-members 404): a preview of the results
 * table, the figures and the methods paragraph, built on every visit from the current runs and
 * rebuilt when a run is rescored (RescoreWatcher polls the runs), with the options of the download (interval style,
 * per-subtype columns, bootstrap seed) and the zip with everything.
 */
export default async function ReportPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { projectId } = await params;
  const user = await requireUser(REVIEW_ROLES, `/projects/${encodeURIComponent(projectId)}/report`);
  const { project, isAdmin } = await projectForPage(projectId);
  if (!(await assertReviewerOf(user, project.id).then(() => true, () => false))) redirect("/forbidden");
  const sp = await searchParams;
  const parsed = reportQuerySchema.safeParse({ style: one(sp.style) || undefined, subtypes: one(sp.subtypes) || undefined, seed: one(sp.seed) || undefined });
  const q = parsed.success ? parsed.data : {};
  const style: IntervalStyle = q.style ?? "pm";
  const subtypes = q.subtypes === "1";
  const seed = q.seed ?? 0;
  const report = await buildReport(project.id, { style, subtypes, seed, files: false });
  const query = new URLSearchParams({ style, subtypes: subtypes ? "1" : "0", seed: String(seed) });
  const api = `/api/projects/${encodeURIComponent(project.id)}/report`;
  const signature = runsSignature(report.data.leaderboard.rows.map((r) => ({ id: r.runId, status: r.status, scoredAt: r.scoredAt, stale: r.stale })));
  const scored = report.data.leaderboard.rows.map((r) => r.scoredAt).filter((s): s is string => !!s).sort().pop();
  return (
    <main className="mx-auto flex max-w-[100rem] flex-col gap-4 p-6">
      <ProjectHeader
        project={project}
        current="report"
        isAdmin={isAdmin}
        canReview
        actions={
          <a href={`${api}?${query}&format=zip`} className={buttonClasses("primary")} download data-testid="report-download">
            Download report (zip)
          </a>
        }
      />
      {!parsed.success && <p className="text-sm text-red-700">Some options were not understood and were left at their defaults.</p>}
      <form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm" aria-label="Report options">
        <label className="flex flex-col gap-1">
          <span className="font-medium text-slate-700">Intervals in the tables</span>
          <Select name="style" defaultValue={style}>
            <option value="pm">± half-width</option>
            <option value="bracket">[lower, upper]</option>
          </Select>
        </label>
        <label className="flex items-center gap-2 pb-2">
          <input type="checkbox" name="subtypes" value="1" defaultChecked={subtypes} />
          <span className="font-medium text-slate-700">Per-subtype columns</span>
        </label>
        <label className="flex flex-col gap-1">
          <span className="font-medium text-slate-700">Bootstrap seed</span>
          <Input name="seed" type="number" min={0} step={1} defaultValue={seed} className="w-28" />
        </label>
        <button type="submit" className={buttonClasses("secondary")}>
          Update preview
        </button>
      </form>
      <p className="text-sm text-slate-600" data-testid="report-provenance">
        {report.data.project.benchmark} · truth version {report.data.project.truthVersion} · {report.data.project.variant} metric variant · {intervalCaption(style, report.table.ci)}
        {scored ? ` · latest scoring ${scored.replace("T", " ").slice(0, 19)} UTC` : ""} · built from the current runs; the preview rebuilds itself when a run is rescored.
      </p>
      <RescoreWatcher projectId={project.id} signature={signature} />
      <Card>
        <CardHeader title="Results table" description="The leaderboard's numbers to the last digit: humans, models, chance. Best model result per column in bold. LaTeX, Markdown and CSV in the download." />
        <CardBody className="flex flex-col gap-3">
          {report.table.rows.length === 0 ? <p className="text-sm text-slate-500">No runs yet.</p> : <ResultsPreview table={report.table} style={style} />}
          <details>
            <summary className="cursor-pointer text-sm font-medium text-slate-700">LaTeX source</summary>
            <pre className="mt-2 overflow-x-auto rounded bg-slate-900 p-3 text-xs text-slate-100" data-testid="report-latex">
              {report.latex}
            </pre>
          </details>
          <details>
            <summary className="cursor-pointer text-sm font-medium text-slate-700">Markdown source</summary>
            <pre className="mt-2 overflow-x-auto rounded bg-slate-900 p-3 text-xs text-slate-100">{report.markdown}</pre>
          </details>
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Figures" description="As in the download (SVG and 300 dpi PNG), readable in greyscale." />
        <CardBody>
          {report.figures.length === 0 ? (
            <p className="text-sm text-slate-500">No figure yet: no breakdown columns, streaming study or double-reviewed items.</p>
          ) : (
            <div className="grid gap-4 xl:grid-cols-2" data-testid="report-figures">
              {report.figures.map((f) => (
                <ChartCard key={f.name} spec={f.spec} testId={f.name} />
              ))}
            </div>
          )}
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Methods" description="Plain sentences from the records, to edit; every number links to where it came from." />
        <CardBody>
          <MethodsView paragraphs={report.methods} />
        </CardBody>
      </Card>
    </main>
  );
}
