import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/current-user";
import { myQualifications } from "@/lib/review/my-qualifications";
import { TASK_ROLES } from "@/lib/tasks/task-access";
import { myQueue } from "@/lib/tasks/task-queries";
import { QualificationCard } from "./_components/qualification-card";
import { QueueView } from "./_components/queue-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "My annotation queue" };

/** /annotate — the annotator's home: their qualifications (projects with a gold set), their tasks (item, kind, status, time spent), Start next, skip with a reason. */
export default async function AnnotateQueuePage() {
  const user = await requireUser(TASK_ROLES, "/annotate");
  const qualifications = await myQualifications(user.id);
  const queue = await myQueue(user.id);
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-6 p-6">
      <div>
        <h1 className="text-2xl font-semibold">My annotation queue</h1>
        <p className="mt-1 text-sm text-slate-600">Tasks assigned to you, and the shared pool of your projects. Start next opens your next open task.</p>
      </div>
      <QualificationCard qualifications={qualifications} />
      <QueueView queue={queue} />
    </main>
  );
}
