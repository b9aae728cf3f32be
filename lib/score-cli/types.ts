import type { Problem } from "@/lib/metrics/problems";

/**
 * Options shared by every native-file scorer adapter (`lib/score-cli/<benchmark>.ts`),
 * filled from the command line by `scripts/score.ts`.
 *
 * - `truth`: path of the benchmark's ground-truth file in its native format.
 * - `preds`: path of the predictions file.
 * - `answerColumn`: name of the prediction column/field holding the answer, when the
 *   format allows a choice (`--answer-column`).
 * - `clipsColumn`: name of the column holding clip ids, when relevant (`--clips-column`).
 * - `variant`: `"reference"` (default) mirrors the benchmark's released evaluation code;
 *   `"paper"` follows the paper's definitions where the two differ (`--variant paper`).
 *
 * Every adapter exports
 * `scoreFiles(opts: ScoreCliOptions): Promise<ScoreCliOutput>` and
 * `formatTable(result: Record<string, unknown>): string`.
 */
export type ScoreCliOptions = {
  truth: string;
  preds: string;
  answerColumn?: string;
  clipsColumn?: string;
  variant?: "reference" | "paper";
  /**
   * Optional path to which an adapter may write per-question results (JSONL, one object
   * a line). Adapters that do not support it ignore it (`--per-question FILE`).
   */
  perQuestionOut?: string;
  /**
   * Called when a phase of the work ends (`"read truth"`, `"read predictions"`, `"score"`),
   * for `--timings`. Adapters that do not report phases ignore it.
   */
  onPhase?: (phase: string) => void;
};

/** What every adapter's `scoreFiles` resolves to. */
export type ScoreCliOutput = {
  result: Record<string, unknown>;
  problems: Problem[];
};
