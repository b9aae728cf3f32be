import "server-only";
import { db } from "@/lib/db/prisma";

/**
 * Appends one SegmentServe row: every request for a session's playlist, init segment, segments or
 * free-rewatch video, allowed or refused, with the reason (segment-access.ts RefusalReason or
 * "ok"). Requests naming a session that does not exist cannot be logged (no row to refer to).
 */
export async function logServe(sessionId: string, segmentIndex: number, allowed: boolean, reason: string, bytes = 0): Promise<void> {
  await db.segmentServe.create({ data: { sessionId, segmentIndex, allowed, reason, bytes } });
}
