/**
 * TOC-Bench metrics: everything `compute_one_model` of the reference `compute_metrics.py`
 * (github.com/cjzcjz666/toc_bench @e4a10bc) reports — overall accuracy, macro-by-dim,
 * tier-weighted accuracy, HDA, per dim / tier / format / source accuracies, hallucination
 * buckets, invalid rate — plus the per-format chance levels of the reference.
 * Paper: `../shared/papers/toc-bench.txt` §4 (deterministic scoring, eq. (1) HDA).
 *
 * Empty sets: accuracies divide by max(1, n), so an empty set gives 0 (the reference's
 * rule, kept for parity with its numbers); `hda` is null without hallucination variants,
 * as the reference. Policy per metric family: `docs/metrics/README.md`.
 * Pure TypeScript.
 */
import { extractTocAnswer } from "./parse-answer";

/** Tier weights of the reference (`TIER_WEIGHTS`): tier1 0.32, tier2 0.43, tier3 0.25. */
export const TOC_TIER_WEIGHTS: Readonly<Record<string, number>> = { tier1: 0.32, tier2: 0.43, tier3: 0.25 };

/** Random-chance accuracy per format (reference `RANDOM_CHANCE`): 1/4, 1/2, 1/4, 1/3!, 1/4!. */
export const TOC_RANDOM_CHANCE: Readonly<Record<string, number>> = {
  mcq_4: 0.25,
  sp: 0.5,
  numerical: 0.25,
  ordering_3: 1 / 6,
  ordering_4: 1 / 24,
};

/** Dims need at least this many scored items to enter macro-by-dim (reference). */
export const TOC_MACRO_DIM_MIN_ITEMS = 10;

/** The hallucination buckets, in the reference's report order. */
export const TOC_HALLUCINATION_BUCKETS = ["clean", "distractor_only", "variant_a", "variant_b"] as const;
export type TocHallucinationBucket = (typeof TOC_HALLUCINATION_BUCKETS)[number];

/** A TOC-Bench item as scoring needs it (fields of `answer_final.json` items). */
export type TocItem = {
  qa_id: string;
  format: string;
  video_id: string;
  correct_answer?: string;
  correct_order?: readonly string[];
  metadata?: {
    dim?: string | null;
    tier?: string | null;
    hallucination?: string | null;
    has_hallucination_distractor?: unknown;
  } | null;
};

/**
 * A model's answer to one item: `extracted` is the `extracted_answer` value of the
 * prediction record (any JSON value; `null` = extraction failed). When `extracted` is a
 * JSON number, `numberLiteral` may carry its literal text so that Python's `str()` of an
 * int vs. a float can be told apart ("3" vs "3.0").
 */
export type TocPrediction = { extracted: unknown; numberLiteral?: string };

/**
 * Python's `str(x)` for a JSON value as far as comparison with TOC-Bench answers needs:
 * strings unchanged; integers in decimal; floats get a Python repr containing "." or "e",
 * which can never equal a TOC-Bench answer, so any non-integer literal returns a marker
 * that matches nothing; booleans "True"/"False"; null "None"; arrays/objects a marker.
 */
function pythonStrForCompare(value: unknown, numberLiteral?: string): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") {
    const literal = numberLiteral ?? String(value);
    if (/^-?\d+$/.test(literal)) return /^-?0+$/.test(literal) ? "0" : literal.replace(/^(-?)0+(?=\d)/, "$1");
    return "\u0000float";
  }
  if (value === true) return "True";
  if (value === false) return "False";
  if (value === null || value === undefined) return "None";
  return "\u0000container";
}

/**
 * Whether an extracted answer is correct, as the reference `is_correct`:
 * - `extracted` null/undefined → false;
 * - ordering formats (`format` starts with "ordering"): false when `correct_order` is
 *   missing or empty; otherwise `list(extracted) == list(correct_order)` — an array is
 *   compared element-wise (strings only can match), a string character by character
 *   ("BAC" equals ["B","A","C"]), an object by its keys; numbers/booleans are false (the
 *   reference would raise a TypeError);
 * - every other format: `str(extracted) == str(correct_answer)` with Python's `str`
 *   (3 equals "3", 3.0 does not; a missing correct_answer is "").
 *
 * Edge cases: invalid extraction (null) → false; an empty string is an answer, compared
 * as such (incorrect unless the truth is "" as well, not invalid); NaN/±∞
 * numbers never match (floats); ordering with a missing/empty `correct_order` → false.
 */
export function isTocCorrect(prediction: TocPrediction, item: TocItem): boolean {
  const extracted = prediction.extracted;
  if (extracted === null || extracted === undefined) return false;
  if (item.format.startsWith("ordering")) {
    const gt = item.correct_order;
    if (!gt || gt.length === 0) return false;
    let seq: unknown[];
    if (Array.isArray(extracted)) seq = extracted;
    else if (typeof extracted === "string") seq = Array.from(extracted);
    else if (typeof extracted === "object") seq = Object.keys(extracted as object);
    else return false;
    if (seq.length !== gt.length) return false;
    for (let i = 0; i < gt.length; i++) if (seq[i] !== gt[i]) return false;
    return true;
  }
  return pythonStrForCompare(extracted, prediction.numberLiteral) === String(item.correct_answer ?? "");
}

/**
 * The prediction of a record holding raw model text instead of an extracted answer:
 * `extracted = extract(raw, item.format)` of the reference `answer_extractor.py`
 * (see `extractTocAnswer` in parse-answer.ts); failed extraction → null (invalid).
 *
 * Edge cases: non-string, blank or unparseable `raw` → `{ extracted: null }` (counted in
 * `n_invalid_extraction`, scored incorrect); an unknown format → null as well.
 */
export function tocPredictionFromRaw(raw: unknown, item: TocItem): TocPrediction {
  return { extracted: extractTocAnswer(raw, item.format) };
}

/**
 * The source of an item: `video_id` up to the first "_".
 *
 * Edge cases: "" or a leading "_" → "unknown".
 */
export function tocSource(videoId: string): string {
  return videoId.split("_")[0] || "unknown";
}

/**
 * The hallucination bucket of an item (reference): `metadata.hallucination` "variant_a"
 * or "variant_b" → that bucket; else a truthy `has_hallucination_distractor` →
 * "distractor_only"; else "clean".
 *
 * Edge cases: missing/null `metadata` → "clean"; `has_hallucination_distractor` uses
 * Python truthiness ([] / {} / 0 / "" are false).
 */
export function tocHallucinationBucket(item: TocItem): TocHallucinationBucket {
  const meta = item.metadata ?? {};
  if (meta.hallucination === "variant_a") return "variant_a";
  if (meta.hallucination === "variant_b") return "variant_b";
  if (pythonTruthy(meta.has_hallucination_distractor)) return "distractor_only";
  return "clean";
}

function pythonTruthy(v: unknown): boolean {
  if (Array.isArray(v)) return v.length > 0;
  if (v && typeof v === "object") return Object.keys(v).length > 0;
  return Boolean(v);
}

type Tally = { correct: number; total: number };

/** Result of {@link scoreTocbench}, keyed as the reference `compute_one_model`. */
export type TocbenchResult = {
  n_total: number;
  n_scored: number;
  n_missing_preds: number;
  n_invalid_extraction: number;
  invalid_rate: number;
  overall: number;
  macro_dim: number;
  tier_weighted: number;
  hda: number | null;
  per_dim: Record<string, number>;
  per_dim_counts: Record<string, Tally>;
  per_tier: Record<string, number>;
  per_tier_counts: Record<string, Tally>;
  per_format: Record<string, number>;
  per_format_counts: Record<string, Tally>;
  per_source: Record<string, number>;
  per_source_counts: Record<string, Tally>;
  hallucination_buckets: Record<TocHallucinationBucket, Tally & { accuracy: number }>;
  chance: Record<string, number>;
};

/**
 * Scores predictions against TOC-Bench items exactly as the reference `compute_one_model`.
 *
 * With S = items that have a prediction (items without one are not scored and counted in
 * `n_missing_preds`), c_q = 1[answer of q correct] ({@link isTocCorrect}):
 * - overall = Σ_{q∈S} c_q / max(1, |S|)
 * - per_dim / per_tier / per_format / per_source: the same ratio within each group of S
 *   (dim and tier from `metadata`, "unknown" when absent; source = {@link tocSource});
 *   groups appear in order of first appearance;
 * - macro_dim = mean of per_dim over dims with >= 10 scored items, 0 if there is none;
 * - tier_weighted = 0.32·acc(tier1) + 0.43·acc(tier2) + 0.25·acc(tier3), a tier
 *   without scored items contributing 0 (weights not renormalised);
 * - hda = Σ_{q∈H_A∪H_B} c_q / |H_A ∪ H_B| over scored hallucination variants
 *   (paper eq. (1)); `null` when there are none;
 * - hallucination_buckets: correct/total/accuracy (= correct / max(1,total)) for clean,
 *   distractor_only, variant_a, variant_b ({@link tocHallucinationBucket});
 * - invalid_rate = |{q ∈ S : extracted is null}| / max(1, |S|) — an answer that is present
 *   but wrong ("E", an empty string) is incorrect, not invalid;
 * - chance: the reference's random-chance accuracy per format (not data dependent).
 * Duplicate items (same qa_id) are each scored, as the reference iterates the item list.
 *
 * Edge cases:
 * - empty item list → all accuracies and invalid_rate 0, hda null, every group empty (the
 *   reference returns an empty dict; 0 keeps the report's shape and n_total says why);
 * - zero division: every ratio is Σ / max(1, n), so an empty set gives 0, not NaN; a tier
 *   with no scored item contributes 0 to tier_weighted; no dim with ≥ 10 items → macro_dim 0;
 * - missing prediction (qa_id absent from `predictions`) → not scored (out of every
 *   denominator), counted in `n_missing_preds`;
 * - invalid extraction (`extracted` null) → scored incorrect and counted in
 *   `n_invalid_extraction`; a present but wrong answer is incorrect, not invalid.
 */
export function scoreTocbench(items: readonly TocItem[], predictions: ReadonlyMap<string, TocPrediction>): TocbenchResult {
  let correctTotal = 0;
  let invalid = 0;
  let missing = 0;
  const byDim = new Map<string, Tally>();
  const byTier = new Map<string, Tally>();
  const byFormat = new Map<string, Tally>();
  const bySource = new Map<string, Tally>();
  const buckets: Record<TocHallucinationBucket, Tally> = {
    clean: { correct: 0, total: 0 },
    variant_a: { correct: 0, total: 0 },
    variant_b: { correct: 0, total: 0 },
    distractor_only: { correct: 0, total: 0 },
  };
  const bump = (m: Map<string, Tally>, key: string, ok: boolean) => {
    let t = m.get(key);
    if (!t) { t = { correct: 0, total: 0 }; m.set(key, t); }
    t.total += 1;
    if (ok) t.correct += 1;
  };
  for (const it of items) {
    const pred = predictions.get(it.qa_id);
    if (!pred) { missing += 1; continue; }
    const ok = isTocCorrect(pred, it);
    if (pred.extracted === null || pred.extracted === undefined) invalid += 1;
    if (ok) correctTotal += 1;
    const meta = it.metadata ?? {};
    bump(byDim, meta.dim === undefined ? "unknown" : String(meta.dim), ok);
    bump(byTier, meta.tier === undefined ? "unknown" : String(meta.tier), ok);
    bump(byFormat, it.format, ok);
    bump(bySource, tocSource(it.video_id), ok);
    const b = buckets[tocHallucinationBucket(it)];
    b.total += 1;
    if (ok) b.correct += 1;
  }
  const nScored = items.length - missing;
  const ratio = (t: Tally) => t.correct / Math.max(1, t.total);
  const toRates = (m: Map<string, Tally>) => Object.fromEntries([...m].map(([k, t]) => [k, ratio(t)]));
  const toCounts = (m: Map<string, Tally>) => Object.fromEntries([...m].map(([k, t]) => [k, { ...t }]));
  const perDim = toRates(byDim);
  const validDims = [...byDim].filter(([, t]) => t.total >= TOC_MACRO_DIM_MIN_ITEMS).map(([d]) => d);
  const macroDim = validDims.length > 0 ? validDims.reduce((s, d) => s + perDim[d], 0) / validDims.length : 0;
  const perTier = toRates(byTier);
  let tierWeighted = 0;
  for (const [tier, w] of Object.entries(TOC_TIER_WEIGHTS)) tierWeighted += (perTier[tier] ?? 0) * w;
  const hdaTotal = buckets.variant_a.total + buckets.variant_b.total;
  const hdaCorrect = buckets.variant_a.correct + buckets.variant_b.correct;
  const hallucination = Object.fromEntries(
    (["clean", "variant_a", "variant_b", "distractor_only"] as const).map((k) => [k, { ...buckets[k], accuracy: ratio(buckets[k]) }]),
  ) as TocbenchResult["hallucination_buckets"];
  return {
    n_total: items.length,
    n_scored: nScored,
    n_missing_preds: missing,
    n_invalid_extraction: invalid,
    invalid_rate: invalid / Math.max(1, nScored),
    overall: correctTotal / Math.max(1, nScored),
    macro_dim: macroDim,
    tier_weighted: tierWeighted,
    hda: hdaTotal ? hdaCorrect / Math.max(1, hdaTotal) : null,
    per_dim: perDim,
    per_dim_counts: toCounts(byDim),
    per_tier: perTier,
    per_tier_counts: toCounts(byTier),
    per_format: toRates(byFormat),
    per_format_counts: toCounts(byFormat),
    per_source: toRates(bySource),
    per_source_counts: toCounts(bySource),
    hallucination_buckets: hallucination,
    chance: { ...TOC_RANDOM_CHANCE },
  };
}
