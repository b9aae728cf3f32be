import "server-only";
import { randomBytes } from "node:crypto";
import { newId } from "@/lib/db/new-id";
import { databaseTarget } from "@/lib/db/database-url";
import { directSql } from "@/lib/db/prisma";
import { parseStudySettings } from "@/lib/protocol/study-settings";
import { chooseVideos, type AssignableVideo } from "./assignment";
import { conflictItemIds } from "./conflicts";
import { seenVideoIds, type Person } from "./seen-videos";

type StudyVideos = Map<string, { itemIds: string[]; firstOrdinal: number; attentionOnly: boolean; asks: number }>;

/** The study as the caller read it (its protocol and settings are frozen once it is open). */
export type AssignedStudy = { id: string; protocol: string; settingsText: string };

/** The participant row (id) and who it is: its account and platform id never change. */
export type AssignedParticipant = Person & { id: string };

export type Assignment = {
  /** Sessions created now, in watching order. */
  created: string[];
  conflicted: string[];
  seen: string[];
  /** The participant had sessions in the study before (any status). */
  hadSessions: boolean;
};

/**
 * Gives a participant their videos (assignment.ts rules: conflicts of interest, videos received in
 * other studies, limits, balance) and creates one BaselineSession per
 * video, each with its own signing key. Idempotent. Runs in a transaction that, when the study
 * limits participants per video, locks the study row on PostgreSQL (`SELECT ... FOR UPDATE`), so
 * concurrent participants cannot both take the last free slot (SQLite serialises write
 * transactions); without a limit, concurrent assignments only balance approximately.
 * Sessions whose status is ABANDONED do not hold a slot: their video goes to someone else.
 *
 * The caller passes the study and the participant as it read them (consent.ts reads both in its
 * first statement): they are not read again here.
 *
 * Direct statements (lib/db/direct-sql.ts): every participant of a launch consents within seconds,
 * and on SQLite an open transaction holds the process's one connection, so every other request's
 * statement waits for it. Through the ORM the transaction's dozen statements each took an
 * event-loop turn of their own; here they run back to back and the transaction is over in a
 * fraction of a millisecond.
 */
export async function assignParticipant(study: AssignedStudy, participant: AssignedParticipant): Promise<Assignment> {
  // The study's protocol, items and per-video limit are frozen once it is open (participants
  // consent only then): read before the transaction, which then holds its connection (and, with a
  // limit, the study's lock) for fewer statements.
  const studyId = study.id;
  const participantId = participant.id;
  const settings = parseStudySettings(JSON.parse(study.settingsText));
  const byVideo = await studyVideos(studyId);
  const postgres = databaseTarget().provider === "postgresql";
  return directSql.transaction(async (tx) => {
    // Only a per-video limit is shared by the study's participants: without one, assignments
    // need not wait for each other.
    if (postgres && settings.participantsPerVideo !== null) await tx.query`SELECT "id" FROM "Study" WHERE "id" = ${studyId} FOR UPDATE`;
    if (postgres) {
      // The same person consenting to two studies at once: their participant rows (every study,
      // same account or platform id), locked in one order, serialise the two assignments so the
      // second sees the first's sessions (seen-videos.ts).
      await tx.query`
        SELECT "id" FROM "StudyParticipant" WHERE "userId" = ${participant.userId}
          OR ("externalSource" = ${participant.externalSource} AND "externalId" = ${participant.externalId})
        ORDER BY "id" FOR UPDATE`;
    }
    // Per video: the sessions holding a slot (every status but ABANDONED), and whether one is this participant's (any status).
    const counts = await tx.query<{ videoId: string; n: unknown; mine: unknown }[]>`
      SELECT "videoId", SUM(CASE WHEN "status" <> 'ABANDONED' THEN 1 ELSE 0 END) AS "n",
        SUM(CASE WHEN "participantId" = ${participantId} THEN 1 ELSE 0 END) AS "mine"
      FROM "BaselineSession" WHERE "studyId" = ${studyId} GROUP BY "videoId"`;
    const mine = counts.filter((c) => Number(c.mine) > 0);
    const conflicts = await conflictItemIds(tx, participant.userId, studyId);
    const seen = settings.excludeSeenVideos ? await seenVideoIds(tx, participant, studyId) : new Set<string>();
    const assigned = new Map(counts.map((c) => [c.videoId, Number(c.n)]));
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
      const id = newId();
      // startedAt orders a participant's sessions (watched in this order).
      const at = new Date(base + i);
      await tx.execute`
        INSERT INTO "BaselineSession" ("id", "studyId", "participantId", "videoId", "status", "unlockedIndex", "answeredIndex", "version", "signingKey", "startedAt", "lastSeenAt")
        VALUES (${id}, ${studyId}, ${participantId}, ${videoId}, 'ACTIVE', ${study.protocol === "STREAMING" ? 0 : byVideo.get(videoId)!.asks}, ${-1}, ${0},
          ${randomBytes(32).toString("base64url")}, ${at}, ${at})`;
      created.push(id);
    }
    return { created, conflicted: result.conflicted, seen: result.seen, hadSessions: mine.length > 0 };
  });
}

/** The study's videos: their items, the first item's ordinal, whether only attention checks use them, and how many answers they ask. */
async function studyVideos(studyId: string): Promise<StudyVideos> {
  const rows = await directSql.query<{ itemId: string; attentionCheck: unknown; ordinal: unknown; videoId: string | null; queryPoints: unknown }[]>`
    SELECT i."id" AS "itemId", si."attentionCheck", i."ordinal", i."videoId",
      (SELECT COUNT(*) FROM "QueryPoint" q WHERE q."itemId" = i."id") AS "queryPoints"
    FROM "StudyItem" si JOIN "Item" i ON i."id" = si."itemId" WHERE si."studyId" = ${studyId}`;
  const byVideo: StudyVideos = new Map();
  for (const row of rows) {
    if (!row.videoId) continue;
    const v = byVideo.get(row.videoId) ?? { itemIds: [], firstOrdinal: Infinity, attentionOnly: true, asks: 0 };
    v.itemIds.push(row.itemId);
    v.firstOrdinal = Math.min(v.firstOrdinal, Number(row.ordinal));
    v.attentionOnly &&= row.attentionCheck === true || row.attentionCheck === 1;
    v.asks += Math.max(1, Number(row.queryPoints));
    byVideo.set(row.videoId, v);
  }
  return byVideo;
}
