import "server-only";
import { statSync } from "node:fs";
import { VCBENCH_SUBTYPES, type VcbenchVariant } from "@/lib/metrics/vcbench";
import { ProblemLog } from "@/lib/scoring/problem-log";
import { FileReadError } from "@/lib/scoring/read-lines";
import { readVcbenchPredictionFile, scoreVcbenchFilePredictions } from "@/lib/scoring/vcbench-files";
import { readVcbenchTruthFile } from "@/lib/scoring/vcbench-truth-file";
import { VcbenchResultWriter } from "./vcbench-result-writer";
import type { ScoreCliOptions, ScoreCliOutput } from "./types";

/**
 * Command-line adapter for VCBench: opens the files, hands them to the scorer in lib/scoring
 * (`readVcbenchTruthFile`, `readVcbenchPredictionFile`, `scoreVcbenchFilePredictions`; whose record reader is the same
 * one uploaded runs use: `lib/scoring/vcbench-reader.ts`), writes per-question results
 * (`--per-question`) and formats the tables.
 *
 * Truth: `vcbench_data.jsonl` (one question a line; only `id`, `counting_subtype` and
 * `query_points` are used). Predictions (JSONL, formats may be mixed line by line): unified
 * `{id, predictions, query_times?, gts?}` or per point `{id, query_time | query_index,
 * prediction | pred}`; `--answer-column NAME` names the field holding the prediction (per point)
 * or the list (unified). The rules and problems are listed in lib/scoring/vcbench-reader.ts.
 */

function inputBytes(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0; // the reader reports the error when the file is read
  }
}

/** Scores files; see the module comment. */
export async function scoreFiles(opts: ScoreCliOptions): Promise<ScoreCliOutput> {
  const variant: VcbenchVariant = opts.variant ?? "reference";
  const problems = new ProblemLog();
  const truth = readVcbenchTruthFile(opts.truth, inputBytes(opts.truth), problems);
  if (truth.size === 0) throw new FileReadError(opts.truth, "no valid VCBench question in the truth file");
  opts.onPhase?.("read truth");
  const read = readVcbenchPredictionFile(truth, opts.preds, problems, { variant, answerColumn: opts.answerColumn });
  opts.onPhase?.("read predictions");
  const out = opts.perQuestionOut ? new VcbenchResultWriter(opts.perQuestionOut, truth.table) : null;
  let result: Record<string, unknown>;
  try {
    result = scoreVcbenchFilePredictions(truth, read, problems, out ? (q, score) => out.write(truth.entryOf.data[q], score) : undefined);
  } finally {
    out?.close();
  }
  opts.onPhase?.("score and write");
  return { result, problems: problems.list };
}

const pct = (v: unknown): string => (typeof v === "number" ? (v * 100).toFixed(1) : "-");

/**
 * Tables shaped like the paper's Tables 2 and 3 (values ×100, one decimal; "-" where a
 * metric does not apply or nothing was scored), followed by counts and problem totals.
 */
export function formatTable(result: Record<string, unknown>): string {
  const overall = (result.overall ?? {}) as Record<string, unknown>;
  const by = (result.by_subtype ?? {}) as Record<string, Record<string, unknown>>;
  type Group = [label: string, metrics: string[], source: Record<string, unknown> | undefined];
  const table = (groups: Group[]): string[] => {
    const widths = groups.map(([label, ms]) => Math.max(label.length, ms.length * 7 - 1));
    const cell = (g: Group, m: string) => pct(g[2]?.[m.toLowerCase()]).padStart(6);
    return [
      groups.map((g, i) => g[0].padEnd(widths[i])).join(" | "),
      groups.map((g, i) => g[1].map((m) => m.padStart(6)).join(" ").padStart(widths[i])).join(" | "),
      groups.map((g, i) => g[1].map((m) => cell(g, m)).join(" ").padStart(widths[i])).join(" | "),
    ];
  };
  const lines: string[] = [];
  lines.push(`VCBench (${String(result.variant ?? "reference")} variant), scores x100`);
  lines.push(
    ...table([
      ["Overall", ["GPA", "MoC", "UDA"], overall],
      ["O1-Snap", ["GPA", "UDA"], by["O1-Snap"]],
      ["O1-Delta", ["GPA"], by["O1-Delta"]],
      ["O2-Unique", ["GPA", "MoC", "UDA"], by["O2-Unique"]],
      ["O2-Gain", ["GPA"], by["O2-Gain"]],
    ]),
  );
  lines.push("");
  lines.push(...table(["E1-Action", "E1-Transit", "E2-Episode", "E2-Periodic"].map((e): Group => [e, ["GPA", "MoC", "UDA"], by[e]])));
  lines.push("");
  lines.push("Questions per subtype: " + VCBENCH_SUBTYPES.map((st) => `${st} ${by[st]?.n_questions ?? 0}`).join(", "));
  lines.push(
    `Scored questions ${overall.n_questions ?? 0} (GPA ${overall.gpa_n ?? 0}, MoC ${overall.moc_n ?? 0}, UDA ${overall.uda_n ?? 0}); ` +
      `query points ${overall.n_points ?? 0}, valid ${overall.n_valid_points ?? 0}, invalid ${overall.n_invalid_points ?? 0}, missing ${overall.n_missing_points ?? 0}; ` +
      `questions without prediction ${result.n_missing_questions ?? 0}`,
  );
  const counts = (result.problem_counts ?? {}) as Record<string, number>;
  const kinds = Object.entries(counts);
  if (kinds.length > 0) lines.push("Problems: " + kinds.map(([k, n]) => `${k} ${n}`).join(", "));
  return lines.join("\n");
}
