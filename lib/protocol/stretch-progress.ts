import "server-only";
import { directSql } from "@/lib/db/prisma";
import type { ParticipantSession } from "./load-session";
import { SERVE_INDEX } from "./serve-codes";
import { currentStretch, type Stretch } from "./stretch";
import { lostToRestart, stretchCoverage, type ServedSegment } from "./stretch-coverage";

export type StretchProgress = {
  stretch: Stretch;
  /** When the stretch was unlocked (ms): the previous answer's time, or the session's start. */
  unlockedAt: number;
  /** Its segments served since then, earliest first. */
  served: ServedSegment[];
  /** stretch-coverage.ts: `pending` (may still be served), `full`, or `lost` (never all shown). */
  coverage: "full" | "pending" | "lost";
};

/**
 * What the current stretch of a streaming session has been served, read from SegmentServe: its
 * segments, and the restarts (claims, playlist requests) since it was unlocked. Two fixed,
 * parameterised SELECTs, run together (this runs on every answer).
 */
export async function stretchProgress(session: ParticipantSession): Promise<StretchProgress> {
  const { plan } = session.loaded;
  const stretch = currentStretch(plan, session);
  const [unlockedAt, rows] = await Promise.all([
    unlockTime(session),
    stretch.segments.length
      ? directSql.query<{ segmentIndex: unknown; at: unknown }[]>`
          SELECT "segmentIndex", "at" FROM "SegmentServe"
          WHERE "sessionId" = ${session.id} AND "allowed" = ${true}
            AND (("segmentIndex" >= ${stretch.first} AND "segmentIndex" <= ${stretch.last})
              OR "segmentIndex" = ${SERVE_INDEX.playlist} OR "segmentIndex" = ${SERVE_INDEX.claim})`
      : Promise.resolve([]),
  ]);
  const events = rows
    .map((x) => ({ segmentIndex: Number(x.segmentIndex), at: (x.at instanceof Date ? x.at : new Date(String(x.at))).getTime() }))
    .filter((x) => x.at >= unlockedAt)
    .sort((a, b) => a.at - b.at);
  const byIndex = new Map(stretch.segments.map((s) => [s.index, s]));
  const served: ServedSegment[] = events.flatMap((e) => {
    const s = byIndex.get(e.segmentIndex);
    return s ? [{ index: s.index, at: e.at, mediaStartSec: s.mediaStartSec, mediaEndSec: s.mediaEndSec }] : [];
  });
  const restarts = events.filter((e) => e.segmentIndex === SERVE_INDEX.playlist || e.segmentIndex === SERVE_INDEX.claim).map((e) => e.at);
  let coverage = stretchCoverage(stretch, served.map((s) => s.index)).kind;
  if (coverage === "full" && lostToRestart(served, restarts, session.settings.playbackRate)) coverage = "lost";
  return { stretch, unlockedAt, served, coverage };
}

async function unlockTime(session: ParticipantSession): Promise<number> {
  if (session.answeredIndex < 0) return session.startedAt.getTime();
  const prev = session.loaded.plan.asks[session.answeredIndex];
  const rows = await directSql.query<{ createdAt: unknown }[]>`
    SELECT "createdAt" FROM "Answer" WHERE "sessionId" = ${session.id} AND "answerKey" = ${prev.answerKey}`;
  const at = rows[0]?.createdAt;
  if (at === undefined || at === null) return session.startedAt.getTime();
  return (at instanceof Date ? at : new Date(String(at))).getTime();
}
