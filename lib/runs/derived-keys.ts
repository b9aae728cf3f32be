/**
 * Names of the stored results (DerivedResult, lib/derived) computed from one model run, so that
 * the code deleting a run (lib/runs/run-queries.ts) and the code computing them
 * (lib/leaderboard/build-leaderboard.ts) agree on them.
 */

/** Kind of the leaderboard's bootstrap intervals of one run. */
export const LEADERBOARD_CI = "leaderboard.ci";

/** Every stored result of run `runId` has a key starting with this. */
export const runDerivedKeyPrefix = (runId: string) => `${LEADERBOARD_CI}:${runId}:`;
