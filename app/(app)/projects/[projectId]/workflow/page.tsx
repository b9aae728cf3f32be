import type { Metadata } from "next";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/current-user";
import { PROJECT_ADMIN_ROLES } from "@/lib/projects/access";
import { projectForPage, projectPageTitle } from "@/lib/projects/page-project";
import { listProjectTasks, taskProgress } from "@/lib/tasks/task-queries";
import { taskListQuerySchema } from "@/lib/tasks/task-schemas";
import { annotatorMembers, workflowSettingsOf } from "@/lib/tasks/workflow-store";
import { ProjectHeader } from "../../_components/project-header";
import { CreateTasksForm } from "./_components/create-tasks-form";
import { ProgressTable } from "./_components/progress-table";
import { TasksTable } from "./_components/tasks-table";
import { WorkflowSettingsForm } from "./_components/workflow-settings-form";

export const dynamic = "force-dynamic";

type Params = Promise<{ projectId: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return projectPageTitle((await params).projectId, "Workflow");
}

/** /projects/[projectId]/workflow (admins) — annotation workflow settings, task creation and assignment, progress per annotator. */
export default async function ProjectWorkflowPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { projectId } = await params;
  const raw = await searchParams;
  const parsed = taskListQuerySchema.safeParse({ status: raw.status || undefined, user: raw.user || undefined, page: raw.page || undefined });
  const query = parsed.success ? parsed.data : { page: 1 };
  await requireUser(PROJECT_ADMIN_ROLES, `/projects/${encodeURIComponent(projectId)}/workflow`);
  const { project } = await projectForPage(projectId, "manage");
  const [settings, progress, annotators, tasks] = await Promise.all([workflowSettingsOf(project.id), taskProgress(project.id), annotatorMembers(project.id), listProjectTasks(project.id, query)]);
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
        <CardHeader title="Tasks" description="Reassign open work, put it back into the pool, or reopen a submitted annotation so its annotator can change it." />
        <CardBody>
          <TasksTable projectId={project.id} list={tasks} query={query} annotators={eligible} />
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
