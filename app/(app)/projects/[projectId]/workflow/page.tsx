import type { Metadata } from "next";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/current-user";
import { PROJECT_ADMIN_ROLES } from "@/lib/projects/access";
import { projectForPage, projectPageTitle } from "@/lib/projects/page-project";
import { taskProgress } from "@/lib/tasks/task-queries";
import { annotatorMembers, workflowSettingsOf } from "@/lib/tasks/workflow-store";
import { ProjectHeader } from "../../_components/project-header";
import { CreateTasksForm } from "./_components/create-tasks-form";
import { ProgressTable } from "./_components/progress-table";
import { WorkflowSettingsForm } from "./_components/workflow-settings-form";

export const dynamic = "force-dynamic";

type Params = Promise<{ projectId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return projectPageTitle((await params).projectId, "Workflow");
}

/** /projects/[projectId]/workflow (admins) — annotation workflow settings, task creation and assignment, progress per annotator. */
export default async function ProjectWorkflowPage({ params }: { params: Params }) {
  const { projectId } = await params;
  await requireUser(PROJECT_ADMIN_ROLES, `/projects/${encodeURIComponent(projectId)}/workflow`);
  const { project } = await projectForPage(projectId, "manage");
  const [settings, progress, annotators] = await Promise.all([workflowSettingsOf(project.id), taskProgress(project.id), annotatorMembers(project.id)]);
  const eligible = annotators.filter((a) => !settings.annotatorIds || settings.annotatorIds.includes(a.id));
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-6 p-6">
      <ProjectHeader project={project} current="workflow" isAdmin />
      <Card>
        <CardHeader title="Progress" description="Annotation tasks per annotator: open, in progress, submitted, skipped." />
        <CardBody>
          <ProgressTable rows={progress.rows} totals={progress.totals} />
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Create tasks" description="One task per item and pass; items that already have one are left alone, so running it again only adds what is missing." />
        <CardBody>
          <CreateTasksForm projectId={project.id} annotators={eligible} annotationsPerItem={settings.annotationsPerItem} />
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Annotation settings" description="Apply to tasks created from now on." />
        <CardBody>
          <WorkflowSettingsForm projectId={project.id} benchmark={project.benchmark} settings={settings} annotators={annotators} />
        </CardBody>
      </Card>
    </main>
  );
}
