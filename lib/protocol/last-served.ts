import "server-only";
import { db } from "@/lib/db/prisma";

/**
 * The highest segment index of [first, last] (last null: no upper bound) already served (with
 * bytes) to a session, or null.
 * A streaming session is served each segment at most once: a reload or a second tab resumes after
 * this segment instead of replaying the stretch.
 */
export async function lastServedSegment(sessionId: string, first: number, last: number | null): Promise<number | null> {
  if (last !== null && last < first) return null;
  const row = await db.segmentServe.findFirst({
    where: { sessionId, allowed: true, segmentIndex: last === null ? { gte: first } : { gte: first, lte: last } },
    orderBy: { segmentIndex: "desc" },
    select: { segmentIndex: true },
  });
  return row?.segmentIndex ?? null;
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
