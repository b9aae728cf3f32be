import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/current-user";
import { PROJECT_READ_ROLES } from "@/lib/projects/access";
import { projectForPage, projectPageTitle } from "@/lib/projects/page-project";
import { getProject, importHistory, projectOverview } from "@/lib/projects/project-queries";
import { maxBenchmarkBytes } from "@/lib/projects/upload-limits";
import { ProjectHeader } from "../_components/project-header";
import { ImportForm } from "../new/_components/import-form";
import { ExportLink } from "./_components/export-link";
import { ImportHistoryCard } from "./_components/import-history-card";
import { OverviewStats } from "./_components/overview-stats";
import { PendingVideosCard } from "./_components/pending-videos-card";
import { WorkflowCard } from "./_components/workflow-card";

export const dynamic = "force-dynamic";

type Params = Promise<{ projectId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return projectPageTitle((await params).projectId, "Overview");
}

/** /projects/[projectId] — overview: counts, pending videos, settings summary, import history (admins; members). */
export default async function ProjectOverviewPage({ params }: { params: Params }) {
  const { projectId } = await params;
  await requireUser(PROJECT_READ_ROLES, `/projects/${encodeURIComponent(projectId)}`);
  const { project: ref, isAdmin, truthVisible } = await projectForPage(projectId);
  const [project, overview, imports] = await Promise.all([getProject(ref.id), projectOverview(ref.id), importHistory(ref.id)]);
  if (!project) notFound();
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-6 p-6">
      <ProjectHeader
        project={project}
        current="overview"
        isAdmin={isAdmin}
        canReview={truthVisible}
        actions={
          isAdmin && (
            <ExportLink
              href={`/api/projects/${project.id}/export`}
              label={`Export (${project.benchmark === "CUSTOM" ? "JSONL" : "native format"})`}
              fallbackName={`${project.slug}.export`}
            />
          )
        }
      />
      <OverviewStats projectId={project.id} overview={overview} truthVersion={project.truthVersion} />
      <div className="grid gap-6 lg:grid-cols-3">
        <PendingVideosCard overview={overview} isAdmin={isAdmin} />
        <WorkflowCard projectId={project.id} settings={project.settings} overview={overview} isAdmin={isAdmin} />
      </div>
      <ImportHistoryCard imports={imports} />
      {isAdmin && (
        <Card>
          <CardHeader title="Import a new version of the file" description="Items are matched by their native id: new ones are created, changed ones updated with a new version; the same file changes nothing." />
          <CardBody>
            <ImportForm maxBytes={maxBenchmarkBytes()} project={{ id: project.id, name: project.name, benchmark: project.benchmark }} />
          </CardBody>
        </Card>
      )}
    </main>
  );
}
