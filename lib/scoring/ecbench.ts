/**
 * EC-Bench prediction rules (PURE), the one place both the command-line scorer
 * (`lib/score-cli/ecbench.ts`) and uploaded runs (`lib/runs/parse-ecbench.ts`,
 * `score-ecbench.ts`) read them from, as the reference `evaluate.py` + `judge_core.py`:
 * - the answer column: named, or detected as `*_A` other than `A`/`answer` (the first
 *   when there are several); the model name is the column without `_A`;
 * - the clips column: named, or `<model>_clips`; cells read with the clip parser in effect
 *   (reference by default; lenient repairs reported per cell);
 * - judged counts `<model>_tp/_fp/_fn` (all three columns): non-negative integers, else the
 *   deterministic matcher is used (reported);
 * - skipped rows (blank answer or truth, as the reference) reported once each.
 * Error and problem wording that names a command-line flag or an API field stays in the shells.
 */
import type { EcBenchSummary } from "@/lib/metrics/ecbench";
import type { Interval } from "@/lib/metrics/intervals";
import { parseClipCell, type ClipParser } from "@/lib/metrics/parse-time";
import type { ProblemLog } from "./problem-log";

/** The columns of a prediction file, as the reference finds them. */
export type EcColumns = {
  answerColumn: string;
  model: string;
  clipsColumn?: string;
  judgedColumns: string[];
  hasJudged: boolean;
  /** Every detected answer column when there were several (the first is scored). */
  detected: string[];
};

/** Why the columns cannot be used: a named column is missing, or no answer column was found. */
export type EcColumnsError = { kind: "answer_missing" | "clips_missing"; column: string } | { kind: "no_answer_column" };

/** Detects the answer, clips and judged columns; an error when a named one is missing or none is found. */
export function ecColumns(columns: readonly string[], named: { answerColumn?: string; clipsColumn?: string }): EcColumns | EcColumnsError {
  let answerColumn: string;
  let detected: string[] = [];
  if (named.answerColumn) {
    if (!columns.includes(named.answerColumn)) return { kind: "answer_missing", column: named.answerColumn };
    answerColumn = named.answerColumn;
  } else {
    detected = columns.filter((c) => c.endsWith("_A") && c !== "A" && c !== "answer");
    if (detected.length === 0) return { kind: "no_answer_column" };
    answerColumn = detected[0];
  }
  const model = answerColumn.endsWith("_A") ? answerColumn.slice(0, -2) : answerColumn;
  let clipsColumn: string | undefined;
  if (named.clipsColumn) {
    if (!columns.includes(named.clipsColumn)) return { kind: "clips_missing", column: named.clipsColumn };
    clipsColumn = named.clipsColumn;
  } else if (columns.includes(`${model}_clips`)) clipsColumn = `${model}_clips`;
  const judgedColumns = ["tp", "fp", "fn"].map((k) => `${model}_${k}`);
  return { answerColumn, model, clipsColumn, judgedColumns, hasJudged: judgedColumns.every((c) => columns.includes(c)), detected: detected.length > 1 ? detected : [] };
}

export function isEcColumnsError(v: EcColumns | EcColumnsError): v is EcColumnsError {
  return "kind" in v;
}

function count(v: string | undefined): number | null {
  if (v === undefined) return null;
  const t = v.trim();
  return /^\d+$/.test(t) ? Number(t) : null;
}

/** Judged counts of an enumeration row (one form of lib/metrics `JudgedMatch`). */
export type JudgedCounts = { tp: number; fp: number; fn: number };

/** A row's place, for problem messages: `line L of FILE` and the question id. */
export type EcRowPlace = { line: number; file: string; id: string };

/**
 * The judged TP/FP/FN of an enumeration row with a non-blank answer, or undefined (no judged
 * columns, blank answer, or invalid counts: reported, the deterministic matcher decides).
 */
export function ecJudged(cells: Readonly<Record<string, string>>, cols: EcColumns, isEnumeration: boolean, at: EcRowPlace, problems: ProblemLog): JudgedCounts | undefined {
  if (!cols.hasJudged || !isEnumeration || (cells[cols.answerColumn] ?? "").trim() === "") return undefined;
  const [tp, fp, fn] = cols.judgedColumns.map((c) => count(cells[c]));
  if (tp !== null && fp !== null && fn !== null) return { tp, fp, fn };
  if (cols.judgedColumns.some((c) => (cells[c] ?? "").trim() !== "")) {
    problems.add({ code: "invalid_judgement", line: at.line, id: at.id, message: `line ${at.line} of ${at.file}: judged counts ${cols.judgedColumns.join("/")} must be non-negative integers; the deterministic matcher is used instead` });
  }
  return undefined;
}

/** A clip cell read with `parser`; each lenient repair reported as `line L of FILE (question ID, FIELD): …`. */
export function ecClips(cell: string | undefined, parser: ClipParser, field: string, at: EcRowPlace, problems: ProblemLog): Interval[] {
  const r = parseClipCell(cell ?? "", parser, { line: at.line, id: at.id, field });
  for (const p of r.problems) problems.add({ ...p, message: `line ${at.line} of ${at.file} (question ${at.id}, ${field}): ${p.message}` });
  return r.intervals;
}

/** The `blank_answer` / `blank_truth` problems of a summary (rows skipped as the reference does). */
export function ecSkipProblems(summary: EcBenchSummary, answerLabel: string, truthLabel: string, problems: ProblemLog): void {
  if (summary.skipped_blank_prediction > 0) {
    problems.add({ code: "blank_answer", message: `${summary.skipped_blank_prediction} row(s) have a blank ${answerLabel} and were skipped (as the reference)` });
  }
  if (summary.skipped_blank_truth > 0) {
    problems.add({ code: "blank_truth", message: `${summary.skipped_blank_truth} ${truthLabel} have a blank truth answer and were skipped (as the reference)` });
  }
}
