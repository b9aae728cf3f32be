import "server-only";
import { randomBytes } from "node:crypto";
import { databaseTarget } from "@/lib/db/database-url";
import { db } from "@/lib/db/prisma";
import { chooseVideos, type AssignableVideo } from "./assignment";
import { conflictItemIds } from "./conflicts";
import { seenVideoIds } from "./seen-videos";
import { parseStudySettings } from "@/lib/protocol/study-settings";

/**
 * Gives a participant their videos (assignment.ts rules: conflicts of interest, videos received in
 * other studies, limits, balance) and creates one BaselineSession per
 * video, each with its own signing key. Idempotent. Runs in a transaction that, when the study
 * limits participants per video, locks the study row on PostgreSQL (`SELECT ... FOR UPDATE`), so
 * concurrent participants cannot both take the last free slot (SQLite serialises write
 * transactions); without a limit, concurrent assignments only balance approximately.
 * Sessions whose status is ABANDONED do not hold a slot: their video goes to someone else.
 */
export async function assignParticipant(studyId: string, participantId: string): Promise<{ created: string[]; conflicted: string[]; seen: string[] }> {
  // The study's protocol, items and per-video limit are frozen once it is open (participants
  // consent only then): read before the transaction, which then holds its connection (and, with a
  // limit, the study's lock) for fewer round trips while a launch's consents arrive together.
  const study = await db.study.findUniqueOrThrow({ where: { id: studyId }, select: { protocol: true, settings: true } });
  const settings = parseStudySettings(study.settings);
  const studyItems = await db.studyItem.findMany({
    where: { studyId },
    select: {
      attentionCheck: true,
      item: { select: { id: true, ordinal: true, videoId: true, _count: { select: { queryPoints: true } } } },
    },
  });
  const byVideo = new Map<string, { itemIds: string[]; firstOrdinal: number; attentionOnly: boolean; asks: number }>();
  for (const si of studyItems) {
    const videoId = si.item.videoId;
    if (!videoId) continue;
    const v = byVideo.get(videoId) ?? { itemIds: [], firstOrdinal: Infinity, attentionOnly: true, asks: 0 };
    v.itemIds.push(si.item.id);
    v.firstOrdinal = Math.min(v.firstOrdinal, si.item.ordinal);
    v.attentionOnly &&= si.attentionCheck;
    v.asks += Math.max(1, si.item._count.queryPoints);
    byVideo.set(videoId, v);
  }
  return db.$transaction(
    async (tx) => {
      // Only a per-video limit is shared by the study's participants: without one, assignments
      // need not wait for each other.
      if (databaseTarget().provider === "postgresql" && settings.participantsPerVideo !== null) {
        await tx.$queryRawUnsafe(`SELECT "id" FROM "Study" WHERE "id" = $1 FOR UPDATE`, studyId);
      }
      const participant = await tx.studyParticipant.findUniqueOrThrow({ where: { id: participantId }, select: { userId: true, externalSource: true, externalId: true } });
      if (databaseTarget().provider === "postgresql") {
        // The same person consenting to two studies at once: their participant rows (every study,
        // same account or platform id), locked in one order, serialise the two assignments so the
        // second sees the first's sessions (seen-videos.ts).
        await tx.$queryRawUnsafe(
          `SELECT "id" FROM "StudyParticipant" WHERE "userId" = $1 OR ("externalSource" = $2 AND "externalId" = $3) ORDER BY "id" FOR UPDATE`,
          participant.userId,
          participant.externalSource,
          participant.externalId,
        );
      }
      const [counts, mine, conflicts, seen] = await Promise.all([
        tx.baselineSession.groupBy({ by: ["videoId"], where: { studyId, status: { not: "ABANDONED" } }, _count: { _all: true } }),
        tx.baselineSession.findMany({ where: { studyId, participantId }, select: { videoId: true } }),
        conflictItemIds(tx, participant.userId, studyItems.map((si) => si.item.id)),
        settings.excludeSeenVideos ? seenVideoIds(tx, participant, studyId, [...byVideo.keys()]) : new Set<string>(),
      ]);
      const assigned = new Map(counts.map((c) => [c.videoId, c._count._all]));
      const videos: AssignableVideo[] = [...byVideo].map(([videoId, v]) => ({
        videoId,
        itemIds: v.itemIds,
        firstOrdinal: v.firstOrdinal,
        attentionOnly: v.attentionOnly,
        assignedCount: assigned.get(videoId) ?? 0,
      }));
      const result = chooseVideos({
        videos,
        conflictItemIds: conflicts,
        seenElsewhere: seen,
        alreadyAssigned: new Set(mine.map((m) => m.videoId)),
        participantsPerVideo: settings.participantsPerVideo,
        capPerParticipant: settings.capPerParticipant,
      });
      const base = Date.now();
      const created: string[] = [];
      for (const [i, videoId] of result.newVideoIds.entries()) {
        const session = await tx.baselineSession.create({
          data: {
            studyId,
            participantId,
            videoId,
            signingKey: randomBytes(32).toString("base64url"),
            unlockedIndex: study.protocol === "STREAMING" ? 0 : byVideo.get(videoId)!.asks,
            // startedAt orders a participant's sessions (watched in this order).
            startedAt: new Date(base + i),
            lastSeenAt: new Date(base + i),
          },
          select: { id: true },
        });
        created.push(session.id);
      }
      return { created, conflicted: result.conflicted, seen: result.seen };
    },
    { timeout: 30_000, maxWait: 30_000 },
  );
}

