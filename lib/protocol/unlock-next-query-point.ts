import "server-only";
import type { DbTx } from "@/lib/audit/audit";
import { HttpError } from "@/lib/http/http-error";

/**
 * Advances a session by one answered ask: a compare-and-set on BaselineSession.version that also
 * requires the caller's tab to hold the lease (activeTabId), the session to be ACTIVE and the
 * answered index to be the one the caller saw. Streaming: answeredIndex and unlockedIndex move
 * together (answer-to-resume), which withdraws the answered stretch and releases the next one.
 * Free rewatch: answeredIndex counts answers - 1 (all asks stay unlocked).
 * Zero rows updated means someone else moved first: 409, nothing changed.
 */
export async function unlockNextQueryPoint(
  tx: DbTx,
  args: {
    sessionId: string;
    version: number;
    tabId: string;
    answeredIndex: number;
    protocol: "STREAMING" | "FREE_REWATCH";
    askCount: number;
    now: Date;
  },
): Promise<{ completed: boolean; version: number }> {
  const answered = args.answeredIndex + 1;
  const completed = answered >= args.askCount - 1;
  const result = await tx.baselineSession.updateMany({
    where: {
      id: args.sessionId,
      version: args.version,
      activeTabId: args.tabId,
      answeredIndex: args.answeredIndex,
      status: "ACTIVE",
    },
    data: {
      answeredIndex: answered,
      unlockedIndex: args.protocol === "STREAMING" ? answered + 1 : args.askCount,
      version: args.version + 1,
      lastSeenAt: args.now,
      ...(completed ? { status: "COMPLETED" as const, finishedAt: args.now } : {}),
    },
  });
  if (result.count !== 1) {
    throw new HttpError(409, "This session changed in the meantime (another tab or a repeated submit). Reload to continue.", "conflict");
  }
  return { completed, version: args.version + 1 };
}
