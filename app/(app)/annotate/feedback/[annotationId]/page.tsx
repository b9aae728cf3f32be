import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/current-user";
import { HttpError } from "@/lib/http/http-error";
import { annotationFeedback } from "@/lib/review/feedback";
import { facetSummaries, timelineRows } from "@/lib/review/feedback-summary";
import { TASK_ROLES } from "@/lib/tasks/task-access";
import { FacetTable } from "./_components/facet-table";
import { FeedbackTimeline } from "./_components/feedback-timeline";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Feedback" };

type Params = Promise<{ annotationId: string }>;

/**
 * /annotate/feedback/[annotationId] — the author's document against the item's final one, once the
 * item's double review is agreed or resolved (before that, and for anyone else: not found).
 */
export default async function FeedbackPage({ params }: { params: Params }) {
  const { annotationId } = await params;
  const user = await requireUser(TASK_ROLES, `/annotate/feedback/${encodeURIComponent(annotationId)}`);
  const feedback = await annotationFeedback(user.id, annotationId).catch((e: unknown) => {
    if (e instanceof HttpError && e.status === 404) return null;
    throw e;
  });
  if (!feedback) notFound();
  const summaries = facetSummaries(feedback.comparison);
  const agreed = feedback.comparison.verdict === "agreed";
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-4 p-6">
      <div>
        <Breadcrumbs trail={[{ label: "My annotation queue", href: "/annotate" }, { label: "Feedback" }]} />
        <h1 className="mt-1 text-2xl font-semibold">
          Feedback · {feedback.projectName} · item {feedback.externalId}
        </h1>
        <p className="mt-1 text-sm text-slate-600">{feedback.question}</p>
        <p className="mt-2 text-sm text-slate-700" data-testid="feedback-legend">
          Compared here: <strong>yours</strong> (&ldquo;you&rdquo;) is the annotation you submitted; <strong>final</strong> is the item&apos;s document after review.
        </p>
        <p className="mt-2 text-sm" data-testid="feedback-verdict">
          {feedback.status === "AGREED" ? "The passes agreed; the final document was merged automatically." : "A reviewer resolved the differences."}{" "}
          {agreed ? "Your annotation agrees with the final one." : "Your annotation differs from the final one."}
        </p>
      </div>
      <Card>
        <CardHeader title="Reviewer's note" />
        <CardBody>
          <p className="whitespace-pre-wrap text-sm text-slate-800" data-testid="feedback-note">
            {feedback.note || "No note."}
          </p>
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Timeline" description="Your marks (blue) and the final ones (green)." />
        <CardBody>
          <FeedbackTimeline rows={timelineRows(feedback.mine, feedback.final)} frameCount={feedback.video.frameCount} fps={feedback.video.fps} />
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Per facet" />
        <CardBody>
          <FacetTable rows={summaries} />
        </CardBody>
      </Card>
      {feedback.differences.length > 0 && (
        <Card>
          <CardHeader title="Differences" />
          <CardBody>
            <ul className="list-disc pl-5 text-sm text-slate-800" data-testid="feedback-differences">
              {feedback.differences.map((d) => (
                <li key={d.id}>{d.summary}</li>
              ))}
            </ul>
          </CardBody>
        </Card>
      )}
      <Link href="/annotate" className="text-sm text-blue-700 hover:underline">
        Back to my queue
      </Link>
    </main>
  );
}
