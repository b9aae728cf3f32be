import "server-only";
import { writeFileSync } from "node:fs";
import { basename } from "node:path";
import { scoreEcBench, type EcBenchSummary, type EcGroupSummary, type EcRow, type EcVariant } from "@/lib/metrics/ecbench";
import { DEFAULT_CLIP_PARSER, type ClipParser } from "@/lib/metrics/parse-time";
import { ecClips, ecColumns, ecJudged, ecSkipProblems, isEcColumnsError, type EcColumns } from "@/lib/scoring/ecbench";
import { EC_CATEGORY_NAMES } from "@/lib/benchmarks/ecbench/parse";
import { readCsvTable, type CsvRow } from "@/lib/scoring/csv";
import { FileReadError, readTextFile } from "@/lib/scoring/read-lines";
import { ProblemLog } from "@/lib/scoring/problem-log";
import type { ScoreCliOptions, ScoreCliOutput } from "./types";

/**
 * Native-file scorer for EC-Bench, mirroring the reference
 * `close_models/evaluation/evaluate.py` + `judge_core.py` (@601ddae) for one answer column.
 *
 * Truth: the benchmark's `dataset.csv` (columns video_url, video_id, video_type,
 * question_id, question_type, task_type, question, clips, answer, count_details;
 * multi-line quoted cells; video_url only on each video's first row).
 * Predictions: that CSV (or any CSV with `question_id`) with an answer column, named by
 * `--answer-column` or detected as the reference does (`*_A`, not `A`/`answer`; the first
 * is used when there are several), and optionally
 * - a clips column (`--clips-column`, else `<name>_clips` where `<name>_A` is the answer
 *   column): predicted evidence spans, scored by tIoU against the truth `clips`;
 * - judged counts `<name>_tp`, `<name>_fp`, `<name>_fn` (all three columns): TP/FP/FN of
 *   each enumeration row decided by people or an external judge (the reference uses an
 *   LLM judge); rows without valid counts use the deterministic matcher
 *   (`normalizedItemMatcher`: case/punctuation/whitespace/article-insensitive, one-to-one).
 * Rows are joined on question_id (and video_id when both files have it). Truth answers
 * always come from the truth file.
 *
 * Clip cells are read as the reference does (`parseClipListReference`: every strict
 * `H:MM:SS` of the cell paired in order) unless `clipParser: "lenient"` opts into the
 * repairing parser (`parseClipList`), which reports each repaired, unreadable or reversed
 * clip as a problem (identical on well-formed cells; 32 of the real file's 1,699 truth
 * cells differ).
 * `variant: "paper"`: hull tIoU and complete-list enumeration accuracy (see
 * `lib/metrics/ecbench.ts`).
 * Problems (never thrown): malformed CSV records, unknown / duplicate / mismatched ids,
 * missing predictions, blank answers (skipped, as the reference), unreadable clips,
 * invalid judged counts. Fatal (FileReadError): unreadable file, missing required column,
 * no answer column.
 */
export type EcbenchCliOptions = ScoreCliOptions & {
  clipParser?: ClipParser;
  /** Seconds added to clip ends before tIoU (see `EcScoreOptions.endPadding`); default 0. */
  clipEndPadding?: number;
};

type CsvFile = { name: string; columns: string[]; rows: CsvRow[] };

const TRUTH_REQUIRED = ["question_id", "task_type", "answer"];

function readCsv(path: string, problems: ProblemLog): CsvFile {
  const name = basename(path);
  const text = readTextFile(path);
  let table;
  try {
    table = readCsvTable(text, name);
  } catch (err) {
    throw new FileReadError(path, `not a readable CSV file (${(err as Error).message})`);
  }
  problems.addAll(table.problems);
  if (table.columns.length === 0) throw new FileReadError(path, "empty CSV file (no header)");
  return { name, columns: table.columns, rows: table.rows };
}

function summaryPadding(v: unknown): number {
  const n = Number(v ?? 0);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** The prediction columns (lib/scoring/ecbench.ts); a missing named column or no answer column is fatal. */
function predictionColumns(file: CsvFile, opts: EcbenchCliOptions, problems: ProblemLog): EcColumns {
  const cols = ecColumns(file.columns, { answerColumn: opts.answerColumn, clipsColumn: opts.clipsColumn });
  const list = file.columns.join(", ");
  if (isEcColumnsError(cols)) {
    if (cols.kind === "no_answer_column") throw new FileReadError(opts.preds, `no answer column: name one with --answer-column or add a "<model>_A" column (columns: ${list})`);
    throw new FileReadError(opts.preds, `${cols.kind === "answer_missing" ? "answer" : "clips"} column "${cols.column}" not found (columns: ${list})`);
  }
  if (cols.detected.length > 1) {
    problems.add({
      code: "multiple_answer_columns",
      message: `${file.name} has several answer columns (${cols.detected.join(", ")}); scoring "${cols.answerColumn}" (choose with --answer-column)`,
    });
  }
  return cols;
}

/** Scores files; see the module comment. */
export async function scoreFiles(opts: EcbenchCliOptions): Promise<ScoreCliOutput> {
  const problems = new ProblemLog();
  const variant: EcVariant = opts.variant ?? "reference";
  const clipParser = opts.clipParser ?? DEFAULT_CLIP_PARSER;
  const truth = readCsv(opts.truth, problems);
  const missingCols = TRUTH_REQUIRED.filter((c) => !truth.columns.includes(c));
  if (missingCols.length) throw new FileReadError(opts.truth, `missing column(s) ${missingCols.join(", ")} (columns: ${truth.columns.join(", ")})`);
  const preds = readCsv(opts.preds, problems);
  if (!preds.columns.includes("question_id")) throw new FileReadError(opts.preds, `missing column question_id (columns: ${preds.columns.join(", ")})`);
  const cols = predictionColumns(preds, opts, problems);
  const { answerColumn, clipsColumn, judgedColumns: judgedCols, hasJudged } = cols;
  const modelName = cols.model;

  // Truth rows by question_id (first wins).
  const truthById = new Map<string, CsvRow>();
  for (const row of truth.rows) {
    const id = (row.cells.question_id ?? "").trim();
    if (!id) {
      problems.add({ code: "missing_id", line: row.line, field: "question_id", message: `line ${row.line} of ${truth.name}: no question_id; row ignored` });
      continue;
    }
    if (truthById.has(id)) {
      problems.add({ code: "duplicate_id", line: row.line, id, message: `line ${row.line} of ${truth.name}: question_id ${id} repeats line ${truthById.get(id)!.line}; ignored` });
      continue;
    }
    truthById.set(id, row);
  }
  if (truthById.size === 0) throw new FileReadError(opts.truth, "no usable truth row");

  const predById = new Map<string, CsvRow>();
  for (const row of preds.rows) {
    const id = (row.cells.question_id ?? "").trim();
    if (!id) {
      problems.add({ code: "missing_id", line: row.line, field: "question_id", message: `line ${row.line} of ${preds.name}: no question_id; row ignored` });
      continue;
    }
    const t = truthById.get(id);
    if (!t) {
      problems.add({ code: "unknown_id", line: row.line, id, message: `line ${row.line} of ${preds.name}: question_id ${id} is not in the truth file; ignored` });
      continue;
    }
    if (predById.has(id)) {
      problems.add({ code: "duplicate_id", line: row.line, id, message: `line ${row.line} of ${preds.name}: question_id ${id} repeats line ${predById.get(id)!.line}; ignored` });
      continue;
    }
    const pv = (row.cells.video_id ?? "").trim();
    const tv = (t.cells.video_id ?? "").trim();
    if (pv && tv && pv !== tv) {
      problems.add({ code: "id_mismatch", line: row.line, id, field: "video_id", message: `line ${row.line} of ${preds.name}: question ${id} has video_id ${pv} but the truth says ${tv}; ignored` });
      continue;
    }
    predById.set(id, row);
  }

  const rows: EcRow[] = [];
  let missing = 0;
  for (const [id, t] of truthById) {
    const p = predById.get(id);
    if (!p) {
      missing += 1;
      problems.add({ code: "missing_prediction", id, message: `question ${id} (line ${t.line} of ${truth.name}) has no prediction row; not scored` });
      continue;
    }
    const taskType = (t.cells.task_type ?? "").trim();
    const row: EcRow = {
      questionId: id,
      videoId: t.cells.video_id,
      category: t.cells.question_type,
      genre: t.cells.video_type,
      taskType,
      truthAnswer: t.cells.answer,
      predictionAnswer: p.cells[answerColumn],
    };
    if (taskType !== "Counting" && taskType !== "Enumeration") {
      problems.add({ code: "unsupported_task_type", line: t.line, id, field: "task_type", message: `line ${t.line} of ${truth.name}: task_type "${taskType}" is neither Counting nor Enumeration; not scored (as the reference)` });
    }
    const at = { line: p.line, file: preds.name, id };
    if (clipsColumn) {
      row.truthClips = ecClips(t.cells.clips, clipParser, "clips", { line: t.line, file: truth.name, id }, problems);
      row.predictionClips = ecClips(p.cells[clipsColumn], clipParser, clipsColumn, at, problems);
    }
    const judged = ecJudged(p.cells, cols, taskType === "Enumeration", at, problems);
    if (judged) row.judged = judged;
    rows.push(row);
  }

  const { summary, details } = scoreEcBench(rows, { variant, endPadding: summaryPadding(opts.clipEndPadding) });
  ecSkipProblems(summary, answerColumn, "row(s)", problems);
  if (opts.perQuestionOut) {
    writeFileSync(opts.perQuestionOut, details.map((d) => JSON.stringify(d)).join("\n") + (details.length ? "\n" : ""));
  }
  const result: Record<string, unknown> = {
    benchmark: "ecbench",
    model: modelName,
    answer_column: answerColumn,
    clips_column: clipsColumn ?? null,
    judged_columns: hasJudged ? judgedCols : null,
    clip_parser: clipParser,
    clip_end_padding: summaryPadding(opts.clipEndPadding),
    ...summary,
    truth_rows: truthById.size,
    missing_predictions: missing,
    problem_counts: problems.counts,
    problems_omitted: problems.omitted,
  };
  return { result, problems: problems.list };
}

const num = (v: unknown, digits = 2): string => (typeof v === "number" && Number.isFinite(v) ? v.toFixed(digits) : "N/A");

/**
 * Tables shaped like the paper's: Table 2 (accuracy % per reasoning category A–F and
 * overall, Enumeration and Counting rows), Table 3 (per genre), then counting MAE/RMSE,
 * enumeration precision/recall/F1, agreement and complete rates, and evidence mIoU.
 */
export function formatTable(result: Record<string, unknown>): string {
  const r = result as Partial<EcBenchSummary> & Record<string, unknown>;
  const cats = (r.by_category ?? {}) as Record<string, EcGroupSummary>;
  const genres = (r.by_genre ?? {}) as Record<string, EcGroupSummary>;
  const rule = "=".repeat(96);
  const out: string[] = [rule, `  EC-Bench results: ${String(r.model ?? "")}  (variant: ${String(r.variant ?? "reference")}, enumeration accuracy = ${r.variant === "paper" ? "complete list" : "precision = 1"})`, rule];
  const catKeys = [...new Set([...Object.keys(EC_CATEGORY_NAMES), ...Object.keys(cats)])].sort();
  const colW = 16;
  const head = (keys: string[], label: (k: string) => string) =>
    `  ${"Task".padEnd(12)}` + keys.map((k) => label(k).slice(0, colW - 1).padStart(colW)).join("") + "Overall".padStart(colW);
  const line = (
    title: string,
    keys: string[],
    groups: Record<string, EcGroupSummary>,
    pick: (g: EcGroupSummary) => number,
    n: (g: EcGroupSummary) => number,
    total: number,
  ) => `  ${title.padEnd(12)}` + keys.map((k) => (groups[k] && n(groups[k]) > 0 ? num(pick(groups[k]), 2) : "-").padStart(colW)).join("") + num(total, 2).padStart(colW);
  const nEnum = (g: EcGroupSummary) => g.enumeration_total;
  const nCount = (g: EcGroupSummary) => g.counting_total;
  const nBoth = (g: EcGroupSummary) => g.enumeration_total + g.counting_total;
  const enumTotal = r.variant === "paper" ? r.enumeration_complete_rate_percent : r.enumeration_agreement_rate_percent;
  out.push("  Accuracy (%) by reasoning category (paper Table 2)");
  out.push(head(catKeys, (k) => `${k} ${EC_CATEGORY_NAMES[k] ?? ""}`.trim()));
  out.push(line("Enumeration", catKeys, cats, (g) => g.enumeration_accuracy_percent, nEnum, Number(enumTotal)));
  out.push(line("Counting", catKeys, cats, (g) => g.counting_match_rate_percent, nCount, Number(r.counting_match_rate_percent)));
  out.push(line("Both", catKeys, cats, (g) => g.overall_accuracy_percent, nBoth, Number(r.overall_accuracy_percent)), "");
  const genreKeys = Object.keys(genres).sort();
  out.push("  Accuracy (%) by video genre (paper Table 3)");
  out.push(head(genreKeys, (k) => k));
  out.push(line("Enumeration", genreKeys, genres, (g) => g.enumeration_accuracy_percent, nEnum, Number(enumTotal)));
  out.push(line("Counting", genreKeys, genres, (g) => g.counting_match_rate_percent, nCount, Number(r.counting_match_rate_percent)), "");
  out.push(rule);
  out.push(
    `  Counting     n=${r.counting_total ?? 0}  exact match ${num(r.counting_match_rate_percent)}%  MAE ${num(r.counting_mae, 3)}  RMSE ${num(r.counting_rmse, 3)}`,
    `  Enumeration  n=${r.enumeration_total ?? 0}  P ${num(r.enumeration_precision, 4)}  R ${num(r.enumeration_recall, 4)}  F1 ${num(r.enumeration_f1, 4)}  agreement ${num(r.enumeration_agreement_rate_percent)}%  complete ${num(r.enumeration_complete_rate_percent)}%  (judged rows ${r.enumeration_judged_count ?? 0})`,
    `  Evidence     mIoU ${num(r.clip_miou, 4)} (${r.variant === "paper" ? "hull" : "union"}; union ${num(r.clip_miou_union, 4)}, hull ${num(r.clip_miou_hull, 4)}; ${r.clip_iou_count ?? 0} questions)`,
    `  Overall accuracy ${num(r.overall_accuracy_percent)}%   skipped: ${r.skipped_blank_prediction ?? 0} blank answers, ${r.missing_predictions ?? 0} without prediction row`,
  );
  const pc = Object.entries((r.problem_counts ?? {}) as Record<string, number>);
  if (pc.length > 0) out.push("", "Problems: " + pc.map(([k, n]) => `${k} ${n}`).join(", "));
  return out.join("\n");
}
