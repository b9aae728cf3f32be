import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { requireUser } from "@/lib/auth/current-user";
import { HttpError } from "@/lib/http/http-error";
import { participation, type Participation } from "@/lib/studies/participation";
import { StaffNotAllowed } from "../_components/staff-not-allowed";
import { CompletionRedirect } from "./_components/completion-redirect";

export const metadata: Metadata = { title: "Thank you" };
export const dynamic = "force-dynamic";

/**
 * `/s/[studyId]/done` — always tells the participant what to do next: enter the completion code on
 * their platform, wait for (or follow) the redirect back to it, or, when the study has neither,
 * that they are done and may close the tab. Not finished yet: back to the study; time over: close.
 */
export default async function DonePage({ params }: { params: Promise<{ studyId: string }> }) {
  const { studyId } = await params;
  const user = await requireUser(undefined, `/s/${studyId}/done`);
  let p: Participation;
  try {
    p = await participation(studyId, user);
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) notFound();
    if (e instanceof HttpError && e.code === "staff_not_allowed") return <StaffNotAllowed />;
    throw e;
  }
  const timedOut = p.sessions.some((s) => s.status === "ABANDONED");
  return (
    <main className="mx-auto max-w-2xl space-y-6 p-6">
      <h1 className="text-2xl font-semibold">{p.completion ? "Thank you" : timedOut ? "This study is over for you" : "Not finished yet"}</h1>
      {p.completion ? (
        <div className="space-y-4">
          {p.completion.code && (
            <p className="text-lg">
              Your completion code:{" "}
              <code className="rounded bg-slate-100 px-2 py-1 font-mono text-xl" data-testid="completion-code">
                {p.completion.code}
              </code>
            </p>
          )}
          <p className="text-sm text-slate-700" data-testid="done-next-step">
            {p.completion.redirectUrl
              ? p.completion.code
                ? "Copy the code if your platform asks for it; you are sent back to it to confirm that you finished."
                : "You are sent back to your recruitment platform to confirm that you finished."
              : p.completion.code
                ? "Enter this code on the platform that sent you here (for example Prolific or MTurk) to confirm that you finished. Then you may close this tab."
                : "Your answers are saved and there is nothing more to do: you may close this tab."}
          </p>
          {p.completion.redirectUrl && <CompletionRedirect url={p.completion.redirectUrl} />}
        </div>
      ) : (
        <Alert tone="info">
          <span data-testid="done-next-step">
            {timedOut
              ? "Your time for this study has run out; the answers you gave are saved. You may close this tab."
              : "You have not finished all the videos of this study yet."}
          </span>{" "}
          {!timedOut && (
            <Link className="underline" href={`/s/${studyId}`}>
              Back to the study
            </Link>
          )}
        </Alert>
      )}
    </main>
  );
}
