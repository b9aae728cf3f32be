import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { requireUser } from "@/lib/auth/current-user";
import { workspacePayload } from "@/lib/annotation/workspace-payload";
import { HttpError } from "@/lib/http/http-error";
import { TASK_ROLES } from "@/lib/tasks/task-access";
import { Workspace } from "./_components/workspace";

export const dynamic = "force-dynamic";

type Params = Promise<{ taskId: string }>;

export const metadata: Metadata = { title: "Annotate" };

/**
 * /annotate/[taskId] — the annotation workspace (docs/annotation/design.md): the task's video in
 * the frame-exact player, the editing timeline under it, the benchmark's form beside it; autosave,
 * conflicts, submit and history. Everything interactive is in _components/workspace.tsx.
 */
export default async function AnnotateTaskPage({ params }: { params: Params }) {
  const { taskId } = await params;
  const user = await requireUser(TASK_ROLES, `/annotate/${encodeURIComponent(taskId)}`);
  let payload;
  try {
    payload = await workspacePayload(user, taskId);
  } catch (error) {
    if (error instanceof HttpError && (error.status === 404 || (error.status === 403 && error.code !== "not_qualified"))) notFound();
    if (error instanceof HttpError) {
      return (
        <main className="mx-auto flex max-w-3xl flex-col gap-4 p-6">
          <Breadcrumbs trail={[{ label: "My tasks", href: "/annotate" }, { label: "Task" }]} />
          <Alert tone="error" title="This task cannot be opened">
            {error.message}
          </Alert>
        </main>
      );
    }
    throw error;
  }
  return (
    <main className="mx-auto flex max-w-[1600px] flex-col gap-3 p-4">
      <Breadcrumbs trail={[{ label: "My tasks", href: "/annotate" }, { label: payload.task.projectName }, { label: payload.item.externalId }]} />
      <Workspace payload={payload} canReopen={user.role === "ADMIN"} />
    </main>
  );
}
