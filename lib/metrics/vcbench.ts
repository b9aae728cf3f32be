/**
 * VCBench metrics (streaming counting): GPA, MoC and UDA per question, per subtype and
 * overall, the parsing of predictions, and the ground-truth rule that derives the answer
 * at a query point from annotated moments.
 *
 * Sources:
 * - paper: `../shared/papers/vcbench.txt` §3.3 eq. (1)-(3), §4.1 and appendix B.1;
 * - reference code: github.com/buaa-colalab/VCBench @48ab208, `eval/compute_metrics.py`
 *   (metrics, subtype applicability, aggregation) and `eval/unify_results.py` (parsing of
 *   raw predictions with Python `int()`).
 *
 * `variant: "reference"` (default) mirrors the reference code; `variant: "paper"` follows
 * the paper where the two differ (see {@link VcbenchVariant}). Pure TypeScript.
 */
import { pythonIntOrNull, vcbenchPaperNumber } from "./parse-answer";

export const VCBENCH_SUBTYPES = [
  "O1-Snap",
  "O1-Delta",
  "O2-Unique",
  "O2-Gain",
  "E1-Action",
  "E1-Transit",
  "E2-Periodic",
  "E2-Episode",
] as const;
export type VcbenchSubtype = (typeof VCBENCH_SUBTYPES)[number];

/** Subtypes for which MoC is computed (reference `MOC_SUBTYPES`; paper Tables 2-3 agree). */
export const VCBENCH_MOC_SUBTYPES: ReadonlySet<string> = new Set([
  "O2-Unique",
  "E1-Action",
  "E1-Transit",
  "E2-Periodic",
  "E2-Episode",
]);
/** Subtypes for which UDA is computed (reference `UDA_SUBTYPES`; paper Tables 2-3 agree). */
export const VCBENCH_UDA_SUBTYPES: ReadonlySet<string> = new Set([
  "O1-Snap",
  "O2-Unique",
  "E1-Action",
  "E1-Transit",
  "E2-Periodic",
  "E2-Episode",
]);

const SUBTYPE_SET: ReadonlySet<string> = new Set(VCBENCH_SUBTYPES);

/** True when `s` is one of the eight VCBench subtypes. */
export function isVcbenchSubtype(s: unknown): s is VcbenchSubtype {
  return typeof s === "string" && SUBTYPE_SET.has(s);
}

/**
 * Which definition to follow where paper and reference code differ.
 *
 * | aspect | `"reference"` (default, compute_metrics.py / unify_results.py @48ab208) | `"paper"` (vcbench.txt) |
 * |---|---|---|
 * | order of query points for MoC/UDA | as stored (the real file lists some O1-Snap query times out of order) | by query time (stable) |
 * | raw text predictions | Python `int(text)`: only a bare integer is valid | first number in the text, digits or English words |
 * | numeric per-point predictions | `int(x)` truncates (3.7 → 3) | used as is |
 *
 * Both variants exclude invalid answers (the paper: "marked as invalid answers and skipped
 * during metric calculation"; the reference has no rule and raises a TypeError on `None`).
 */
export type VcbenchVariant = "reference" | "paper";

// ---------------------------------------------------------------------------
// Metrics on one question
// ---------------------------------------------------------------------------

/** sign(x) ∈ {-1, 0, +1} (reference `sign`). */
export function vcbenchSign(x: number): -1 | 0 | 1 {
  return x > 0 ? 1 : x < 0 ? -1 : 0;
}

/**
 * Gaussian Precision Accuracy of one question (paper eq. (1); reference `compute_gpa`):
 *
 *   GPA = (1/n) Σ_{i=1..n} exp(-(p_i - g_i)² / (2 σ_i²)),   σ_i = 0.05 · max(g_i, 1)
 *
 * p_i: prediction at query point i, g_i: ground-truth count, n: number of (valid) query
 * points. Range [0, 1]; 1 iff every p_i = g_i. Applies to all eight subtypes.
 * Edge cases: n = 0 → `null` (no score; excluded from means); g_i <= 1 (including
 * negative O1-Delta answers) gives σ_i = 0.05; a non-finite difference gives 0.
 * `predictions` and `truths` are read at the same indices; `from`/`to` (default: the
 * whole of `predictions`) restrict the computation to indices [from, to).
 */
export function gaussianPrecisionAccuracy(
  predictions: ArrayLike<number>,
  truths: ArrayLike<number>,
  from = 0,
  to = predictions.length,
): number | null {
  const n = to - from;
  if (n <= 0) return null;
  let total = 0;
  for (let i = from; i < to; i++) {
    const g = truths[i];
    const sigma = 0.05 * Math.max(g, 1);
    const d = predictions[i] - g;
    total += Math.exp(-(d * d) / (2 * sigma * sigma));
  }
  return total / n;
}

/**
 * Monotonicity Consistency of one question (paper eq. (2); reference `compute_moc`):
 *
 *   MoC = (v - 1) / (n - 1),   v = min{ i : p_{i+1} < p_i } (1-based), v = n if none
 *
 * i.e. the share of adjacent pairs before the first decrease. Range [0, 1]; 1 when the
 * predictions never decrease, 0 when the first pair already decreases. Only meaningful
 * for cumulative subtypes ({@link VCBENCH_MOC_SUBTYPES}). Edge case: n < 2 → `null`.
 * The reference code writes `i / (n - 1)` with a 0-based i, which is the same number.
 * `from`/`to` restrict the computation to indices [from, to).
 */
export function monotonicityConsistency(predictions: ArrayLike<number>, from = 0, to = predictions.length): number | null {
  const n = to - from;
  if (n < 2) return null;
  for (let i = from; i < to - 1; i++) {
    if (predictions[i + 1] < predictions[i]) return (i - from) / (n - 1);
  }
  return 1;
}

/**
 * Update Direction Accuracy of one question (paper eq. (3); reference `compute_uda`):
 *
 *   UDA = (1/(n-1)) Σ_{i=1..n-1} 1[ sign(p_{i+1} - p_i) = sign(g_{i+1} - g_i) ]
 *
 * Range [0, 1]; symmetric in (p, g); invariant under adding a constant to p or to g.
 * Applies to {@link VCBENCH_UDA_SUBTYPES}. Edge case: n < 2 → `null`.
 * `from`/`to` restrict the computation to indices [from, to).
 */
export function updateDirectionAccuracy(
  predictions: ArrayLike<number>,
  truths: ArrayLike<number>,
  from = 0,
  to = predictions.length,
): number | null {
  const n = to - from;
  if (n < 2) return null;
  let matches = 0;
  for (let i = from; i < to - 1; i++) {
    if (vcbenchSign(predictions[i + 1] - predictions[i]) === vcbenchSign(truths[i + 1] - truths[i])) matches += 1;
  }
  return matches / (n - 1);
}

// ---------------------------------------------------------------------------
// Prediction parsing
// ---------------------------------------------------------------------------

/** Where a prediction value comes from. */
export type VcbenchPredictionSource = "per-point" | "unified";

/**
 * The number a raw prediction value stands for, or `null` when it is invalid.
 *
 * reference variant:
 * - per-point records (`{id, query_time, prediction}`, the raw model output): Python
 *   `int(value)` as `unify_results.py` does ({@link pythonIntOrNull}): "5" → 5,
 *   " 5 " → 5, 3.7 → 3, true → 1, "5 chairs" / "five" / "5.0" / null → invalid;
 * - unified records (`{id, predictions: [...]}`, after `unify_results.py`): numbers are
 *   used as they are (3.7 stays 3.7, as `compute_metrics.py` reads them), booleans as
 *   0/1, strings through `int()` (the reference would crash on a string), null → invalid.
 * paper variant (both sources): {@link vcbenchPaperNumber}: numbers as they are, the first
 * number written with digits or English words in a text ("I count five chairs" → 5).
 * Non-finite numbers are invalid in every case.
 */
export function parseVcbenchPrediction(
  value: unknown,
  options: { variant?: VcbenchVariant; source: VcbenchPredictionSource },
): number | null {
  const variant = options.variant ?? "reference";
  let out: number | null;
  if (variant === "paper") out = vcbenchPaperNumber(value);
  else if (options.source === "unified" && typeof value === "number") out = value;
  else out = pythonIntOrNull(value);
  return out !== null && Number.isFinite(out) ? out : null;
}

// ---------------------------------------------------------------------------
// Question scores and aggregation
// ---------------------------------------------------------------------------

/**
 * One question to score: its subtype, query times and ground-truth counts in stored
 * order, and one prediction per query point (`null` or a non-finite number = invalid or
 * missing answer).
 */
export type VcbenchQuestionInput = {
  subtype: string;
  times: ArrayLike<number>;
  truths: ArrayLike<number>;
  predictions: ArrayLike<number | null>;
  /** Optional slice [from, to) of the three arrays holding this question (default: all). */
  from?: number;
  to?: number;
};

/** Scores of one question, shaped like the reference's `per_question` entries. */
export type VcbenchQuestionScore = {
  subtype: string;
  gpa: number | null;
  moc: number | null;
  uda: number | null;
  /** Query points of the question. */
  n_queries: number;
  /** Query points with a valid prediction (the n used by the metrics). */
  n_valid: number;
};

/**
 * Scores one question.
 *
 * Invalid or missing predictions are excluded: the metrics are computed on the
 * subsequence of query points with a valid prediction (n = n_valid), in stored order
 * (reference) or sorted by query time (paper; ties keep stored order). GPA for every
 * subtype; MoC for {@link VCBENCH_MOC_SUBTYPES} and UDA for {@link VCBENCH_UDA_SUBTYPES},
 * both only when n_valid >= 2 (reference: `subtype in MOC_SUBTYPES and n >= 2`).
 * Unknown subtypes get GPA only (reference maps them to "Unknown").
 * All predictions invalid → gpa = moc = uda = null (the question still counts in
 * `n_questions`, as the reference does for an empty prediction list).
 */
export function scoreVcbenchQuestion(
  question: VcbenchQuestionInput,
  variant: VcbenchVariant = "reference",
): VcbenchQuestionScore {
  const { subtype, times, truths, predictions } = question;
  const from = question.from ?? 0;
  const to = question.to ?? predictions.length;
  const nQueries = to - from;
  let nValid = 0;
  for (let i = from; i < to; i++) {
    const p = predictions[i];
    if (p !== null && Number.isFinite(p)) nValid += 1;
  }
  const moc = VCBENCH_MOC_SUBTYPES.has(subtype);
  const uda = VCBENCH_UDA_SUBTYPES.has(subtype);
  const needsOrder = variant === "paper" && !isSorted(times, from, to);
  if (nValid === nQueries && !needsOrder) {
    const p = predictions as ArrayLike<number>;
    return {
      subtype,
      gpa: gaussianPrecisionAccuracy(p, truths, from, to),
      moc: moc && nValid >= 2 ? monotonicityConsistency(p, from, to) : null,
      uda: uda && nValid >= 2 ? updateDirectionAccuracy(p, truths, from, to) : null,
      n_queries: nQueries,
      n_valid: nValid,
    };
  }
  let idx: number[] = [];
  for (let i = from; i < to; i++) {
    const v = predictions[i];
    if (v !== null && Number.isFinite(v)) idx.push(i);
  }
  if (needsOrder) idx = idx.sort((a, b) => times[a] - times[b] || a - b);
  const p = new Array<number>(idx.length);
  const g = new Array<number>(idx.length);
  for (let k = 0; k < idx.length; k++) {
    p[k] = predictions[idx[k]] as number;
    g[k] = truths[idx[k]];
  }
  const n = p.length;
  return {
    subtype,
    gpa: gaussianPrecisionAccuracy(p, g),
    moc: moc && n >= 2 ? monotonicityConsistency(p) : null,
    uda: uda && n >= 2 ? updateDirectionAccuracy(p, g) : null,
    n_queries: nQueries,
    n_valid: nValid,
  };
}

function isSorted(times: ArrayLike<number>, from: number, to: number): boolean {
  for (let i = from + 1; i < to; i++) if (times[i] < times[i - 1]) return false;
  return true;
}

/** Subtype row of the aggregate (reference `by_subtype[...]`). */
export type VcbenchSubtypeScores = {
  n_questions: number;
  gpa: number | null;
  moc: number | null;
  uda: number | null;
};

/** Overall row of the aggregate (reference `overall`) plus point counts. */
export type VcbenchOverallScores = VcbenchSubtypeScores & {
  gpa_n: number;
  moc_n: number;
  uda_n: number;
  /** Query points of the scored questions. */
  n_points: number;
  /** Of those, points with a valid prediction. */
  n_valid_points: number;
};

export type VcbenchAggregate = {
  overall: VcbenchOverallScores;
  by_subtype: Record<string, VcbenchSubtypeScores>;
};

/**
 * Aggregates question scores as `compute_metrics.py` does: for each metric, the mean
 * over the questions whose value is not null (a question-weighted mean, not a mean of
 * subtype means; the paper's overall row matches this), per subtype and overall.
 *
 *   M_overall = (1/|Q_M|) Σ_{q ∈ Q_M} M_q,  Q_M = questions with a value for M
 *
 * `n_questions` counts every scored question (also those whose metrics are all null);
 * `gpa_n`/`moc_n`/`uda_n` count the questions entering each mean. A mean over no values is
 * `null`. Subtypes appear in order of first appearance. Empty input → overall with
 * n_questions 0 and null metrics, `by_subtype` empty. Tables show values ×100.
 */
export function aggregateVcbench(scores: Iterable<VcbenchQuestionScore>): VcbenchAggregate {
  const agg = new VcbenchAggregator();
  for (const s of scores) agg.add(s);
  return agg.result();
}

type Acc = { n: number; gpa: number; gpaN: number; moc: number; mocN: number; uda: number; udaN: number };

/**
 * Incremental form of {@link aggregateVcbench} (same numbers, same summation order) for
 * callers that score questions one at a time without keeping them.
 */
export class VcbenchAggregator {
  private readonly all: Acc = VcbenchAggregator.fresh();
  private readonly groups = new Map<string, Acc>();
  private nPoints = 0;
  private nValid = 0;

  private static fresh(): Acc {
    return { n: 0, gpa: 0, gpaN: 0, moc: 0, mocN: 0, uda: 0, udaN: 0 };
  }

  private static addTo(acc: Acc, s: VcbenchQuestionScore): void {
    acc.n += 1;
    if (s.gpa !== null) { acc.gpa += s.gpa; acc.gpaN += 1; }
    if (s.moc !== null) { acc.moc += s.moc; acc.mocN += 1; }
    if (s.uda !== null) { acc.uda += s.uda; acc.udaN += 1; }
  }

  add(s: VcbenchQuestionScore): void {
    let g = this.groups.get(s.subtype);
    if (!g) { g = VcbenchAggregator.fresh(); this.groups.set(s.subtype, g); }
    VcbenchAggregator.addTo(g, s);
    VcbenchAggregator.addTo(this.all, s);
    this.nPoints += s.n_queries;
    this.nValid += s.n_valid;
  }

  result(): VcbenchAggregate {
    const mean = (sum: number, n: number) => (n > 0 ? sum / n : null);
    const by_subtype: Record<string, VcbenchSubtypeScores> = {};
    for (const [subtype, g] of this.groups) {
      by_subtype[subtype] = { n_questions: g.n, gpa: mean(g.gpa, g.gpaN), moc: mean(g.moc, g.mocN), uda: mean(g.uda, g.udaN) };
    }
    const all = this.all;
    return {
      overall: {
        n_questions: all.n,
        gpa: mean(all.gpa, all.gpaN),
        moc: mean(all.moc, all.mocN),
        uda: mean(all.uda, all.udaN),
        gpa_n: all.gpaN,
        moc_n: all.mocN,
        uda_n: all.udaN,
        n_points: this.nPoints,
        n_valid_points: this.nValid,
      },
      by_subtype,
    };
  }
}

/** A truth question as needed for scoring. */
export type VcbenchTruthQuestion = {
  id: string;
  subtype: string;
  times: readonly number[];
  counts: readonly number[];
};

/**
 * Scores predictions given per question id as one raw value per stored query point
 * (aligned with `times`; shorter lists leave the remaining points missing). Questions
 * without an entry are not scored (as in the reference, which only iterates over
 * prediction records) and are listed in `missing`. Raw values are parsed with
 * {@link parseVcbenchPrediction} (`source` defaults to "unified").
 */
export function scoreVcbench(
  truth: readonly VcbenchTruthQuestion[],
  predictions: ReadonlyMap<string, readonly unknown[]>,
  options: { variant?: VcbenchVariant; source?: VcbenchPredictionSource } = {},
): VcbenchAggregate & { per_question: Record<string, VcbenchQuestionScore>; missing: string[] } {
  const variant = options.variant ?? "reference";
  const source = options.source ?? "unified";
  const perQuestion: Record<string, VcbenchQuestionScore> = {};
  const missing: string[] = [];
  for (const q of truth) {
    const raw = predictions.get(q.id);
    if (!raw) { missing.push(q.id); continue; }
    const preds = q.times.map((_, i) => (i < raw.length ? parseVcbenchPrediction(raw[i], { variant, source }) : null));
    perQuestion[q.id] = scoreVcbenchQuestion({ subtype: q.subtype, times: q.times, truths: q.counts, predictions: preds }, variant);
  }
  return { ...aggregateVcbench(Object.values(perQuestion)), per_question: perQuestion, missing };
}

// ---------------------------------------------------------------------------
// Ground-truth rule
// ---------------------------------------------------------------------------

/** Annotated moments of one question, per subtype. Times in seconds. */
export type VcbenchAnnotation =
  | { subtype: "O1-Snap" }
  | { subtype: "O2-Unique" | "E1-Action" | "E1-Transit"; moments: readonly number[] }
  | { subtype: "E2-Periodic" | "E2-Episode"; occurrences: ReadonlyArray<{ start: number; end: number }> }
  | { subtype: "O2-Gain"; window: { start: number; end: number }; firstAppearances?: readonly number[] }
  | { subtype: "O1-Delta"; window: { start: number; end: number }; countAtStart?: number; countAtEnd?: number };

/**
 * The answer at query time q derived from annotated moments (SPEC §2; paper §3.2 and
 * A.2), or `null` when the annotation does not determine it:
 * - O2-Unique, E1-Action, E1-Transit: |{ t ∈ moments : t <= q }| (first appearances of
 *   individuals for O2-Unique, occurrence times for E1);
 * - E2-Periodic, E2-Episode: |{ occurrences : end <= q }| (only completed occurrences);
 * - O2-Gain: |{ t ∈ firstAppearances : start <= t <= min(end, q) }|, `null` without
 *   first appearances;
 * - O1-Delta: countAtEnd - countAtStart, `null` unless both counts are annotated;
 * - O1-Snap: `null` (the count visible at q is itself the annotation).
 * The paper's wording for O2-Unique is "before that moment"; the stored counts of the
 * real file follow t <= q (a strict rule disagrees with 347 stored counts, t <= q with 62),
 * so Playhead uses t <= q throughout.
 */
export function vcbenchRuleCount(annotation: VcbenchAnnotation, q: number): number | null {
  switch (annotation.subtype) {
    case "O2-Unique":
    case "E1-Action":
    case "E1-Transit": {
      let c = 0;
      for (const t of annotation.moments) if (t <= q) c += 1;
      return c;
    }
    case "E2-Periodic":
    case "E2-Episode": {
      let c = 0;
      for (const o of annotation.occurrences) if (o.end <= q) c += 1;
      return c;
    }
    case "O2-Gain": {
      if (!annotation.firstAppearances) return null;
      const hi = Math.min(annotation.window.end, q);
      let c = 0;
      for (const t of annotation.firstAppearances) if (t >= annotation.window.start && t <= hi) c += 1;
      return c;
    }
    case "O1-Delta":
      if (annotation.countAtStart === undefined || annotation.countAtEnd === undefined) return null;
      return annotation.countAtEnd - annotation.countAtStart;
    case "O1-Snap":
      return null;
  }
}

/** `occurrence_times` of a native `vcbench_data.jsonl` record. */
export type VcbenchOccurrenceTimes = readonly number[] | { start: readonly number[]; end: readonly number[] };

/**
 * The {@link VcbenchAnnotation} held by a native record's `occurrence_times`:
 * a list of seconds for O2-Unique / E1-* (O1-Snap's list merely repeats the query times
 * and is ignored); `{start, end}` pairs for E2-*; `{start: [s], end: [e]}` is the query
 * window for O1-Delta / O2-Gain, whose counts and first appearances the file does not
 * hold. Returns `null` when the shape does not fit the subtype.
 */
export function vcbenchAnnotationFromRecord(subtype: VcbenchSubtype, occurrenceTimes: VcbenchOccurrenceTimes): VcbenchAnnotation | null {
  const isList = Array.isArray(occurrenceTimes);
  switch (subtype) {
    case "O1-Snap":
      return { subtype };
    case "O2-Unique":
    case "E1-Action":
    case "E1-Transit":
      return isList ? { subtype, moments: occurrenceTimes as readonly number[] } : null;
    case "E2-Periodic":
    case "E2-Episode": {
      if (isList) return null;
      const { start, end } = occurrenceTimes as { start: readonly number[]; end: readonly number[] };
      if (start.length !== end.length) return null;
      return { subtype, occurrences: start.map((s, i) => ({ start: s, end: end[i] })) };
    }
    case "O1-Delta":
    case "O2-Gain": {
      if (isList) return null;
      const { start, end } = occurrenceTimes as { start: readonly number[]; end: readonly number[] };
      if (start.length !== 1 || end.length !== 1) return null;
      return { subtype, window: { start: start[0], end: end[0] } };
    }
  }
}

/** One stored count that disagrees with {@link vcbenchRuleCount}. */
export type VcbenchCountDisagreement = {
  id: string;
  subtype: VcbenchSubtype;
  /** 0-based index of the query point in stored order. */
  index: number;
  time: number;
  stored: number;
  derived: number;
};

/** A native record as needed by the checker. */
export type VcbenchCheckRecord = {
  id: string;
  counting_subtype: VcbenchSubtype;
  occurrence_times: VcbenchOccurrenceTimes;
  query_points: { time: readonly number[]; count: readonly number[] };
};

/** Outcome of {@link checkVcbenchStoredCounts}. */
export type VcbenchCountCheck = {
  /** Query points whose answer the rule could derive and compare. */
  checked_points: number;
  /** Every stored count that differs from the derived one, in file order. */
  disagreements: VcbenchCountDisagreement[];
  /** Questions whose answers the record cannot determine (O1-Snap, O1-Delta, O2-Gain). */
  underivable_questions: number;
  /** Questions whose `occurrence_times` shape does not fit the subtype. */
  malformed_questions: string[];
  /** Disagreements per subtype. */
  by_subtype: Record<string, number>;
};

/**
 * Lists every stored answer of native records that disagrees with the ground-truth rule
 * ({@link vcbenchRuleCount} on {@link vcbenchAnnotationFromRecord}), comparing with `===`
 * on the numbers as stored (times and counts are compared exactly, no tolerance). The
 * stored counts stay the truth for scoring; this only reports. Empty input → zero counts.
 */
export function checkVcbenchStoredCounts(records: Iterable<VcbenchCheckRecord>): VcbenchCountCheck {
  const out: VcbenchCountCheck = { checked_points: 0, disagreements: [], underivable_questions: 0, malformed_questions: [], by_subtype: {} };
  for (const r of records) {
    const annotation = vcbenchAnnotationFromRecord(r.counting_subtype, r.occurrence_times);
    if (!annotation) { out.malformed_questions.push(r.id); continue; }
    const { time, count } = r.query_points;
    let derivable = true;
    for (let i = 0; i < time.length; i++) {
      const derived = vcbenchRuleCount(annotation, time[i]);
      if (derived === null) { derivable = false; break; }
      out.checked_points += 1;
      if (derived !== count[i]) {
        out.disagreements.push({ id: r.id, subtype: r.counting_subtype, index: i, time: time[i], stored: count[i], derived });
        out.by_subtype[r.counting_subtype] = (out.by_subtype[r.counting_subtype] ?? 0) + 1;
      }
    }
    if (!derivable) out.underivable_questions += 1;
  }
  return out;
}
