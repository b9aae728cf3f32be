import "server-only";
import { db } from "@/lib/db/prisma";

const RESOLUTION_MS = 15_000;

/** Updates BaselineSession.lastSeenAt, at most every 15 s (abandonment is judged on it). */
export async function touchSession(session: { id: string; lastSeenAt: Date }, now = new Date()): Promise<void> {
  if (now.getTime() - session.lastSeenAt.getTime() < RESOLUTION_MS) return;
  await db.baselineSession.update({ where: { id: session.id }, data: { lastSeenAt: now } });
}
