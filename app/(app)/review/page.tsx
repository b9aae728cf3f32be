import type { Metadata } from "next";
import Link from "next/link";
import { requireUser } from "@/lib/auth/current-user";
import { reviewHomeQueues } from "@/lib/judging/review-home-queues";
import { REVIEW_ROLES } from "@/lib/review/review-access";
import { ReviewHome } from "./_components/review-home";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Review" };

/** /review — the reviewer's home: per project, the queues (disputed, expert sample, mine in progress), Start next, and the project's adjudications. */
export default async function ReviewPage() {
  const user = await requireUser(REVIEW_ROLES, "/review");
  const queues = await reviewHomeQueues(user);
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-6 p-6">
      <div>
        <h1 className="text-2xl font-semibold">Review</h1>
        <p className="mt-1 text-sm text-slate-600">
          Items whose blind annotations disagree, and expert samples of agreed items. Start next claims the oldest open one for you; items you annotated go to another reviewer.
        </p>
        <p className="mt-1 text-sm">
          <Link href="/review/judge" className="font-medium text-blue-700 underline" data-testid="judge-queues-link">
            Judge queues
          </Link>{" "}
          <span className="text-slate-600">(grade VSAS responses per second, match EC-Bench enumerations)</span>
        </p>
      </div>
      <ReviewHome projects={queues.projects} />
    </main>
  );
}
