/**
 * VSTAT metrics (visual state tracking): MCQ accuracy, numeric mean relative accuracy
 * (MRA), their per-question average, taxonomy breakdowns and chance baselines.
 *
 * Sources:
 * - paper: `../shared/papers/vstat.txt` (§3 "Metrics and evaluation protocol",
 *   Appendix B "Chance-level performance", Table 2);
 * - reference code: vision-x-nyu/vstat `lmms_eval/tasks/vstat/utils.py` (commit
 *   5274c5e): `process_docs`, `_parse_prediction`, `_is_correct`, `abs_dist_norm`,
 *   `mean_relative_accuracy`, `process_results`, `aggregate_mean`.
 * The paper and the reference agree on the formulas; the reference fixes the details
 * (answer extraction, thresholds as `np.linspace`), which are reproduced exactly here.
 * Chance baselines are not in the reference code; they follow the paper (Appendix B).
 *
 * Empty sets: a mean over no question is 0 (reference `aggregate_mean`), always reported
 * with its count (`count`, `mcq_count`, `numeric_count`). Policy per metric family:
 * `docs/metrics/README.md`.
 *
 * Pure TypeScript: no I/O.
 */
import { pyInt, toAsciiDigits } from "./py-compat";

/** One question, as in the QA JSON (`{"data": {source_task: [doc, ...]}}`). */
export type VstatDoc = {
  sourceTask: string;
  videoId?: string;
  videoPath?: string;
  question?: string;
  /** Options; empty for numeric (and open-ended text) questions. */
  choices: readonly string[];
  /** MCQ: a letter; numeric: an integer (as text); otherwise free text. */
  answer: string;
  answerIndex?: number | null;
  /** Taxonomy: state element type (Count, Location, Attribute). */
  stateElement?: string;
  /** Taxonomy: state structure (Atomic, Sequence, Set, Dict). */
  stateStructure?: string;
  /** Taxonomy: perceptual challenges (multi-label). */
  perceptualChallenges?: readonly string[];
  /** Video source (YouTube, Synthetic, Recorded), when known. */
  videoSource?: string;
};

/**
 * How a question is scored (reference `process_docs`):
 * - `"mcq"`: `choices` non-empty; truth = `String(answer).trim()`;
 * - `"numeric"`: no choices and Python `int(answer.strip())` succeeds (`pyInt`);
 * - `"text"`: no choices, not an integer (e.g. tied answers "diamond, spade"):
 *   truth = trimmed answer, compared lower-cased.
 * MCQ and text questions are both reported under `MCQ_ACC` (as the reference).
 */
export type VstatKind = "mcq" | "numeric" | "text";

export type VstatTarget = { kind: VstatKind; answerText: string; targetValue: number | null };

/**
 * Classifies a question and prepares its truth (see `VstatKind`).
 *
 * Edge cases: null/undefined answer → "" (a text question); "3.0" or "1e3" are not
 * integers → text; missing `choices` → not MCQ.
 */
export function vstatTarget(doc: Pick<VstatDoc, "choices" | "answer">): VstatTarget {
  const text = String(doc.answer ?? "").trim();
  if (doc.choices && doc.choices.length > 0) return { kind: "mcq", answerText: text, targetValue: null };
  const value = pyInt(text);
  if (value !== null) return { kind: "numeric", answerText: String(value), targetValue: value };
  return { kind: "text", answerText: text, targetValue: null };
}

const WORD = "[\\p{L}\\p{N}_]";
const MCQ_LETTER = new RegExp(`(?<!${WORD})([A-D])(?!${WORD})`, "gu");

/**
 * MCQ answer extraction (reference `_extract_mcq_letter`): the LAST standalone letter
 * A–D in the upper-cased response (`\b([A-D])\b`, word boundaries in Python's Unicode
 * sense). Quirk kept on purpose: the article "a" counts, so "B, a guess" gives "A";
 * letters E and beyond are never extracted.
 *
 * Edge cases: empty text or no standalone A–D → null (scores 0).
 */
export function extractMcqLetter(text: string): string | null {
  const matches = [...String(text).toUpperCase().matchAll(MCQ_LETTER)];
  return matches.length ? matches[matches.length - 1][1] : null;
}

/**
 * Numeric answer extraction (reference `_extract_last_integer`): the LAST match of
 * `-?\d+` (Unicode digits), so "3.5" gives 5 and "4, no 5" gives 5.
 *
 * Edge cases: no digit → null (scores 0); integers beyond 2^53 lose precision (a double,
 * where Python keeps an exact int).
 */
export function extractLastInteger(text: string): number | null {
  const matches = [...String(text).matchAll(/-?\p{Nd}+/gu)];
  if (!matches.length) return null;
  return pyInt(toAsciiDigits(matches[matches.length - 1][0]));
}

/**
 * Relative distance (reference `abs_dist_norm`): |p - t| / |t|; for t = 0 it is 0 when
 * p = 0, +∞ otherwise.
 *
 * Edge cases: the zero division t = 0 is defined above (0 or +∞), never NaN.
 */
export function absDistNorm(prediction: number, target: number): number {
  if (target === 0) return prediction === target ? 0 : Infinity;
  return Math.abs(prediction - target) / Math.abs(target);
}

/**
 * The ten confidence thresholds θ ∈ {0.50, 0.55, …, 0.95}, computed as numpy's
 * `np.linspace(0.5, 0.95, 10)` (θ_k = k·((0.95 - 0.5)/9) + 0.5, last = 0.95), so the
 * float values match the reference bit for bit (θ_8 = 0.8999999999999999).
 */
export const MRA_THRESHOLDS: readonly number[] = (() => {
  const step = (0.95 - 0.5) / 9;
  const out: number[] = [];
  for (let k = 0; k < 10; k++) out.push(k * step + 0.5);
  out[9] = 0.95;
  return out;
})();

/**
 * Mean relative accuracy (reference `mean_relative_accuracy(pred, target, .5, .95, .05)`):
 *
 *   MRA(p, t) = (1/10) Σ_{θ ∈ MRA_THRESHOLDS} 1[ absDistNorm(p, t) <= 1 - θ ]
 *
 * with p the extracted integer and t the true integer. t = 0: 1 if p = 0 else 0.
 * p = null (nothing extracted) → 0. In [0, 1], multiples of 0.1.
 *
 * Edge cases: t = 0 (zero division) → 1 if p = 0 else 0 (`absDistNorm`); p = null
 * (unparseable answer) → 0.
 */
export function meanRelativeAccuracy(prediction: number | null, target: number): number {
  if (prediction === null) return 0;
  const d = absDistNorm(prediction, target);
  let hits = 0;
  for (const theta of MRA_THRESHOLDS) if (d <= 1 - theta) hits += 1;
  return hits / MRA_THRESHOLDS.length;
}

export type VstatDocScore = {
  kind: VstatKind;
  /** Extracted answer: letter (mcq), integer (numeric), lower-cased text (text), or null. */
  parsed: string | number | null;
  /** MCQ/text: 0 or 1; numeric: MRA. */
  score: number;
};

/**
 * Scores one response (reference `process_results`): the response is `String(x).trim()`
 * (null/undefined → ""), parsed by kind (`extractMcqLetter`, `extractLastInteger`, or
 * lower-cased text) and compared: MCQ letter = truth letter; text equal lower-cased;
 * numeric → `meanRelativeAccuracy`.
 *
 * Edge cases: missing response (null/undefined) → "", scored like any unparseable
 * response: 0 for MCQ and numeric; for a text question "" matches only a blank truth.
 */
export function scoreVstatDoc(doc: Pick<VstatDoc, "choices" | "answer">, response: string | null | undefined): VstatDocScore {
  const target = vstatTarget(doc);
  const text = response == null ? "" : String(response).trim();
  if (target.kind === "mcq") {
    const parsed = extractMcqLetter(text);
    return { kind: "mcq", parsed, score: parsed !== null && parsed === target.answerText ? 1 : 0 };
  }
  if (target.kind === "numeric") {
    const parsed = extractLastInteger(text);
    return { kind: "numeric", parsed, score: meanRelativeAccuracy(parsed, target.targetValue!) };
  }
  const parsed = text.toLowerCase();
  return { kind: "text", parsed, score: parsed === target.answerText.toLowerCase() ? 1 : 0 };
}

/** Averages of one group of questions (scores are fractions in [0, 1]). */
export type VstatGroupSummary = {
  count: number;
  /** Mean score over all questions of the group. */
  ALL_Score_avg: number;
  mcq_count: number;
  /** Mean 0/1 accuracy over MCQ + text questions; 0 when none. */
  MCQ_ACC: number;
  numeric_count: number;
  /** Mean MRA over numeric questions; 0 when none. */
  Numeric_MRA: number;
};

export type VstatSummary = VstatGroupSummary & {
  by_state_element: Record<string, VstatGroupSummary>;
  by_state_structure: Record<string, VstatGroupSummary>;
  /** Multi-label: a question counts once in each of its challenges. */
  by_perceptual_challenge: Record<string, VstatGroupSummary>;
  by_source_task: Record<string, VstatGroupSummary>;
  by_video_source: Record<string, VstatGroupSummary>;
};

/**
 * Aggregates per-question scores (reference `aggregate_mean` for each metric):
 * ALL_Score_avg = (1/N) Σ_i s_i over ALL questions (not the mean of bucket means:
 * paper Table 2 note), MCQ_ACC over MCQ + text questions, Numeric_MRA over numeric
 * ones; each 0 when its set is empty. Breakdowns use the same means within each
 * taxonomy label, source task and video source; missing labels are grouped under
 * "(none)".
 *
 * Edge cases: empty input → every mean 0 with count 0 (reference `aggregate_mean`), groups
 * {}; a set with no MCQ (or no numeric) question → MCQ_ACC (Numeric_MRA) 0 with
 * mcq_count (numeric_count) 0; a doc without an entry in `scores` is left out of every
 * count (`scoreVstat` always supplies one).
 */
export function summarizeVstat(docs: readonly VstatDoc[], scores: readonly VstatDocScore[]): VstatSummary {
  const all = new Acc();
  const element = new Map<string, Acc>();
  const structure = new Map<string, Acc>();
  const challenge = new Map<string, Acc>();
  const task = new Map<string, Acc>();
  const source = new Map<string, Acc>();
  docs.forEach((doc, i) => {
    const s = scores[i];
    if (!s) return;
    all.add(s);
    accOf(element, label(doc.stateElement)).add(s);
    accOf(structure, label(doc.stateStructure)).add(s);
    const challenges = (doc.perceptualChallenges ?? []).map((c) => label(c));
    for (const c of challenges.length ? [...new Set(challenges)] : ["(none)"]) accOf(challenge, c).add(s);
    accOf(task, label(doc.sourceTask)).add(s);
    accOf(source, label(doc.videoSource)).add(s);
  });
  return {
    ...all.summary(),
    by_state_element: groups(element),
    by_state_structure: groups(structure),
    by_perceptual_challenge: groups(challenge),
    by_source_task: groups(task),
    by_video_source: groups(source),
  };
}

/**
 * Scores every question against its response (`responses[i]` for `docs[i]`).
 *
 * Edge cases: a missing prediction (`responses` shorter, or null/undefined) → "" and
 * score 0, kept in every average (as the reference); empty input → the empty summary
 * of `summarizeVstat`.
 */
export function scoreVstat(
  docs: readonly VstatDoc[],
  responses: readonly (string | null | undefined)[],
): { summary: VstatSummary; scores: VstatDocScore[] } {
  const scores = docs.map((d, i) => scoreVstatDoc(d, responses[i]));
  return { summary: summarizeVstat(docs, scores), scores };
}

/** How chance baselines group questions: default `source_task` + kind. */
export type QuestionTypeKey = (doc: VstatDoc, kind: VstatKind) => string;

export type VstatChance = {
  /**
   * Chance Level (Random), paper Appendix B: Acc = 1/k for an MCQ with k choices;
   * inapplicable (left out) for numeric and text questions. Averages over MCQs only.
   */
  random: VstatSummary;
  /**
   * Chance Level (Frequency): per question type, always answer the most frequent
   * answer (MCQ/text; score 1 where the truth equals it), or the integer constant c
   * in [min, max] of the type's numeric answers maximising mean MRA (score MRA(c, t)).
   */
  frequency: VstatSummary;
  /** The constant chosen per question type. */
  constants: Record<string, { kind: VstatKind; answer: string | number; mean: number; count: number }>;
};

/**
 * Chance baselines per question type (paper Appendix B, following VSI-Bench):
 *
 *   Acc_rand^mcq = 1/k;  Acc_freq = max_i p_i;  MRA_freq = max_{c ∈ [l, h]} E_a[MRA(c, a)]
 *
 * computed separately for each question type (default key: source task + kind; the
 * paper: "we compute these accuracies separately for each question type") and
 * aggregated like model scores (`summarizeVstat`), so the rows are comparable with
 * Table 2. Choices made where the paper is silent:
 * - c ranges over INTEGERS in [l, h] = [min, max] of the type's answers (the
 *   reference extracts integers from responses, so no model can answer 2.5); the
 *   search is exact: the maximum is attained at l or at the smallest integer of some
 *   interval {c : |c - a| <= (1-θ)|a|}, and all such candidates are tried;
 * - ties: smallest constant, and for MCQ/text the answer that sorts first.
 *
 * Edge cases: empty input → both summaries empty (0 with count 0), constants {}; no MCQ →
 * `random` is the empty summary (the random baseline does not apply, count 0 says so).
 */
export function chanceBaselines(docs: readonly VstatDoc[], key: QuestionTypeKey = defaultTypeKey): VstatChance {
  const targets = docs.map((d) => vstatTarget(d));
  const byType = new Map<string, number[]>();
  targets.forEach((t, i) => {
    const k = key(docs[i], t.kind);
    const list = byType.get(k);
    if (list) list.push(i);
    else byType.set(k, [i]);
  });

  const freqScores: VstatDocScore[] = new Array(docs.length);
  const constants: VstatChance["constants"] = {};
  for (const [typeKey, idx] of byType) {
    const kinds = [...new Set(idx.map((i) => targets[i].kind))];
    for (const kind of kinds) {
      const k = kinds.length > 1 ? `${typeKey}:${kind}` : typeKey;
      const sameKind = idx.filter((i) => targets[i].kind === kind);
      if (kind === "numeric") {
        const values = sameKind.map((i) => targets[i].targetValue!);
        const best = bestConstant(values);
        for (const i of sameKind) {
          freqScores[i] = { kind, parsed: best.value, score: meanRelativeAccuracy(best.value, targets[i].targetValue!) };
        }
        constants[k] = { kind, answer: best.value, mean: best.mean, count: values.length };
      } else {
        const norm = (i: number) => (kind === "text" ? targets[i].answerText.toLowerCase() : targets[i].answerText);
        const counts = new Map<string, number>();
        for (const i of sameKind) counts.set(norm(i), (counts.get(norm(i)) ?? 0) + 1);
        const [mode, n] = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))[0];
        for (const i of sameKind) freqScores[i] = { kind, parsed: mode, score: norm(i) === mode ? 1 : 0 };
        constants[k] = { kind, answer: mode, mean: n / sameKind.length, count: sameKind.length };
      }
    }
  }

  const mcqDocs: VstatDoc[] = [];
  const randScores: VstatDocScore[] = [];
  docs.forEach((d, i) => {
    if (targets[i].kind !== "mcq") return;
    mcqDocs.push(d);
    randScores.push({ kind: "mcq", parsed: null, score: 1 / d.choices.length });
  });
  return { random: summarizeVstat(mcqDocs, randScores), frequency: summarizeVstat(docs, freqScores), constants };
}

/**
 * Default question type: `source_task` + kind (a task may mix MCQ and numeric).
 *
 * Edge cases: none (a blank task gives ":mcq" etc.).
 */
export function defaultTypeKey(doc: VstatDoc, kind: VstatKind): string {
  return `${doc.sourceTask}:${kind}`;
}

/**
 * The integer c in [min, max] of `values` maximising mean MRA(c, a) over a ∈ values
 * (smallest c on ties). Exact: candidates are min and ceil(a - (1-θ)|a|) ± 1 for every
 * a and θ, clipped to [min, max].
 *
 * Edge cases: empty input → { value: 0, mean: 0 } (the family's 0 for an empty set); one
 * value a → { a, 1 }.
 */
export function bestConstant(values: readonly number[]): { value: number; mean: number } {
  if (values.length === 0) return { value: 0, mean: 0 };
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const candidates = new Set<number>([lo]);
  for (const a of values) {
    candidates.add(a);
    for (const theta of MRA_THRESHOLDS) {
      const left = Math.ceil(a - (1 - theta) * Math.abs(a));
      for (const c of [left - 1, left, left + 1]) if (c >= lo && c <= hi) candidates.add(c);
    }
  }
  let best = { value: lo, mean: -1 };
  for (const c of [...candidates].sort((x, y) => x - y)) {
    let sum = 0;
    for (const a of values) sum += meanRelativeAccuracy(c, a);
    const mean = sum / values.length;
    if (mean > best.mean + 1e-12) best = { value: c, mean };
  }
  return best;
}

class Acc {
  n = 0;
  sum = 0;
  mcqN = 0;
  mcqSum = 0;
  numN = 0;
  numSum = 0;

  add(s: VstatDocScore): void {
    this.n += 1;
    this.sum += s.score;
    if (s.kind === "numeric") {
      this.numN += 1;
      this.numSum += s.score;
    } else {
      this.mcqN += 1;
      this.mcqSum += s.score;
    }
  }

  summary(): VstatGroupSummary {
    return {
      count: this.n,
      ALL_Score_avg: this.n ? this.sum / this.n : 0,
      mcq_count: this.mcqN,
      MCQ_ACC: this.mcqN ? this.mcqSum / this.mcqN : 0,
      numeric_count: this.numN,
      Numeric_MRA: this.numN ? this.numSum / this.numN : 0,
    };
  }
}

function accOf(m: Map<string, Acc>, k: string): Acc {
  let a = m.get(k);
  if (!a) {
    a = new Acc();
    m.set(k, a);
  }
  return a;
}

function groups(m: Map<string, Acc>): Record<string, VstatGroupSummary> {
  const out: Record<string, VstatGroupSummary> = {};
  for (const k of [...m.keys()].sort()) out[k] = m.get(k)!.summary();
  return out;
}

function label(x: string | null | undefined): string {
  const s = (x ?? "").trim();
  return s === "" ? "(none)" : s;
}
