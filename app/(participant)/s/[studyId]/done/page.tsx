import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { requireUser } from "@/lib/auth/current-user";
import { HttpError } from "@/lib/http/http-error";
import { participation, type Participation } from "@/lib/studies/participation";
import { CompletionRedirect } from "./completion-redirect";

export const metadata: Metadata = { title: "Thank you" };
export const dynamic = "force-dynamic";

/** `/s/[studyId]/done` — the completion code (once every session is complete) and the configured redirect. */
export default async function DonePage({ params }: { params: Promise<{ studyId: string }> }) {
  const { studyId } = await params;
  const user = await requireUser(undefined, `/s/${studyId}/done`);
  let p: Participation;
  try {
    p = await participation(studyId, user);
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) notFound();
    throw e;
  }
  return (
    <main className="mx-auto max-w-2xl space-y-6 p-6">
      <h1 className="text-2xl font-semibold">Thank you</h1>
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
          {p.completion.redirectUrl && <CompletionRedirect url={p.completion.redirectUrl} />}
        </div>
      ) : (
        <Alert tone="info">
          {p.sessions.some((s) => s.status === "ABANDONED")
            ? "Your time for this study has run out."
            : "You have not finished yet."}{" "}
          <Link className="underline" href={`/s/${studyId}`}>
            Back to the study
          </Link>
        </Alert>
      )}
    </main>
  );
}
