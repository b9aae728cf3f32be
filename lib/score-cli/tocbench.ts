import "server-only";
import { basename, extname } from "node:path";
import { TOC_FORMATS, extractTocAnswer } from "@/lib/metrics/parse-answer";
import { TOC_RANDOM_CHANCE, scoreTocbench, type TocItem, type TocPrediction } from "@/lib/metrics/tocbench";
import { parseTocBenchFile } from "@/lib/metrics/tocbench-schema";
import { topLevelNumberLiteral } from "@/lib/scoring/json-literal";
import { FileReadError, decodeLine, forEachLineBytes, isBlankLine, malformedJsonProblem, readTextFile } from "@/lib/scoring/read-lines";
import { ProblemLog } from "@/lib/scoring/problem-log";
import type { ScoreCliOptions, ScoreCliOutput } from "./types";

/**
 * Native-file scorer for TOC-Bench, mirroring the reference `compute_metrics.py`
 * (@e4a10bc) for one predictions file.
 *
 * Truth: `answer_final.json` (`{..., items: [...]}`). Predictions: JSONL, one record per
 * item, `{qa_id, extracted_answer}` as written by the reference `eval_runner.py`, or
 * `{qa_id, raw_output}` / `{qa_id, raw_response}` whose text is run through the
 * reference answer extractor for the item's format. `--answer-column NAME` names the field
 * holding the answer: a string there is extracted (except for `extracted_answer`, which is
 * used as is, like the reference), any other value is used as the extracted answer.
 * As the reference: blank lines are skipped, the last record of a qa_id wins, items
 * without a prediction are not scored, a null answer is invalid and incorrect.
 * Unlike the reference (which skips them silently), malformed lines, records without
 * qa_id, unknown and duplicate qa_ids are reported as problems with line numbers.
 * `variant` has no effect: the paper and the code agree on every reported number.
 */

type PredRecord = { line: number; record: Record<string, unknown>; extractedLiteral?: string };

function lineColumn(text: string, position: number): string {
  let line = 1;
  let col = 1;
  for (let i = 0; i < position && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) { line += 1; col = 1; } else col += 1;
  }
  return `line ${line}, column ${col}`;
}

function readTruth(path: string): { items: TocItem[]; problems: ProblemLog } {
  const text = readTextFile(path);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const msg = (err as Error).message;
    const pos = /position (\d+)/.exec(msg);
    throw new FileReadError(path, `not valid JSON${pos ? ` at ${lineColumn(text, Number(pos[1]))}` : ""} (${msg})`);
  }
  const parsed = parseTocBenchFile(value);
  if (parsed.fatal) throw new FileReadError(path, parsed.fatal);
  const problems = new ProblemLog();
  problems.addAll(parsed.problems);
  if (parsed.items.length === 0) throw new FileReadError(path, "no valid TOC-Bench item in the truth file");
  return { items: parsed.items, problems };
}

function readPreds(path: string, problems: ProblemLog): Map<string, PredRecord> {
  const preds = new Map<string, PredRecord>();
  forEachLineBytes(path, (b, s, e, line) => {
    if (isBlankLine(b, s, e)) return;
    const text = decodeLine(b, s, e);
    let rec: unknown;
    try {
      rec = JSON.parse(text);
    } catch (err) {
      problems.add(malformedJsonProblem(line, err));
      return;
    }
    if (!rec || typeof rec !== "object" || Array.isArray(rec)) {
      problems.add({ code: "invalid_record", line, message: `line ${line}: expected a JSON object` });
      return;
    }
    const r = rec as Record<string, unknown>;
    const qa = r.qa_id;
    if (typeof qa !== "string" || qa === "") {
      problems.add({ code: "missing_id", line, field: "qa_id", message: `line ${line}: field "qa_id" must be a non-empty string (got ${JSON.stringify(qa) ?? "nothing"}); record skipped` });
      return;
    }
    let extractedLiteral: string | undefined;
    if (typeof r.extracted_answer === "number") extractedLiteral = topLevelNumberLiteral(text, "extracted_answer");
    const prev = preds.get(qa);
    if (prev) problems.add({ code: "duplicate_id", line, id: qa, field: "qa_id", message: `line ${line}: qa_id "${qa}" already predicted on line ${prev.line}; this later record is used (as the reference does)` });
    preds.set(qa, { line, record: r, extractedLiteral });
  });
  return preds;
}

function toPrediction(p: PredRecord, item: TocItem, answerColumn: string | undefined, problems: ProblemLog): TocPrediction {
  const r = p.record;
  const has = (k: string) => Object.prototype.hasOwnProperty.call(r, k);
  if (answerColumn && answerColumn !== "extracted_answer") {
    if (!has(answerColumn)) {
      problems.add({ code: "missing_field", line: p.line, id: item.qa_id, field: answerColumn, message: `line ${p.line}: field "${answerColumn}" is missing; answer counted as invalid` });
      return { extracted: null };
    }
    const v = r[answerColumn];
    return typeof v === "string" ? { extracted: extractTocAnswer(v, item.format) } : { extracted: v };
  }
  if (has("extracted_answer")) return { extracted: r.extracted_answer, numberLiteral: p.extractedLiteral };
  for (const k of ["raw_output", "raw_response"]) {
    if (has(k)) {
      const v = r[k];
      if (v !== null && typeof v !== "string") {
        problems.add({ code: "invalid_record", line: p.line, id: item.qa_id, field: k, message: `line ${p.line}: field "${k}" must be text; answer counted as invalid` });
        return { extracted: null };
      }
      return { extracted: extractTocAnswer(v, item.format) };
    }
  }
  problems.add({ code: "missing_field", line: p.line, id: item.qa_id, message: `line ${p.line}: record has no "extracted_answer", "raw_output" or "raw_response"; answer counted as invalid (as the reference does)` });
  return { extracted: null };
}

/** Scores files; see the module comment. */
export async function scoreFiles(opts: ScoreCliOptions): Promise<ScoreCliOutput> {
  const { items, problems } = readTruth(opts.truth);
  const records = readPreds(opts.preds, problems);
  const byId = new Map<string, TocItem>();
  for (const it of items) if (!byId.has(it.qa_id)) byId.set(it.qa_id, it);
  const preds = new Map<string, TocPrediction>();
  for (const [qa, rec] of records) {
    const item = byId.get(qa);
    if (!item) {
      problems.add({ code: "unknown_id", line: rec.line, id: qa, field: "qa_id", message: `line ${rec.line}: qa_id "${qa}" is not in the truth file; ignored` });
      continue;
    }
    const pred = toPrediction(rec, item, opts.answerColumn, problems);
    if (pred.extracted === null || pred.extracted === undefined) {
      problems.add({ code: "invalid_answer", line: rec.line, id: qa, message: `line ${rec.line}: no answer could be extracted for "${qa}" (${item.format}); counted as incorrect` });
    }
    preds.set(qa, pred);
  }
  for (const it of items) {
    if (!records.has(it.qa_id)) problems.add({ code: "missing_prediction", id: it.qa_id, message: `item "${it.qa_id}" has no prediction; not scored` });
  }
  const r = scoreTocbench(items, preds);
  let model: unknown;
  for (const rec of records.values()) { model = rec.record.model; break; }
  const result: Record<string, unknown> = {
    benchmark: "tocbench",
    model: typeof model === "string" && model ? model : basename(opts.preds, extname(opts.preds)).replace("preds_", ""),
    overall: r.overall,
    macro_dim: r.macro_dim,
    tier_weighted: r.tier_weighted,
    hda: r.hda,
    invalid_rate: r.invalid_rate,
    n_total: r.n_total,
    n_scored: r.n_scored,
    n_missing_preds: r.n_missing_preds,
    n_invalid_extraction: r.n_invalid_extraction,
    per_dim: r.per_dim,
    per_tier: r.per_tier,
    per_format: r.per_format,
    per_source: r.per_source,
    hallucination_buckets: r.hallucination_buckets,
    chance: r.chance,
    per_dim_counts: r.per_dim_counts,
    per_tier_counts: r.per_tier_counts,
    per_format_counts: r.per_format_counts,
    per_source_counts: r.per_source_counts,
    problem_counts: problems.counts,
    problems_omitted: problems.omitted,
  };
  return { result, problems: problems.list };
}

const pct = (v: unknown): string => (typeof v === "number" ? `${(v * 100).toFixed(1)}%` : "N/A");

/**
 * Tables as the reference prints them: main results, per format (with chance), per
 * tier, hallucination buckets, per dimension; percentages with one decimal.
 */
export function formatTable(result: Record<string, unknown>): string {
  const out: string[] = [];
  const counts = (k: string) => (result[k] ?? {}) as Record<string, { correct: number; total: number }>;
  const rates = (k: string) => (result[k] ?? {}) as Record<string, number>;
  const rule = "=".repeat(72);
  out.push(rule, `  TOC-Bench results: ${String(result.model ?? "")}`, rule);
  out.push(`  ${"Overall".padStart(9)} ${"MacroDim".padStart(9)} ${"TierWtd".padStart(9)} ${"HDA".padStart(9)} ${"Invalid%".padStart(9)}`);
  out.push(`  ${pct(result.overall).padStart(9)} ${pct(result.macro_dim).padStart(9)} ${pct(result.tier_weighted).padStart(9)} ${pct(result.hda).padStart(9)} ${pct(result.invalid_rate).padStart(9)}`);
  out.push(`  scored ${result.n_scored ?? 0} of ${result.n_total ?? 0} items, ${result.n_missing_preds ?? 0} without prediction, ${result.n_invalid_extraction ?? 0} invalid`, "");
  const section = (title: string, header: string, rows: string[]) => {
    out.push(rule, `  ${title}`, rule, header, ...rows, "");
  };
  const cell = (v: number | undefined, c: { total: number } | undefined) => `${pct(v).padStart(7)} (${String(c?.total ?? 0).padStart(4)})`;
  section(
    "Per-format accuracy (with random-chance baselines)",
    `  ${"Format".padEnd(14)} ${"Chance".padStart(7)} ${"Accuracy".padStart(14)}`,
    TOC_FORMATS.map((f) => `  ${f.padEnd(14)} ${pct(TOC_RANDOM_CHANCE[f]).padStart(7)} ${cell(rates("per_format")[f], counts("per_format_counts")[f])}`),
  );
  section(
    "Per-tier accuracy",
    `  ${"Tier".padEnd(14)} ${"Accuracy".padStart(14)}`,
    ["tier1", "tier2", "tier3"].map((t) => `  ${t.padEnd(14)} ${cell(rates("per_tier")[t], counts("per_tier_counts")[t])}`),
  );
  const hb = (result.hallucination_buckets ?? {}) as Record<string, { accuracy: number; total: number }>;
  section(
    "Hallucination detection break-down",
    `  ${"Bucket".padEnd(16)} ${"Accuracy".padStart(14)}`,
    ["clean", "distractor_only", "variant_a", "variant_b"].map((b) => `  ${b.padEnd(16)} ${cell(hb[b]?.accuracy, hb[b])}`),
  );
  section(
    "Per-source accuracy",
    `  ${"Source".padEnd(16)} ${"Accuracy".padStart(14)}`,
    Object.keys(rates("per_source")).sort().map((s) => `  ${s.padEnd(16)} ${cell(rates("per_source")[s], counts("per_source_counts")[s])}`),
  );
  section(
    "Per-dimension accuracy",
    `  ${"Dim".padEnd(28)} ${"Accuracy".padStart(14)}`,
    Object.keys(rates("per_dim")).sort().map((d) => `  ${d.padEnd(28)} ${cell(rates("per_dim")[d], counts("per_dim_counts")[d])}`),
  );
  const pc = Object.entries((result.problem_counts ?? {}) as Record<string, number>);
  if (pc.length > 0) out.push("Problems: " + pc.map(([k, n]) => `${k} ${n}`).join(", "));
  return out.join("\n");
}
