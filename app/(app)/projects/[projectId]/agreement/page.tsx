import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/current-user";
import { projectForPage, projectPageTitle } from "@/lib/projects/page-project";
import { loadAgreementData } from "@/lib/review/dashboard-loader";
import { assertReviewerOf, REVIEW_ROLES } from "@/lib/review/review-access";
import { ProjectHeader } from "../../_components/project-header";
import { AgreementCharts } from "./_components/agreement-charts";
import { Downloads } from "./_components/downloads";
import { FiguresTable } from "./_components/figures-table";
import { DisputedTable, ThroughputTable } from "./_components/rates-tables";

export const dynamic = "force-dynamic";

type Params = Promise<{ projectId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return projectPageTitle((await params).projectId, "Agreement");
}

/**
 * /projects/[projectId]/agreement — the agreement dashboard (the project's reviewers, as every
 * reviewer route: lib/review/review-access.ts; others see /forbidden, non-members 404): kappa,
 * F1, tIoU and count agreement per kind for the project, each annotator pair and each annotator
 * against the final documents, with 95 % bootstrap intervals; disputed rate by subtype;
 * throughput; CSV / JSON downloads.
 */
export default async function AgreementPage({ params }: { params: Params }) {
  const { projectId } = await params;
  const user = await requireUser(REVIEW_ROLES, `/projects/${encodeURIComponent(projectId)}/agreement`);
  const { project, isAdmin } = await projectForPage(projectId);
  if (!(await assertReviewerOf(user, project.id).then(() => true, () => false))) redirect("/forbidden");
  const data = await loadAgreementData(project.id);
  const { figures, disputedRates, throughput } = data.dashboard;
  const scope = (s: string) => figures.filter((f) => f.scope === s);
  return (
    <main className="mx-auto flex max-w-[100rem] flex-col gap-4 p-6">
      <ProjectHeader project={project} current="agreement" isAdmin={isAdmin} canReview />
      {data.items.length === 0 ? (
        <Card data-testid="agreement-empty">
          <CardBody>
            <p className="text-sm text-slate-600">
              No double-reviewed items yet. Figures appear once every blind pass of an item is submitted (workflow setting “annotations per item” of 2 or more).
            </p>
          </CardBody>
        </Card>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            {data.items.length} double-reviewed item{data.items.length === 1 ? "" : "s"} · intervals: 1000 bootstrap resamples of the items (seed 0)
          </p>
          <Downloads projectId={project.id} />
          <AgreementCharts figures={figures} rates={disputedRates} throughput={throughput} names={data.names} />
          <Card>
            <CardHeader title="Project" description="All pairs of annotators pooled over items." />
            <CardBody>
              <FiguresTable figures={scope("project")} names={data.names} who={null} testId="figures-project" />
            </CardBody>
          </Card>
          <Card>
            <CardHeader title="Per annotator pair" />
            <CardBody>
              <FiguresTable figures={scope("pair")} names={data.names} who="Annotators" testId="figures-pair" />
            </CardBody>
          </Card>
          <Card>
            <CardHeader title="Per annotator against the final documents" description="Each annotation of an agreed or resolved item compared with the item's final (auto-merged or adjudicated) document." />
            <CardBody>
              <FiguresTable figures={scope("vs-truth")} names={data.names} who="Annotator" testId="figures-truth" />
            </CardBody>
          </Card>
          <div className="grid gap-4 lg:grid-cols-2">
            <Card>
              <CardHeader title="Disputed rate by subtype" />
              <CardBody>
                <DisputedTable rates={disputedRates} />
              </CardBody>
            </Card>
            <Card>
              <CardHeader title="Throughput" description="Submitted annotation tasks; active time from the workspace's autosaves." />
              <CardBody>
                <ThroughputTable rows={throughput} names={data.names} />
              </CardBody>
            </Card>
          </div>
        </>
      )}
    </main>
  );
}
