/** Where a session's progress moves when its next ask is answered (record-answer.ts writes it). */
export type NextProgress = {
  answeredIndex: number;
  unlockedIndex: number;
  version: number;
  /** The ask answered was the last one. */
  completed: boolean;
  status: "ACTIVE" | "COMPLETED";
  /** `now` when completed, else null (finishedAt stays as it was). */
  finishedAt: Date | null;
};

/**
 * Advances a session by one answered ask. Streaming: answeredIndex and unlockedIndex move together
 * (answer-to-resume), which withdraws the answered stretch and releases the next one. Free rewatch:
 * answeredIndex counts answers - 1 (all asks stay unlocked). The version is bumped: record-answer.ts
 * writes this only by a compare-and-set on the version the caller saw, its tab's lease
 * (activeTabId), the answered index and ACTIVE, together with the Answer row.
 */
export function unlockNextQueryPoint(args: {
  version: number;
  answeredIndex: number;
  protocol: "STREAMING" | "FREE_REWATCH";
  askCount: number;
  now: Date;
}): NextProgress {
  const answeredIndex = args.answeredIndex + 1;
  const completed = answeredIndex >= args.askCount - 1;
  return {
    answeredIndex,
    unlockedIndex: args.protocol === "STREAMING" ? answeredIndex + 1 : args.askCount,
    version: args.version + 1,
    completed,
    status: completed ? "COMPLETED" : "ACTIVE",
    finishedAt: completed ? args.now : null,
  };
}
