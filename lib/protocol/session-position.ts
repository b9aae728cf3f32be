import "server-only";
import { db } from "@/lib/db/prisma";

/** "2 of 3": where a session stands among its participant's sessions (their watching order). */
export async function sessionPosition(participantId: string, sessionId: string): Promise<string> {
  const sessions = await db.baselineSession.findMany({
    where: { participantId },
    orderBy: [{ startedAt: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  return `${sessions.findIndex((s) => s.id === sessionId) + 1} of ${sessions.length}`;
}
