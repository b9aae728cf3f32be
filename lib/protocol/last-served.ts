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
