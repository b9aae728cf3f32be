import "server-only";
import type { DbTx } from "@/lib/audit/audit";

/** Who takes part: their account, and their platform id when they came from a crowd platform. */
export type Person = { userId: string; externalSource: string | null; externalId: string | null };

/**
 * The cross-study rule (docs/access.md): videos (among `videoIds`) that the person received in a
 * session of another study, whatever its protocol or state. The same person is the same account
 * (signed-in participants), or the same platform id on the same platform, compared exactly (a crowd
 * worker has one account per study: lib/studies/participant-identity.ts).
 *
 * A session counts as soon as it exists: it was assigned at consent, and from then on the video
 * could be fetched (free rewatch: the whole file at once). Counting only what was served would let
 * a participant keep a video out of the record by not playing it here and watching it elsewhere.
 */
export async function seenVideoIds(tx: DbTx, person: Person, studyId: string, videoIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(videoIds)];
  if (!ids.length) return new Set();
  const sameRows = [
    { userId: person.userId },
    ...(person.externalSource && person.externalId ? [{ externalSource: person.externalSource, externalId: person.externalId }] : []),
  ];
  const rows = await tx.baselineSession.findMany({
    where: { studyId: { not: studyId }, videoId: { in: ids }, participant: { OR: sameRows } },
    select: { videoId: true },
    distinct: ["videoId"],
  });
  return new Set(rows.map((r) => r.videoId));
}
