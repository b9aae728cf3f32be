import "server-only";
import type { DirectStatements } from "@/lib/db/direct-sql";

/** Who takes part: their account, and their platform id when they came from a crowd platform. */
export type Person = { userId: string; externalSource: string | null; externalId: string | null };

/**
 * The cross-study rule (docs/access.md): videos of the study's items that the person received in
 * a session of another study, whatever its protocol or state. The same person is the same account
 * (signed-in participants), or the same platform id on the same platform, compared exactly (a crowd
 * worker has one account per study: lib/studies/participant-identity.ts).
 *
 * A session counts as soon as it exists: it was assigned at consent, and from then on the video
 * could be fetched (free rewatch: the whole file at once). Counting only what was served would let
 * a participant keep a video out of the record by not playing it here and watching it elsewhere.
 *
 * One direct statement, run inside the assignment's transaction (`sql` is its `tx`). Without a
 * platform id the second condition compares with NULL and never holds.
 */
export async function seenVideoIds(sql: DirectStatements, person: Person, studyId: string): Promise<Set<string>> {
  const rows = await sql.query<{ videoId: string }[]>`
    SELECT DISTINCT s."videoId" FROM "BaselineSession" s
    JOIN "StudyParticipant" p ON p."id" = s."participantId"
    WHERE s."studyId" <> ${studyId}
      AND (p."userId" = ${person.userId} OR (p."externalSource" = ${person.externalSource} AND p."externalId" = ${person.externalId}))
      AND s."videoId" IN (SELECT i."videoId" FROM "StudyItem" si JOIN "Item" i ON i."id" = si."itemId" WHERE si."studyId" = ${studyId})`;
  return new Set(rows.map((r) => r.videoId));
}
