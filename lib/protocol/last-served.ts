import "server-only";
import { directSql } from "@/lib/db/prisma";

/** The largest value of a 32-bit INTEGER column (the upper bound when there is none). */
const INT_MAX = 2_147_483_647;

/**
 * The highest segment index of [first, last] (last null: no upper bound) already served (with
 * bytes) to a session, or null.
 * A streaming session is served each segment at most once: a reload or a second tab resumes after
 * this segment instead of replaying the stretch.
 */
export async function lastServedSegment(sessionId: string, first: number, last: number | null): Promise<number | null> {
  if (last !== null && last < first) return null;
  // Direct statement (lib/db/direct-sql.ts): asked on every claim, i.e. by every participant of a launch.
  const [row] = await directSql.query<{ last: unknown }[]>`
    SELECT MAX("segmentIndex") AS "last" FROM "SegmentServe"
    WHERE "sessionId" = ${sessionId} AND "allowed" = ${true} AND "segmentIndex" >= ${first} AND "segmentIndex" <= ${last ?? INT_MAX}`;
  return row?.last === null || row?.last === undefined ? null : Number(row.last);
}

/**
 * {@link lastServedSegment} for [first, last] given `maxServed`, the highest segment index (>= 0)
 * ever served to the session (read together with its progress): no query unless a segment beyond
 * `last` was served (then the exact query decides).
 */
export async function lastServedInRange(sessionId: string, maxServed: number | null, first: number, last: number): Promise<number | null> {
  if (last < first || maxServed === null || maxServed < first) return null;
  if (maxServed <= last) return maxServed;
  return lastServedSegment(sessionId, first, last);
}
