import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/current-user";
import { TASK_ROLES } from "@/lib/tasks/task-access";
import { myFeedback } from "@/lib/review/feedback";
import { myQueue } from "@/lib/tasks/task-queries";
import { FeedbackList } from "./_components/feedback-list";
import { QueueView } from "./_components/queue-view";
import { QualificationSection } from "./_components/qualification-section";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "My annotation queue" };

/** /annotate — the annotator's home: their qualifications (projects with a gold set), their tasks (item, kind, status, time spent), Start next, skip with a reason. */
export default async function AnnotateQueuePage() {
  const user = await requireUser(TASK_ROLES, "/annotate");
  const [queue, feedback] = await Promise.all([myQueue(user.id), myFeedback(user.id)]);
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-6 p-6">
      <div>
        <h1 className="text-2xl font-semibold">My annotation queue</h1>
        <p className="mt-1 text-sm text-slate-600">Tasks assigned to you, and the shared pool of your projects. Start next opens your next open task.</p>
      </div>
      <QualificationSection userId={user.id} />
      <QueueView queue={queue} />
      <FeedbackList items={feedback} />
    </main>
  );
}
