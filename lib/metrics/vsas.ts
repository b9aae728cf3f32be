/**
 * VSAS-Bench metrics (visual streaming assistants): response extrapolation, mean
 * average accuracy A from per-second judgements, mean average consistency C from a
 * longest-common-substring distance.
 *
 * Source: paper `../shared/papers/vsas-bench.txt` §3.3 "Metrics" (Eq. 1–4) and §3.3.1
 * (judge output: binary yes/no and a 0–3 rubric). The paper announces code at
 * github.com/apple/ml-vsas-bench; no reference implementation was available, so the
 * paper's wording is the specification and every choice it leaves open is stated
 * below and in `docs/metrics/vsas.md`.
 *
 * Notation: a task t has N_t timesteps (one per second at 1 FPS), ground-truth
 * captions G_1..G_N and model responses R_1..R_N (after extrapolation); J_t of the timesteps
 * have a judgement.
 *
 * Empty sets: an aggregate with nothing to average (A, C, rubric mean over no task) is
 * `null`, not 0: there is no reference code whose numbers must be matched, and a 0 would
 * read as a real score. Per-task formulas keep the paper's value where it is defined (a
 * sum over no adjacent pair is 0). Policy per metric family: `docs/metrics/README.md`.
 *
 * Pure TypeScript: no I/O.
 */

export const VSAS_TASK_TYPES = ["Present", "Cumulative", "Future"] as const;
export type VsasTaskType = (typeof VSAS_TASK_TYPES)[number];

/** Above this |a|·|b| the O(|a|+|b|) suffix-automaton algorithm replaces the DP. */
const DP_LIMIT = 1_000_000;

/**
 * Length of the longest common substring (contiguous) of `a` and `b`, counted in
 * Unicode code points. Exact. Uses the O(|a|·|b|) dynamic programme with one rolling
 * row (memory O(min(|a|,|b|))) when |a|·|b| <= 10^6, otherwise a suffix automaton of
 * the shorter string (time and memory O(|a| + |b|)), so very long responses cannot
 * stall scoring.
 *
 * Edge cases: either string empty → 0; lone surrogates count as one code point each.
 */
export function longestCommonSubstring(a: string, b: string): number {
  let x = codePoints(a);
  let y = codePoints(b);
  if (x.length === 0 || y.length === 0) return 0;
  if (y.length > x.length) [x, y] = [y, x];
  return x.length * y.length <= DP_LIMIT ? lcsDp(x, y) : lcsAutomaton(y, x);
}

/**
 * The distance D used by the consistency metric:
 *
 *   D(a, b) = 1 - |LCSubstr(a, b)| / max(|a|, |b|),   D("", "") = 0
 *
 * |·| in code points, LCSubstr = longest common contiguous substring
 * (`longestCommonSubstring`). In [0, 1]; D(a, a) = 0; symmetric; D(a, "") = 1 for
 * non-empty a. Strings are compared as given (case and whitespace matter).
 * The paper only says "a text edit-distance measure, denoted by D, based on the
 * longest common substring (LCS)"; this normalisation by the longer string is our
 * choice (it makes D a proportion, as the 1 - D terms of Eq. 3 require).
 *
 * Edge cases: the zero division max(|a|, |b|) = 0 is D("", "") = 0 (two empty responses
 * are identical); D(a, "") = 1.
 */
export function lcsDistance(a: string, b: string): number {
  const la = codePoints(a).length;
  const lb = codePoints(b).length;
  const m = Math.max(la, lb);
  if (m === 0) return 0;
  return 1 - longestCommonSubstring(a, b) / m;
}

/** A model response event: `response: null` is an explicit pause ("still valid"). */
export type ResponseEvent = { t: number; response: string | null };

/**
 * Response extrapolation (paper §3.3): R_i = the response of the latest event with
 * time <= t_i (the timestep's time, in seconds) whose response is not a pause
 * (`null`); events at the same time: the last one in input order. No such event → "".
 * So a timestep without a response (or with a pause) takes the latest earlier
 * response, as the paper's "largest j < i", and an event between two timesteps
 * (asynchronous protocol) takes effect from the next timestep. Times are compared
 * with a 1e-9 s tolerance.
 *
 * Edge cases: no times → []; no events, or only pauses so far → "" (the paper's empty
 * string, not a missing value); non-finite event times are ignored.
 */
export function extrapolateResponses(times: readonly number[], events: readonly ResponseEvent[]): string[] {
  const sorted = events
    .map((e, i) => ({ ...e, i }))
    .filter((e) => Number.isFinite(e.t))
    .sort((p, q) => p.t - q.t || p.i - q.i);
  const out: string[] = [];
  let k = 0;
  let current = "";
  for (const t of times) {
    while (k < sorted.length && sorted[k].t <= t + 1e-9) {
      const r = sorted[k].response;
      if (r !== null) current = r;
      k += 1;
    }
    out.push(current);
  }
  return out;
}

export type ConsistencyOptions = {
  /**
   * Denominator of Eq. 3: `"N"` (default, the paper: (1/N_t) Σ_{i=1}^{N_t-1}, so a
   * perfectly stable task scores (N_t-1)/N_t before clipping) or `"N-1"` (mean over
   * the N_t - 1 adjacent pairs).
   */
  denominator?: "N" | "N-1";
};

/**
 * Per-task consistency (paper Eq. 3–4):
 *
 *   C_t = CLIP( (1/N_t) Σ_{i=1}^{N_t-1} (1 - D(R_i, R_{i+1}) + D(G_i, G_{i+1})), 0, 1 )
 *
 * The ground-truth term credits changes the truth itself makes. `raw` is before
 * clipping (each term is in [0, 2]). N_t = 0 → 0; N_t = 1 → 0 with the paper's
 * denominator (no pair), 0 with "N-1" as well. `responses` and `captions` must be
 * aligned (same length N_t; extra entries of the longer one are ignored).
 *
 * Edge cases: N_t = 1 → 0 (the paper's sum over no pair, divided by 1); N_t = 0 → 0 as
 * well (an empty task has no adjacent pair either; kept so `VsasTaskScore.consistency`
 * stays a number: the CLI reader drops tasks without a usable caption); with "N-1" a
 * zero denominator gives 0.
 */
export function taskConsistency(
  responses: readonly string[],
  captions: readonly string[],
  options: ConsistencyOptions = {},
): { value: number; raw: number } {
  const n = Math.min(responses.length, captions.length);
  if (n === 0) return { value: 0, raw: 0 };
  let sum = 0;
  for (let i = 0; i + 1 < n; i++) {
    sum += 1 - lcsDistance(responses[i], responses[i + 1]) + lcsDistance(captions[i], captions[i + 1]);
  }
  const denom = options.denominator === "N-1" ? n - 1 : n;
  const raw = denom > 0 ? sum / denom : 0;
  return { value: Math.min(1, Math.max(0, raw)), raw };
}

/**
 * Per-task accuracy (paper Eq. 1 over the JUDGED timesteps):
 *
 *   A_t = (1/J_t) Σ_{i judged} Judge(G_i, R_i),   J_t = number of judged timesteps of t
 *
 * Judge ∈ [0, 1] (binary yes = 1 / no = 0 in the paper's reported numbers). `judgements[i]`
 * belongs to timestep i; `null`/`undefined` = not judged (yet). An unjudged timestep is
 * unknown, not wrong: it is left out of the mean (`missing` says how many), so a task with 1 of
 * 20 seconds judged "yes" scores 1 over that second, not 1/20. With every timestep judged
 * (J_t = N_t) this is the paper's Eq. 1 exactly. While J_t < N_t the score is PARTIAL: callers
 * show "judged J of N" with it and never present it as final (docs/metrics/vsas.md).
 *
 * Edge cases: empty input or no judged timestep → `value: null` (the task is left out of A);
 * a missing judgement (null/undefined/NaN/±∞) is left out; out-of-range judgements are clipped
 * (2 → 1, −1 → 0).
 */
export function taskAccuracy(judgements: readonly (number | null | undefined)[]): {
  value: number | null;
  judged: number;
  missing: number;
} {
  let judged = 0;
  let sum = 0;
  for (const j of judgements) {
    if (j == null || !Number.isFinite(j)) continue;
    judged += 1;
    sum += Math.min(1, Math.max(0, j));
  }
  const n = judgements.length;
  return { value: judged > 0 ? sum / judged : null, judged, missing: n - judged };
}

/**
 * Per-task rubric mean: (1/n) Σ rubric_i over the timesteps that have a 0–3 rubric
 * score (paper §3.3.1; reported next to the binary accuracy, not instead of it).
 *
 * Edge cases: empty input or no finite rubric score → null; rubric values are not clipped
 * or checked against 0–3.
 */
export function taskRubricMean(rubrics: readonly (number | null | undefined)[]): number | null {
  const xs = rubrics.filter((r): r is number => r != null && Number.isFinite(r));
  return xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null;
}

/** One task with everything needed to score it. */
export type VsasTask = {
  taskId: string;
  taskType: string;
  /** Ground truth: one caption per timestep, `t` in seconds. */
  captions: readonly { t: number; text: string }[];
  /** Timestamped response events (any times; see `extrapolateResponses`). */
  responses: readonly ResponseEvent[];
  /** Judgements of (G_i, R_i) for timesteps, matched to captions by time (±1e-6 s). */
  judgements?: readonly { t: number; judge?: number | null; rubric?: number | null }[];
};

export type VsasTaskScore = {
  task_id: string;
  task_type: string;
  timesteps: number;
  accuracy: number | null;
  judged: number;
  missing_judgements: number;
  consistency: number;
  consistency_raw: number;
  rubric_mean: number | null;
};

export type VsasGroupSummary = {
  tasks: number;
  /** Mean of A_t over tasks with judgements; null when none. */
  accuracy: number | null;
  /** Units of the judge: Σ N_t (every timestep of every task). */
  timesteps: number;
  /** Σ J_t: timesteps with a judgement. `judged_timesteps < timesteps` → A is partial. */
  judged_timesteps: number;
  tasks_with_accuracy: number;
  /** Mean of clipped C_t over all tasks; null when no task. */
  consistency: number | null;
  rubric_mean: number | null;
};

export type VsasSummary = VsasGroupSummary & {
  by_task_type: Record<string, VsasGroupSummary>;
  per_task: VsasTaskScore[];
};

/**
 * Scores every task and aggregates (paper Eq. 2 and 4): A = (1/K) Σ_t A_t and
 * C = (1/K) Σ_t CLIP(C_t, 0, 1), K = number of tasks (for A: tasks with at least one
 * judgement; A_t over the judged timesteps, see `taskAccuracy`); rubric mean = mean of per-task
 * rubric means. `timesteps` / `judged_timesteps` count the judge's units: A is final only when
 * they are equal (every second judged), else partial: "judged J of N". Also per task type
 * (Present, Cumulative, Future always listed, null when empty; other types as given).
 * Captions are sorted by time; responses are extrapolated onto the caption times.
 *
 * Edge cases: no task → accuracy, consistency and rubric_mean null (tasks 0), and each
 * of Present/Cumulative/Future listed with nulls; no judgement anywhere → accuracy null,
 * consistency still computed; a judgement at a time with no caption (±1e-6 s) is ignored;
 * a missing response (no event up to a timestep) → "" for that timestep (paper §3.3);
 * captions with non-finite times are dropped.
 */
export function scoreVsas(tasks: readonly VsasTask[], options: ConsistencyOptions = {}): VsasSummary {
  const perTask: VsasTaskScore[] = tasks.map((task) => scoreTask(task, options));
  const byType: Record<string, VsasGroupSummary> = {};
  const types = [...VSAS_TASK_TYPES, ...[...new Set(perTask.map((p) => p.task_type))].filter((t) => !(VSAS_TASK_TYPES as readonly string[]).includes(t)).sort()];
  for (const type of types) byType[type] = group(perTask.filter((p) => p.task_type === type));
  return { ...group(perTask), by_task_type: byType, per_task: perTask };
}

function scoreTask(task: VsasTask, options: ConsistencyOptions): VsasTaskScore {
  const captions = [...task.captions].filter((c) => Number.isFinite(c.t)).sort((a, b) => a.t - b.t);
  const times = captions.map((c) => c.t);
  const texts = captions.map((c) => c.text);
  const responses = extrapolateResponses(times, task.responses);
  const judge: (number | null)[] = times.map(() => null);
  const rubric: (number | null)[] = times.map(() => null);
  for (const j of task.judgements ?? []) {
    const i = findTime(times, j.t);
    if (i === -1) continue;
    if (j.judge != null) judge[i] = j.judge;
    if (j.rubric != null) rubric[i] = j.rubric;
  }
  const acc = taskAccuracy(judge);
  const cons = taskConsistency(responses, texts, options);
  return {
    task_id: task.taskId,
    task_type: task.taskType,
    timesteps: times.length,
    accuracy: acc.value,
    judged: acc.judged,
    missing_judgements: acc.missing,
    consistency: cons.value,
    consistency_raw: cons.raw,
    rubric_mean: taskRubricMean(rubric),
  };
}

function group(scores: readonly VsasTaskScore[]): VsasGroupSummary {
  const acc = scores.map((s) => s.accuracy).filter((x): x is number => x !== null);
  const rub = scores.map((s) => s.rubric_mean).filter((x): x is number => x !== null);
  return {
    tasks: scores.length,
    accuracy: mean(acc),
    timesteps: scores.reduce((n, s) => n + s.timesteps, 0),
    judged_timesteps: scores.reduce((n, s) => n + s.judged, 0),
    tasks_with_accuracy: acc.length,
    consistency: mean(scores.map((s) => s.consistency)),
    rubric_mean: mean(rub),
  };
}

function mean(xs: readonly number[]): number | null {
  return xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null;
}

function findTime(times: readonly number[], t: number): number {
  let lo = 0;
  let hi = times.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (Math.abs(times[mid] - t) <= 1e-6) return mid;
    if (times[mid] < t) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

function codePoints(s: string): Int32Array {
  const out = new Int32Array(s.length);
  let n = 0;
  for (const ch of s) out[n++] = ch.codePointAt(0)!;
  return out.subarray(0, n);
}

/** DP over x (outer) and y (inner, the shorter), one rolling row. */
function lcsDp(x: Int32Array, y: Int32Array): number {
  let prev = new Int32Array(y.length + 1);
  let cur = new Int32Array(y.length + 1);
  let best = 0;
  for (let i = 1; i <= x.length; i++) {
    const xi = x[i - 1];
    for (let j = 1; j <= y.length; j++) {
      if (xi === y[j - 1]) {
        const v = prev[j - 1] + 1;
        cur[j] = v;
        if (v > best) best = v;
      } else cur[j] = 0;
    }
    [prev, cur] = [cur, prev];
  }
  return best;
}

/** Suffix automaton of `s`, then the longest run of `t` readable in it. */
function lcsAutomaton(s: Int32Array, t: Int32Array): number {
  const cap = 2 * s.length + 2;
  const len = new Int32Array(cap);
  const link = new Int32Array(cap).fill(-1);
  const next: Map<number, number>[] = [new Map()];
  let size = 1;
  let last = 0;
  for (const c of s) {
    const cur = size++;
    len[cur] = len[last] + 1;
    next[cur] = new Map();
    let p = last;
    while (p !== -1 && !next[p].has(c)) {
      next[p].set(c, cur);
      p = link[p];
    }
    if (p === -1) link[cur] = 0;
    else {
      const q = next[p].get(c)!;
      if (len[p] + 1 === len[q]) link[cur] = q;
      else {
        const clone = size++;
        len[clone] = len[p] + 1;
        next[clone] = new Map(next[q]);
        link[clone] = link[q];
        while (p !== -1 && next[p].get(c) === q) {
          next[p].set(c, clone);
          p = link[p];
        }
        link[q] = clone;
        link[cur] = clone;
      }
    }
    last = cur;
  }
  let v = 0;
  let l = 0;
  let best = 0;
  for (const c of t) {
    while (v !== 0 && !next[v].has(c)) {
      v = link[v];
      l = len[v];
    }
    const to = next[v].get(c);
    if (to !== undefined) {
      v = to;
      l += 1;
    } else {
      v = 0;
      l = 0;
    }
    if (l > best) best = l;
  }
  return best;
}

/** Exposed for tests: force one algorithm. */
export const __lcsInternals = {
  dp: (a: string, b: string) => {
    const x = codePoints(a);
    const y = codePoints(b);
    return x.length && y.length ? lcsDp(x, y) : 0;
  },
  automaton: (a: string, b: string) => {
    const x = codePoints(a);
    const y = codePoints(b);
    return x.length && y.length ? lcsAutomaton(x, y) : 0;
  },
};
