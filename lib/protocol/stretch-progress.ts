import "server-only";
import { directSql } from "@/lib/db/prisma";
import { sqlDate } from "@/lib/db/sql-date";
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
 * segments, and the restarts (claims, playlist requests) since it was unlocked; and when it was
 * unlocked (the previous answer's time, from Answer). ONE fixed, parameterised SELECT, the same
 * SQL for SQLite and PostgreSQL (this runs on every answer): the serves, and the previous answer
 * as one more row (`kind` 1).
 */
export async function stretchProgress(session: ParticipantSession): Promise<StretchProgress> {
  const { plan } = session.loaded;
  const stretch = currentStretch(plan, session);
  // No previous answer: the stretch is timed from the session's start (an answer key is never empty).
  const previousKey = session.answeredIndex >= 0 ? plan.asks[session.answeredIndex].answerKey : "";
  // An empty stretch asks for no segment ([1, 0] matches none) and counts no restart.
  const [first, last] = stretch.segments.length ? [stretch.first, stretch.last] : [1, 0];
  const rows = await directSql.query<{ kind: unknown; segmentIndex: unknown; at: unknown }[]>`
    SELECT 0 AS "kind", "segmentIndex", "at" FROM "SegmentServe"
    WHERE "sessionId" = ${session.id} AND "allowed" = ${true}
      AND (("segmentIndex" >= ${first} AND "segmentIndex" <= ${last})
        OR "segmentIndex" = ${SERVE_INDEX.playlist} OR "segmentIndex" = ${SERVE_INDEX.claim})
    UNION ALL
    SELECT 1 AS "kind", 0 AS "segmentIndex", "createdAt" AS "at" FROM "Answer"
    WHERE "sessionId" = ${session.id} AND "answerKey" = ${previousKey}`;
  const answeredAt = rows.find((x) => Number(x.kind) === 1);
  const unlockedAt = answeredAt ? sqlDate(answeredAt.at).getTime() : session.startedAt.getTime();
  const events = (stretch.segments.length ? rows.filter((x) => Number(x.kind) === 0) : [])
    .map((x) => ({ segmentIndex: Number(x.segmentIndex), at: sqlDate(x.at).getTime() }))
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
