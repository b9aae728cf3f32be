import "server-only";
import { db } from "@/lib/db/prisma";

/**
 * Advances a session by one answered ask: a compare-and-set on BaselineSession.version that also
 * requires the caller's tab to hold the lease (activeTabId), the session to be ACTIVE and the
 * answered index to be the one the caller saw. Streaming: answeredIndex and unlockedIndex move
 * together (answer-to-resume), which withdraws the answered stretch and releases the next one.
 * Free rewatch: answeredIndex counts answers - 1 (all asks stay unlocked).
 * The returned `update` is a database operation to run in one batch transaction with the Answer
 * insert (submit-answer.ts): when the compare-and-set matches no row it fails with P2025 (someone
 * else moved first: 409 there) and the whole batch is rolled back, nothing changed.
 */
export function unlockNextQueryPoint(args: {
  sessionId: string;
  version: number;
  tabId: string;
  answeredIndex: number;
  protocol: "STREAMING" | "FREE_REWATCH";
  askCount: number;
  now: Date;
}) {
  const answered = args.answeredIndex + 1;
  const completed = answered >= args.askCount - 1;
  const update = db.baselineSession.update({
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
    select: { id: true },
  });
  return { update, completed, version: args.version + 1 };
}
