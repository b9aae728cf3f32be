import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { BaselinePlayer } from "@/components/baseline-player/baseline-player";
import { requireUser } from "@/lib/auth/current-user";
import { findSession, ownsSession } from "@/lib/protocol/load-session";
import { sessionPosition } from "@/lib/protocol/session-position";

export const metadata: Metadata = { title: "Session" };
export const dynamic = "force-dynamic";

/**
 * `/s/[studyId]/session/[sessionId]` — the participant's player. Only the session's own participant
 * gets past this page (others: 404); no question, answer or truth is rendered on the server: the
 * player fetches the participant-safe session state itself.
 */
export default async function SessionPage({ params }: { params: Promise<{ studyId: string; sessionId: string }> }) {
  const { studyId, sessionId } = await params;
  const user = await requireUser(undefined, `/s/${studyId}/session/${sessionId}`);
  const session = await findSession(sessionId);
  if (!session || !ownsSession(user, session) || session.studyId !== studyId) notFound();
  if (!session.consentedAt) redirect(`/s/${studyId}`);
  return (
    <main className="mx-auto max-w-4xl space-y-4 p-6">
      <h1 className="text-xl font-semibold">Video {await sessionPosition(session.participantId, sessionId)}</h1>
      <BaselinePlayer studyId={studyId} sessionId={sessionId} />
    </main>
  );
}
