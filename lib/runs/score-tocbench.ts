/**
 * Scores TOC-Bench raw predictions (PURE) with lib/metrics: `extractTocAnswer` for text answers,
 * `isTocCorrect` per item and `scoreTocbench` for every aggregate the reference
 * `compute_one_model` reports (overall, per dim / tier / format / source, macro-by-dim,
 * tier-weighted, HDA, hallucination buckets, invalid rate). Items without a prediction are not
 * scored (as the reference) and are reported.
 */
import { ProblemLog } from "@/lib/scoring/problem-log";
import { extractTocAnswer } from "@/lib/metrics/parse-answer";
import { isTocCorrect, scoreTocbench, type TocItem, type TocPrediction } from "@/lib/metrics/tocbench";
import type { PartialOutcome } from "./score-vcbench";
import type { ScoredItem, TocRaw, TruthItem } from "./types";

const METADATA_LABELS = ["dim", "tier", "subject_label", "hallucination", "has_hallucination_distractor"] as const;

/** The TOC-Bench item (as lib/metrics scores it) stored for a project item. */
export function tocItemOf(item: TruthItem): TocItem {
  const ordering = item.format.startsWith("ordering");
  const out: TocItem = { qa_id: item.externalId, format: item.format, video_id: item.videoRef };
  if (ordering) out.correct_order = Array.isArray(item.answer) ? (item.answer as unknown[]).map(String) : [];
  else out.correct_answer = item.answer === null || item.answer === undefined ? undefined : String(item.answer);
  if (item.source.metadata_null) out.metadata = null;
  else {
    const md: Record<string, unknown> = {};
    let any = Array.isArray(item.source.metadata_keys);
    for (const k of METADATA_LABELS) {
      if (k in item.labels) {
        md[k] = item.labels[k];
        any = true;
      }
    }
    if (any) out.metadata = md as TocItem["metadata"];
  }
  return out;
}

/** The prediction lib/metrics scores for a stored raw. */
export function tocPredictionOf(raw: TocRaw, format: string): TocPrediction {
  if (raw.mode === "text") return { extracted: extractTocAnswer(raw.value, format) };
  const out: TocPrediction = { extracted: raw.value };
  if (raw.literal !== undefined) out.numberLiteral = raw.literal;
  return out;
}

export function scoreTocRaws(truth: readonly TruthItem[], raws: ReadonlyMap<string, unknown>): PartialOutcome {
  const problems = new ProblemLog();
  const items: TocItem[] = [];
  const preds = new Map<string, TocPrediction>();
  const results: ScoredItem[] = [];
  let invalid = 0;
  for (const item of truth) {
    const tocItem = tocItemOf(item);
    items.push(tocItem);
    const raw = raws.get(item.itemId) as TocRaw | undefined;
    if (!raw) {
      if (problems.hasRoom) problems.add({ code: "missing_prediction", id: item.externalId, message: `item "${item.externalId}" has no prediction; not scored` });
      else problems.count("missing_prediction");
      continue;
    }
    const pred = tocPredictionOf(raw, item.format);
    preds.set(item.externalId, pred);
    const isInvalid = pred.extracted === null || pred.extracted === undefined;
    if (isInvalid) {
      invalid += 1;
      problems.add({
        code: "invalid_answer",
        line: raw.line,
        id: item.externalId,
        field: raw.field,
        message: `${raw.line !== undefined ? `line ${raw.line}: ` : ""}no answer could be extracted for "${item.externalId}" (${item.format}); counted as incorrect`,
      });
    }
    const correct = isTocCorrect(pred, tocItem);
    results.push({ itemId: item.itemId, raw, parsed: pred.extracted ?? null, valid: !isInvalid, scores: { correct: correct ? 1 : 0, invalid: isInvalid ? 1 : 0 } });
  }
  const r = scoreTocbench(items, preds);
  const metrics = { benchmark: "tocbench", ...r };
  return { results, metrics, problems, counts: { items: truth.length, predicted: results.length, scored: r.n_scored, missing: r.n_missing_preds, invalid } };
}
