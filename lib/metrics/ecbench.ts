/**
 * EC-Bench metrics (enumeration, counting, evidence spans).
 *
 * Sources:
 * - paper: `../shared/papers/ec-bench.txt` (§4 "Evaluation metrics", Appendix 0.A.0.2);
 * - reference code: matsuolab/EC-Bench `close_models/evaluation/judge_core.py`
 *   (commit 601ddae): `normalize_counting_answer`, `evaluate_dataframe`,
 *   `_compute_summary`, `compute_iou`.
 *
 * Defaults follow the reference code; `variant: "paper"` switches the two places where
 * the paper differs (see `docs/metrics/ecbench.md`):
 * - evidence tIoU: reference = IoU of the unions of merged intervals; paper = IoU of
 *   the single hull intervals;
 * - enumeration "accuracy": reference = "agreement" (precision = 1: no false positive
 *   and at least one true positive; missing items are allowed);
 *   paper (human protocol: "correct only if all required entities were listed")
 *   = "complete" (no false positive and no false negative).
 * The reference judges enumeration items with an LLM; here the item matcher is
 * pluggable (`ItemMatcher`) and judged counts can be supplied per row.
 *
 * Empty sets: every rate is 0 when its denominator is 0 (the reference's rule, kept so the
 * numbers equal published ones); the count printed next to it tells "0 of 0" apart.
 * Policy per metric family: `docs/metrics/README.md`.
 *
 * Pure TypeScript: no I/O.
 */
import { hullIoU, temporalIoU, type Interval } from "./intervals";
import { parseEnumeration } from "./parse-time";
import { pyFloatStr, toAsciiDigits } from "./py-compat";

export type EcVariant = "reference" | "paper";

// ───────────────────────────── Counting ─────────────────────────────

/**
 * Counting answer normalisation, as reference `normalize_counting_answer`:
 * every number `\d+(\.\d+)?` in the text (no sign, so "-4" gives 4; "1,000" gives 1
 * and 0) is rewritten canonically (integers: leading zeros dropped; decimals: Python
 * `str(float(x))` with trailing zeros and dot stripped, "2.50" → "2.5", "3.0" → "3"),
 * duplicates are removed, and the distinct values are sorted numerically and joined
 * with ", ". A text with no number (or blank/null) gives "".
 * Unicode decimal digits are read like ASCII ones (Python's `\d` does). Ties in the
 * numeric sort (distinct strings with the same float value, e.g. integers beyond
 * 2^53) are ordered by string; Python leaves their order to set iteration.
 *
 * Edge cases: null/undefined/blank or no digit at all → ""; a sign or thousands
 * separator is not part of a number ("-4" → "4", "1,000" → "0, 1"); a decimal too large
 * for a double becomes "inf" (Python's `str(float(x))`), which `countingNumbers` cannot read.
 */
export function normalizeCountingAnswer(answer: string | null | undefined): string {
  if (answer == null) return "";
  const text = String(answer).trim();
  if (text === "") return "";
  const seen = new Set<string>();
  for (const m of text.matchAll(/\p{Nd}+(?:\.\p{Nd}+)?/gu)) {
    const ascii = toAsciiDigits(m[0]);
    const value = ascii.includes(".")
      ? pyFloatStr(Number(ascii)).replace(/0+$/, "").replace(/\.+$/, "")
      : ascii.replace(/^0+(?=\d)/, "");
    seen.add(value);
  }
  return [...seen].sort((a, b) => Number(a) - Number(b) || (a < b ? -1 : a > b ? 1 : 0)).join(", ");
}

/**
 * The numbers of a normalised counting answer (reference `parse_numbers_from_normalized`).
 *
 * Edge cases: "" → []; any part that is not a number (e.g. "inf") → [] for the whole list.
 */
export function countingNumbers(normalized: string): number[] {
  if (!normalized) return [];
  const parts = normalized.split(", ").map(Number);
  return parts.some((x) => Number.isNaN(x)) ? [] : parts;
}

export type CountingScore = {
  normalizedTruth: string;
  normalizedPrediction: string;
  /** Both normalised strings non-empty and equal (the distinct-number sets match). */
  match: boolean;
  /** First (smallest) number of each normalised answer, when both have one. */
  truthValue: number | null;
  predictionValue: number | null;
  /** |p - t| and (p - t)² on those first numbers; null when either has no number. */
  absError: number | null;
  sqError: number | null;
};

/**
 * Scores one counting answer (reference `evaluate_dataframe`, Counting branch):
 * match = N(truth) ≠ "" ∧ N(pred) ≠ "" ∧ N(truth) = N(pred), N = `normalizeCountingAnswer`.
 * Errors use the FIRST number of each normalised list, i.e. the smallest number in
 * the text (not the first written): "5 people (2 men, 3 women)" counts as 2.
 *
 * Edge cases: a prediction (or truth) without any readable number → match false, both
 * errors null (the row then counts in the match rate but not in MAE/RMSE); two blank
 * answers do not match (N = "" never matches). No division happens here.
 */
export function scoreCounting(truth: string, prediction: string): CountingScore {
  const normalizedTruth = normalizeCountingAnswer(truth);
  const normalizedPrediction = normalizeCountingAnswer(prediction);
  const match = normalizedTruth !== "" && normalizedPrediction !== "" && normalizedTruth === normalizedPrediction;
  const t = countingNumbers(normalizedTruth);
  const p = countingNumbers(normalizedPrediction);
  const truthValue = t.length ? t[0] : null;
  const predictionValue = p.length ? p[0] : null;
  let absError: number | null = null;
  let sqError: number | null = null;
  if (truthValue !== null && predictionValue !== null) {
    const d = predictionValue - truthValue;
    absError = Math.abs(d);
    sqError = d * d;
  }
  return { normalizedTruth, normalizedPrediction, match, truthValue, predictionValue, absError, sqError };
}

// ──────────────────────────── Enumeration ────────────────────────────

/** Outcome of matching predicted items against true items. */
export type ItemMatch = {
  tp: number;
  fp: number;
  fn: number;
  /** Matched (truth index, prediction index) pairs, when the matcher knows them. */
  pairs?: [number, number][];
};

/** Decides TP/FP/FN for one question from its item lists (deterministic or a judge). */
export type ItemMatcher = (truthItems: readonly string[], predictionItems: readonly string[]) => ItemMatch;

/**
 * Normalisation used by the built-in matcher: Unicode NFKC, lower case, every
 * punctuation or symbol character (`\p{P}`, `\p{S}`) replaced by a space, the articles
 * "a", "an", "the" removed as words, whitespace collapsed and trimmed.
 * "The Man-made Wings!" → "man made wings".
 *
 * Edge cases: an item of only punctuation/articles ("the", "--") → "", which the built-in
 * matcher never matches.
 */
export function normalizeItem(item: string): string {
  return item
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\p{P}\p{S}]/gu, " ")
    .replace(/(^|\s)(?:a|an|the)(?=\s|$)/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Maximum bipartite matching (Kuhn's augmenting paths): returns a largest set of
 * (left, right) pairs with `adjacent(left, right)` true, each index used at most once.
 * Deterministic: left items are processed in index order, right candidates in index
 * order. O(L·(L+R)·R) worst case, fine for enumeration lists (tens of items).
 *
 * Edge cases: nLeft = 0 or nRight = 0 → []; never throws.
 */
export function maximumMatching(
  nLeft: number,
  nRight: number,
  adjacent: (left: number, right: number) => boolean,
): [number, number][] {
  const adj: number[][] = [];
  for (let i = 0; i < nLeft; i++) {
    const row: number[] = [];
    for (let j = 0; j < nRight; j++) if (adjacent(i, j)) row.push(j);
    adj.push(row);
  }
  const matchOfRight = new Array<number>(nRight).fill(-1);
  const tryAugment = (i: number, visited: Uint8Array): boolean => {
    for (const j of adj[i]) {
      if (visited[j]) continue;
      visited[j] = 1;
      if (matchOfRight[j] === -1 || tryAugment(matchOfRight[j], visited)) {
        matchOfRight[j] = i;
        return true;
      }
    }
    return false;
  };
  for (let i = 0; i < nLeft; i++) tryAugment(i, new Uint8Array(nRight));
  const pairs: [number, number][] = [];
  matchOfRight.forEach((i, j) => {
    if (i !== -1) pairs.push([i, j]);
  });
  return pairs.sort((a, b) => a[0] - b[0]);
}

/**
 * Builds an `ItemMatcher` from a pairwise equivalence test: TP = size of a maximum
 * one-to-one matching between true and predicted items (`maximumMatching`),
 * FP = |pred| - TP, FN = |truth| - TP. Duplicated items match at most once each.
 * The test need not be transitive (e.g. a similarity threshold).
 *
 * Edge cases: both lists empty → TP = FP = FN = 0 (precision, recall, F1 then 0 by
 * `precisionRecallF1`); one empty → all items of the other are FP or FN.
 */
export function equivalenceMatcher(equivalent: (truthItem: string, predictionItem: string) => boolean): ItemMatcher {
  return (truthItems, predictionItems) => {
    const pairs = maximumMatching(truthItems.length, predictionItems.length, (i, j) =>
      equivalent(truthItems[i], predictionItems[j]),
    );
    const tp = pairs.length;
    return { tp, fp: predictionItems.length - tp, fn: truthItems.length - tp, pairs };
  };
}

/**
 * The built-in deterministic matcher: two items are the same when their
 * `normalizeItem` forms are equal and non-empty (case, punctuation, whitespace and
 * article insensitive). It does not know synonyms ("fire truck" ≠ "fire engine"),
 * which the reference's LLM judge accepts: supply judged counts for those.
 * Order of ordered (→) lists is ignored, as in the reference judge prompt.
 *
 * Edge cases: as `equivalenceMatcher`; items that normalise to "" never match, so they
 * count as FP (prediction) or FN (truth).
 */
export const normalizedItemMatcher: ItemMatcher = (truthItems, predictionItems) => {
  const t = truthItems.map(normalizeItem);
  const p = predictionItems.map(normalizeItem);
  const pairs = maximumMatching(t.length, p.length, (i, j) => t[i] !== "" && t[i] === p[j]);
  const tp = pairs.length;
  return { tp, fp: p.length - tp, fn: t.length - tp, pairs };
};

/**
 * Judged TP/FP/FN for one question, from people or an external judge. Either counts,
 * or the item lists the reference judge returns (`tp_items`, `fp_items`, `fn_items`;
 * blank strings are ignored, as reference `parse_enumeration_response`).
 */
export type JudgedMatch =
  | { tp: number; fp: number; fn: number }
  | { tp_items: readonly string[]; fp_items: readonly string[]; fn_items: readonly string[] };

/**
 * Reads a `JudgedMatch` into counts; `null` when a count is not a non-negative integer
 * (callers report it and fall back to the matcher).
 *
 * Edge cases: a negative, fractional, NaN or missing count, or an `*_items` field that is
 * not an array → null (invalid judgement; `scoreEcBench` then uses the matcher); all
 * three lists empty → { tp: 0, fp: 0, fn: 0 }.
 */
export function judgedCounts(judged: JudgedMatch): ItemMatch | null {
  if ("tp_items" in judged) {
    const n = (xs: readonly string[]) => (Array.isArray(xs) ? xs.filter((x) => String(x).trim() !== "").length : NaN);
    const r = { tp: n(judged.tp_items), fp: n(judged.fp_items), fn: n(judged.fn_items) };
    return [r.tp, r.fp, r.fn].every((x) => Number.isInteger(x)) ? r : null;
  }
  const { tp, fp, fn } = judged;
  return [tp, fp, fn].every((x) => Number.isInteger(x) && x >= 0) ? { tp, fp, fn } : null;
}

/**
 * precision = TP/(TP+FP), recall = TP/(TP+FN), F1 = 2PR/(P+R); each 0 when its
 * denominator is 0 (reference `judge_enumeration` and `_compute_summary`). Used both
 * per question and, micro-averaged, on summed counts.
 *
 * Edge cases (zero division → 0, never NaN, as the reference): TP = FP = FN = 0 →
 * { 0, 0, 0 }; no prediction (TP + FP = 0) → precision 0; no truth item (TP + FN = 0)
 * → recall 0. Counts are not validated: callers pass matcher output or `judgedCounts`.
 */
export function precisionRecallF1(tp: number, fp: number, fn: number): { precision: number; recall: number; f1: number } {
  const precision = tp + fp > 0 ? tp / (tp + fp) : 0;
  const recall = tp + fn > 0 ? tp / (tp + fn) : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

export type EnumerationScore = ItemMatch & {
  precision: number;
  recall: number;
  f1: number;
  /** Reference "agreement": precision = 1 (so TP > 0 and FP = 0; missing items allowed). */
  precisionIsOne: boolean;
  /** Paper's human-protocol correctness: FP = 0, FN = 0 and TP > 0. */
  complete: boolean;
};

/**
 * Per-question enumeration score from TP/FP/FN (see `precisionRecallF1`).
 *
 * Edge cases: TP = 0 → precision 0, so `precisionIsOne` and `complete` are false even
 * when FP = FN = 0 (an empty answer to an empty truth is not correct).
 */
export function enumerationFromCounts(match: ItemMatch): EnumerationScore {
  const { precision, recall, f1 } = precisionRecallF1(match.tp, match.fp, match.fn);
  return {
    ...match,
    precision,
    recall,
    f1,
    precisionIsOne: Math.abs(precision - 1) <= 1e-9,
    complete: match.tp > 0 && match.fp === 0 && match.fn === 0,
  };
}

/**
 * Scores one enumeration answer: both texts are split into items (`parseEnumeration`:
 * commas/semicolons/newlines, or arrows for ordered steps) and matched by `matcher`
 * (default `normalizedItemMatcher`).
 *
 * Edge cases: a prediction with no item ("", ",") → TP = FP = 0, precision/recall/F1 0,
 * not correct; an empty truth list likewise (`scoreEcBench` skips blank truths first).
 */
export function scoreEnumeration(
  truth: string,
  prediction: string,
  matcher: ItemMatcher = normalizedItemMatcher,
): EnumerationScore & { truthItems: string[]; predictionItems: string[] } {
  const truthItems = parseEnumeration(truth).items;
  const predictionItems = parseEnumeration(prediction).items;
  return { ...enumerationFromCounts(matcher(truthItems, predictionItems)), truthItems, predictionItems };
}

// ───────────────────────────── Evidence ─────────────────────────────

/**
 * Evidence tIoU of one question.
 * - `"reference"` (default): |∪T ∩ ∪P| / |∪T ∪ ∪P| over the unions of merged
 *   intervals (`temporalIoU`, reference `compute_iou`);
 * - `"paper"`: each side collapsed to its hull [min start, max end] (`hullIoU`).
 * Both empty → null (the question is left out of the mean, as in the reference);
 * one empty → 0; zero-length union → 0.
 *
 * Edge cases: reversed (start > end) and non-finite intervals are dropped first (so a list
 * of only such intervals counts as empty); the null for "both empty" is a per-row "not
 * applicable", not an empty-set aggregate.
 */
export function evidenceIoU(truth: readonly Interval[], prediction: readonly Interval[], variant: EcVariant = "reference"): number | null {
  return variant === "paper" ? hullIoU(truth, prediction) : temporalIoU(truth, prediction);
}

// ──────────────────────────── Aggregation ────────────────────────────

/** One question with its truth and prediction. */
export type EcRow = {
  questionId: string;
  videoId?: string;
  /** question_type: A–F (Parallel, Causal, Speech/Audio, Appearance, Spatial, Conditional). */
  category?: string;
  /** video_type (genre). */
  genre?: string;
  /** task_type: "Counting" | "Enumeration" (anything else is counted as unsupported). */
  taskType: string;
  truthAnswer: string | null | undefined;
  predictionAnswer: string | null | undefined;
  truthClips?: readonly Interval[];
  /** `undefined` = no prediction clips column at all (no IoU computed for any row). */
  predictionClips?: readonly Interval[];
  /** Judged TP/FP/FN for an enumeration row; overrides the matcher when valid. */
  judged?: JudgedMatch;
};

export type EcScoreOptions = {
  variant?: EcVariant;
  /**
   * Seconds added to every clip end before tIoU (default 0 = the reference). EC-Bench
   * clips have second precision; `1` reads `[s, e]` as the seconds s..e inclusive,
   * i.e. `[s, e + 1)`, so a one-second clip `[0:12:16,0:12:16]` has length 1 instead
   * of 0 (the reference scores a zero-length-only row 0 even against itself).
   */
  endPadding?: number;
  /** Item matcher for enumeration rows without judged counts (default `normalizedItemMatcher`). */
  matcher?: ItemMatcher;
  /**
   * People are judging the enumeration rows (Playhead's matching queue, or a file's judged
   * counts): an enumeration row without valid judged counts is NOT scored by the matcher but
   * marked `awaiting_judgement` (counted in `enumeration_awaiting_judgement`; its evidence tIoU
   * still counts, the evidence needs no judge). Every enumeration figure, and the overall and
   * per-category accuracies, are then over the judged rows only; while some rows await, the
   * score is partial ("judged J of N", N = J + awaiting) and never shown as final
   * (docs/metrics/ecbench.md). Default false: the matcher scores unjudged rows (the reference).
   */
  judgedOnly?: boolean;
};

/** Per-row outcome, in input order (rows skipped for blank answers are marked). */
export type EcRowScore = {
  questionId: string;
  taskType: string;
  status: "scored" | "skipped_blank_prediction" | "skipped_blank_truth" | "unsupported_task_type" | "awaiting_judgement";
  counting?: CountingScore;
  enumeration?: EnumerationScore;
  /** Whether the row counts as correct under the chosen variant. */
  correct?: boolean;
  clipIouUnion?: number | null;
  clipIouHull?: number | null;
  judged?: boolean;
};

/** Aggregates of one group (a category or a genre). */
export type EcGroupSummary = {
  counting_total: number;
  counting_match: number;
  counting_match_rate_percent: number;
  counting_mae: number;
  enumeration_total: number;
  enumeration_correct: number;
  enumeration_accuracy_percent: number;
  enumeration_precision: number;
  enumeration_recall: number;
  enumeration_f1: number;
  overall_accuracy_percent: number;
  clip_miou: number;
  clip_iou_count: number;
};

/**
 * Summary with the reference's key names (`_compute_summary`) plus additions.
 * Reference keys: counting_total, counting_match, counting_match_rate_percent,
 * counting_mae, counting_rmse, enumeration_total, enumeration_tp_total,
 * enumeration_fp_total, enumeration_fn_total, enumeration_precision,
 * enumeration_recall, enumeration_f1, enumeration_agreement_count,
 * enumeration_agreement_rate_percent, overall_accuracy_percent, clip_miou, A–F.
 */
export type EcBenchSummary = {
  variant: EcVariant;
  counting_total: number;
  counting_match: number;
  counting_match_rate_percent: number;
  counting_mae: number;
  counting_rmse: number;
  counting_error_count: number;
  enumeration_total: number;
  enumeration_tp_total: number;
  enumeration_fp_total: number;
  enumeration_fn_total: number;
  enumeration_precision: number;
  enumeration_recall: number;
  enumeration_f1: number;
  enumeration_agreement_count: number;
  enumeration_agreement_rate_percent: number;
  enumeration_complete_count: number;
  enumeration_complete_rate_percent: number;
  enumeration_judged_count: number;
  /** Enumeration rows left unscored until judged (`judgedOnly`); 0 otherwise. */
  enumeration_awaiting_judgement: number;
  overall_accuracy_percent: number;
  clip_miou: number;
  clip_miou_union: number;
  clip_miou_hull: number;
  clip_iou_count: number;
  A: number;
  B: number;
  C: number;
  D: number;
  E: number;
  F: number;
  rows_total: number;
  skipped_blank_prediction: number;
  skipped_blank_truth: number;
  unsupported_task_type: number;
  by_category: Record<string, EcGroupSummary>;
  by_genre: Record<string, EcGroupSummary>;
};

/**
 * Scores EC-Bench rows as reference `evaluate_dataframe` + `_compute_summary`.
 *
 * Per row, in order:
 * 1. blank prediction (null, "", whitespace) → skipped, counted in
 *    `skipped_blank_prediction`; blank truth → skipped (`skipped_blank_truth`);
 * 2. clip IoU when the prediction clips are known (`predictionClips !== undefined`)
 *    and either side has an interval (`evidenceIoU`); computed for every task type;
 * 3. Counting → `scoreCounting`; Enumeration → judged counts if valid, else the
 *    matcher (with `judgedOnly`: else `awaiting_judgement`, not scored); anything else →
 *    `unsupported_task_type` (no score).
 *
 * Aggregates (all "0 when the denominator is 0", as the reference):
 * - counting_match_rate_percent = 100·match/total; MAE = Σ|e|/n_e; RMSE = √(Σe²/n_e),
 *   n_e = counting_error_count (rows where both answers contain a number);
 * - enumeration precision/recall/F1: micro, from summed TP/FP/FN (`precisionRecallF1`);
 * - agreement_rate = 100·#(precision = 1)/enumeration_total (reference accuracy);
 *   complete_rate = 100·#(FP = FN = 0, TP > 0)/enumeration_total (paper);
 * - overall_accuracy_percent = 100·(counting matches + enumeration correct)/(both totals),
 *   enumeration correct = agreement (reference) or complete (paper);
 * - clip_miou = mean tIoU over rows with an IoU: union-based (reference) or hull
 *   (paper); both are also reported (`clip_miou_union`, `clip_miou_hull`);
 * - A–F: overall accuracy within each question_type (reference `junre_stats`), other
 *   categories only in `by_category`; `by_genre` groups by video_type, trimmed and
 *   lower-cased, "sports" folded into "sport" (the real file spells both; the paper
 *   has one "Sports" genre), blank → "(none)".
 *
 * Edge cases:
 * - empty input (or every row skipped) → every rate, mean and A–F 0 with the totals 0
 *   (reference zero-division rule, see the module comment);
 * - missing prediction (blank answer) → not scored, counted in `skipped_blank_prediction`
 *   (the reference drops such rows too; they do not lower any rate);
 * - unparseable counting answer (no number) → scored as a non-match without an error term;
 * - an invalid judged count → the matcher is used (`judgedCounts` returns null);
 * - category A–F with no scored row → 0; `predictionClips` undefined → no IoU, clip_miou 0.
 */
export function scoreEcBench(rows: readonly EcRow[], options: EcScoreOptions = {}): { summary: EcBenchSummary; details: EcRowScore[] } {
  const variant = options.variant ?? "reference";
  const matcher = options.matcher ?? normalizedItemMatcher;
  const endPadding = Number.isFinite(options.endPadding) && options.endPadding! > 0 ? options.endPadding! : 0;
  const total = new GroupAcc();
  const byCategory = new Map<string, GroupAcc>();
  const byGenre = new Map<string, GroupAcc>();
  const details: EcRowScore[] = [];
  let skippedPred = 0;
  let skippedTruth = 0;
  let unsupported = 0;
  let judgedCount = 0;
  let awaiting = 0;

  for (const row of rows) {
    const base = { questionId: row.questionId, taskType: row.taskType };
    if (isBlank(row.predictionAnswer)) {
      skippedPred += 1;
      details.push({ ...base, status: "skipped_blank_prediction" });
      continue;
    }
    if (isBlank(row.truthAnswer)) {
      skippedTruth += 1;
      details.push({ ...base, status: "skipped_blank_truth" });
      continue;
    }
    const category = (row.category ?? "").trim();
    const genre = genreKey(row.genre);
    const groups = [total, groupOf(byGenre, genre)];
    if (category) groups.push(groupOf(byCategory, category));

    let clipIouUnion: number | null = null;
    let clipIouHull: number | null = null;
    if (row.predictionClips !== undefined) {
      const truthClips = pad(row.truthClips ?? [], endPadding);
      const predictionClips = pad(row.predictionClips, endPadding);
      clipIouUnion = temporalIoU(truthClips, predictionClips);
      clipIouHull = hullIoU(truthClips, predictionClips);
      if (clipIouUnion !== null && clipIouHull !== null) for (const g of groups) g.addIou(clipIouUnion, clipIouHull);
    }
    const truth = String(row.truthAnswer);
    const prediction = String(row.predictionAnswer);

    if (row.taskType === "Counting") {
      const counting = scoreCounting(truth, prediction);
      for (const g of groups) g.addCounting(counting);
      details.push({ ...base, status: "scored", counting, correct: counting.match, clipIouUnion, clipIouHull });
    } else if (row.taskType === "Enumeration") {
      const judged = row.judged ? judgedCounts(row.judged) : null;
      if (!judged && options.judgedOnly) {
        awaiting += 1;
        details.push({ ...base, status: "awaiting_judgement", clipIouUnion, clipIouHull });
        continue;
      }
      if (judged) judgedCount += 1;
      const enumeration = judged ? enumerationFromCounts(judged) : scoreEnumeration(truth, prediction, matcher);
      const correct = variant === "paper" ? enumeration.complete : enumeration.precisionIsOne;
      for (const g of groups) g.addEnumeration(enumeration, correct);
      details.push({ ...base, status: "scored", enumeration, correct, clipIouUnion, clipIouHull, judged: judged !== null });
    } else {
      unsupported += 1;
      details.push({ ...base, status: "unsupported_task_type", clipIouUnion, clipIouHull });
    }
  }

  const t = total.summary(variant);
  const { precision, recall, f1 } = precisionRecallF1(total.tp, total.fp, total.fn);
  const catRate = (k: string) => byCategory.get(k)?.summary(variant).overall_accuracy_percent ?? 0;
  const summary: EcBenchSummary = {
    variant,
    counting_total: total.countingTotal,
    counting_match: total.countingMatch,
    counting_match_rate_percent: t.counting_match_rate_percent,
    counting_mae: t.counting_mae,
    counting_rmse: total.errorCount > 0 ? Math.sqrt(total.sqErrorSum / total.errorCount) : 0,
    counting_error_count: total.errorCount,
    enumeration_total: total.enumTotal,
    enumeration_tp_total: total.tp,
    enumeration_fp_total: total.fp,
    enumeration_fn_total: total.fn,
    enumeration_precision: precision,
    enumeration_recall: recall,
    enumeration_f1: f1,
    enumeration_agreement_count: total.agreement,
    enumeration_agreement_rate_percent: pct(total.agreement, total.enumTotal),
    enumeration_complete_count: total.complete,
    enumeration_complete_rate_percent: pct(total.complete, total.enumTotal),
    enumeration_judged_count: judgedCount,
    enumeration_awaiting_judgement: awaiting,
    overall_accuracy_percent: t.overall_accuracy_percent,
    clip_miou: t.clip_miou,
    clip_miou_union: total.iouCount > 0 ? total.iouUnionSum / total.iouCount : 0,
    clip_miou_hull: total.iouCount > 0 ? total.iouHullSum / total.iouCount : 0,
    clip_iou_count: total.iouCount,
    A: catRate("A"),
    B: catRate("B"),
    C: catRate("C"),
    D: catRate("D"),
    E: catRate("E"),
    F: catRate("F"),
    rows_total: rows.length,
    skipped_blank_prediction: skippedPred,
    skipped_blank_truth: skippedTruth,
    unsupported_task_type: unsupported,
    by_category: summariseGroups(byCategory, variant),
    by_genre: summariseGroups(byGenre, variant),
  };
  return { summary, details };
}

class GroupAcc {
  countingTotal = 0;
  countingMatch = 0;
  absErrorSum = 0;
  sqErrorSum = 0;
  errorCount = 0;
  enumTotal = 0;
  tp = 0;
  fp = 0;
  fn = 0;
  agreement = 0;
  complete = 0;
  enumCorrect = 0;
  iouUnionSum = 0;
  iouHullSum = 0;
  iouCount = 0;

  addCounting(c: CountingScore): void {
    this.countingTotal += 1;
    if (c.match) this.countingMatch += 1;
    if (c.absError !== null && c.sqError !== null) {
      this.absErrorSum += c.absError;
      this.sqErrorSum += c.sqError;
      this.errorCount += 1;
    }
  }

  addEnumeration(e: EnumerationScore, correct: boolean): void {
    this.enumTotal += 1;
    this.tp += e.tp;
    this.fp += e.fp;
    this.fn += e.fn;
    if (e.precisionIsOne) this.agreement += 1;
    if (e.complete) this.complete += 1;
    if (correct) this.enumCorrect += 1;
  }

  addIou(union: number, hull: number): void {
    this.iouUnionSum += union;
    this.iouHullSum += hull;
    this.iouCount += 1;
  }

  summary(variant: EcVariant): EcGroupSummary {
    const { precision, recall, f1 } = precisionRecallF1(this.tp, this.fp, this.fn);
    const iouSum = variant === "paper" ? this.iouHullSum : this.iouUnionSum;
    return {
      counting_total: this.countingTotal,
      counting_match: this.countingMatch,
      counting_match_rate_percent: pct(this.countingMatch, this.countingTotal),
      counting_mae: this.errorCount > 0 ? this.absErrorSum / this.errorCount : 0,
      enumeration_total: this.enumTotal,
      enumeration_correct: this.enumCorrect,
      enumeration_accuracy_percent: pct(this.enumCorrect, this.enumTotal),
      enumeration_precision: precision,
      enumeration_recall: recall,
      enumeration_f1: f1,
      overall_accuracy_percent: pct(this.countingMatch + this.enumCorrect, this.countingTotal + this.enumTotal),
      clip_miou: this.iouCount > 0 ? iouSum / this.iouCount : 0,
      clip_iou_count: this.iouCount,
    };
  }
}

function summariseGroups(groups: Map<string, GroupAcc>, variant: EcVariant): Record<string, EcGroupSummary> {
  const out: Record<string, EcGroupSummary> = {};
  for (const key of [...groups.keys()].sort()) out[key] = groups.get(key)!.summary(variant);
  return out;
}

function groupOf(groups: Map<string, GroupAcc>, key: string): GroupAcc {
  let g = groups.get(key);
  if (!g) {
    g = new GroupAcc();
    groups.set(key, g);
  }
  return g;
}

/**
 * Genre key: trimmed, lower case, "sports" → "sport".
 *
 * Edge cases: null/undefined/blank → "(none)".
 */
export function genreKey(genre: string | null | undefined): string {
  const g = (genre ?? "").trim().toLowerCase();
  if (g === "") return "(none)";
  return g === "sports" ? "sport" : g;
}

function pct(n: number, d: number): number {
  return d > 0 ? (n / d) * 100 : 0;
}

function pad(clips: readonly Interval[], seconds: number): readonly Interval[] {
  return seconds === 0 ? clips : clips.map(([s, e]) => [s, e + seconds] as Interval);
}

function isBlank(x: string | null | undefined): boolean {
  return x == null || String(x).trim() === "";
}
