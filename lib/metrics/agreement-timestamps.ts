/**
 * Agreement between two annotators' event timestamps (VCBench E1 moments, first
 * appearances, boundaries): optimal one-to-one matching within a frame tolerance, and
 * frame-binned Cohen's kappa.
 *
 * Events are plain numbers (frame indices) or objects `{ frame, seconds? }` (the app
 * stores both, since on variable-frame-rate video seconds are not frame / fps).
 * Matching is done on frames; `seconds` is only used to report offsets in seconds.
 *
 * Pure TypeScript: no I/O, no dependencies outside lib/metrics.
 */
import { cohenKappa } from "./agreement-kappa";

/** An event: its frame index, or an object with the frame and optionally its time in seconds. */
export type FrameEvent = number | { readonly frame: number; readonly seconds?: number };

export type EventMatchOptions = {
  /** Largest |frame difference| that still matches, inclusive, in frames (finite, ≥ 0). */
  tolerance: number;
  /**
   * Frames per second, used for offsets in seconds when a matched pair does not carry
   * `seconds` on both events. Without it such offsets are `NaN`.
   */
  fps?: number;
};

/** One matched pair. Indices point into the caller's original (unsorted) arrays. */
export type EventMatch = {
  referenceIndex: number;
  candidateIndex: number;
  /** candidate frame − reference frame (signed). */
  offsetFrames: number;
  /** candidate seconds − reference seconds, or offsetFrames / fps; `NaN` if neither is known. */
  offsetSeconds: number;
};

export type EventMatchResult = {
  /** The optimal matching, ordered by reference time. */
  matches: EventMatch[];
  referenceCount: number;
  candidateCount: number;
  /** TP = number of matches. */
  truePositives: number;
  /** FP = candidateCount − TP (candidate events with no reference partner). */
  falsePositives: number;
  /** FN = referenceCount − TP (reference events the candidate missed). */
  falseNegatives: number;
  /** TP / candidateCount; 0/0 → 1 if there are no reference events either, else 0. */
  precision: number;
  /** TP / referenceCount; 0/0 → 1 if there are no candidate events either, else 0. */
  recall: number;
  /** 2PR / (P + R) (= 2TP / (|R| + |C|) when not both empty); 0 when P + R = 0. */
  f1: number;
  /** (1/TP) Σ |offsetFrames|; `NaN` when TP = 0. */
  meanAbsOffsetFrames: number;
  /** (1/TP) Σ offsetFrames, the candidate's bias (positive = later); `NaN` when TP = 0. */
  meanOffsetFrames: number;
  /** (1/TP) Σ |offsetSeconds|; `NaN` when TP = 0 or any offset in seconds is unknown. */
  meanAbsOffsetSeconds: number;
};

/**
 * Optimal one-to-one matching of `candidate` events to `reference` events within
 * `tolerance` frames, and detection scores treating `reference` as the truth.
 *
 * Objective (lexicographic): (1) maximise the number of matched pairs, each pair
 * satisfying |c − r| ≤ tolerance (frames); (2) among those, minimise Σ |c − r|.
 * Ties beyond that are broken deterministically (same input → same matching).
 *
 * Algorithm and proof idea. Sort both lists (by frame, then input index).
 * (a) Some optimal matching is non-crossing. Take any optimal matching, with matched
 *     reference frames S and candidate frames T (|S| = |T| = k), and re-pair them in
 *     sorted order (k-th smallest of S with k-th smallest of T). For a ≤ a′, b′ ≤ b the
 *     uncrossed pairs satisfy |a − b′| + |a′ − b| ≤ |a − b| + |a′ − b′| (the four
 *     differences x₁ = a − b ≤ x₂, x₃ ≤ x₄ = a′ − b′ with x₂ + x₃ = x₁ + x₄, and |·| is
 *     convex) and max(|a − b′|, |a′ − b|) ≤ max(|a − b|, |a′ − b′|), so sorted re-pairing
 *     keeps every pair within tolerance, keeps k, and does not increase the cost.
 * (b) Over non-crossing matchings the optimum obeys the prefix recurrence
 *     F(i, j) = best{ F(i−1, j), F(i, j−1), F(i−1, j−1) ⊕ (r_i, c_j) if |r_i − c_j| ≤ tol }
 *     with F ordered by (more matches, then smaller cost): the last reference or the
 *     last candidate of a prefix is either unmatched or matched to the other's last.
 * (c) Band: if every c_1..c_j is below r_i − tol, r_i can match none of them, so
 *     F(i, j) = F(i−1, j); if c_j > r_i + tol, c_j can match none of r_1..r_i, so
 *     F(i, j) = F(i, j−1). Hence only cells near the tolerance band are stored.
 * Cost: O((p + q) log(p + q) + P) time and memory, P = number of (reference,
 * candidate) pairs within tolerance (p·q in the worst case of a huge tolerance).
 *
 * Symmetric: swapping the two lists gives the same number of matches and the same
 * total offset (precision and recall swap, F1 is unchanged).
 *
 * Edge cases: both lists empty → precision = recall = F1 = 1 (the annotators agree that
 * nothing happened); exactly one empty → precision = recall = F1 = 0. A non-finite frame,
 * a negative or non-finite tolerance, or fps ≤ 0 → throws naming the event.
 */
export function matchEvents(
  reference: readonly FrameEvent[],
  candidate: readonly FrameEvent[],
  options: EventMatchOptions,
): EventMatchResult {
  const where = "matchEvents";
  const tol = options?.tolerance;
  if (typeof tol !== "number" || !Number.isFinite(tol) || tol < 0) {
    throw new RangeError(`${where}: tolerance must be a finite number of frames >= 0, got ${String(tol)}`);
  }
  const fps = options.fps;
  if (fps !== undefined && !(Number.isFinite(fps) && fps > 0)) {
    throw new RangeError(`${where}: fps must be a positive number, got ${String(fps)}`);
  }
  const refs = normalizeEvents(reference, `${where}: reference`);
  const cands = normalizeEvents(candidate, `${where}: candidate`);
  const order = (xs: NormalizedEvent[]) =>
    xs.map((_, i) => i).sort((x, y) => xs[x].frame - xs[y].frame || x - y);
  const ro = order(refs);
  const co = order(cands);
  const a = ro.map((i) => refs[i].frame);
  const b = co.map((i) => cands[i].frame);
  const pairs = matchSortedFrames(a, b, tol);
  const matches: EventMatch[] = pairs.map(([i, j]) => {
    const r = refs[ro[i]];
    const c = cands[co[j]];
    const offsetFrames = c.frame - r.frame;
    const offsetSeconds =
      r.seconds !== undefined && c.seconds !== undefined
        ? c.seconds - r.seconds
        : fps !== undefined
          ? offsetFrames / fps
          : Number.NaN;
    return { referenceIndex: ro[i], candidateIndex: co[j], offsetFrames, offsetSeconds };
  });
  const tp = matches.length;
  const nr = refs.length;
  const nc = cands.length;
  const precision = nc === 0 ? (nr === 0 ? 1 : 0) : tp / nc;
  const recall = nr === 0 ? (nc === 0 ? 1 : 0) : tp / nr;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  let absFrames = 0;
  let signedFrames = 0;
  let absSeconds = 0;
  for (const m of matches) {
    absFrames += Math.abs(m.offsetFrames);
    signedFrames += m.offsetFrames;
    absSeconds += Math.abs(m.offsetSeconds);
  }
  return {
    matches,
    referenceCount: nr,
    candidateCount: nc,
    truePositives: tp,
    falsePositives: nc - tp,
    falseNegatives: nr - tp,
    precision,
    recall,
    f1,
    meanAbsOffsetFrames: tp === 0 ? Number.NaN : absFrames / tp,
    meanOffsetFrames: tp === 0 ? Number.NaN : signedFrames / tp,
    meanAbsOffsetSeconds: tp === 0 ? Number.NaN : absSeconds / tp,
  };
}

/**
 * The core of `matchEvents` on two ascending lists of frames: returns the matched
 * pairs `[i, j]` (indices into `a` and `b`), ordered by i, of an optimal matching
 * (max count within `tolerance`, then min Σ |a_i − b_j|). Both inputs must be sorted
 * ascending (throws otherwise); see `matchEvents` for the proof of optimality.
 */
export function matchSortedFrames(a: readonly number[], b: readonly number[], tolerance: number): Array<[number, number]> {
  const p = a.length;
  const q = b.length;
  for (let i = 1; i < p; i++) if (a[i] < a[i - 1]) throw new RangeError("matchSortedFrames: a is not sorted");
  for (let j = 1; j < q; j++) if (b[j] < b[j - 1]) throw new RangeError("matchSortedFrames: b is not sorted");
  // Row i (prefix of i references) stores F(i, j) for j in [lo[i], hi[i]]; F(i, j) for
  // j > hi[i] equals F(i, hi[i]) and for j < lo[i] equals F(i − 1, j). The rows live one after
  // another in three flat arrays (row i starts at off[i]): one allocation per call, not per row.
  const lo = new Int32Array(p + 1);
  const hi = new Int32Array(p + 1);
  const off = new Int32Array(p + 2);
  off[1] = 1; // row 0: the single cell F(0, 0) = (0, 0)
  let left = 0; // first j with b[j] >= a[i-1] - tol
  let right = 0; // first j with b[j] > a[i-1] + tol
  for (let i = 1; i <= p; i++) {
    const x = a[i - 1];
    while (left < q && b[left] < x - tolerance) left++;
    if (right < left) right = left;
    while (right < q && b[right] <= x + tolerance) right++;
    lo[i] = left;
    hi[i] = right; // prefix lengths left..right
    off[i + 1] = off[i] + (right - left + 1);
  }
  const cells = off[p + 1];
  const count = new Int32Array(cells);
  const cost = new Float64Array(cells);
  const choice = new Uint8Array(cells);
  for (let i = 1; i <= p; i++) {
    const x = a[i - 1];
    const rowLo = lo[i];
    const rowHi = hi[i];
    const row = off[i] - rowLo; // cell of (i, j) = row + j
    const prevLo = lo[i - 1];
    const prevHi = hi[i - 1];
    const prevRow = off[i - 1] - prevLo; // cell of (i − 1, j) = prevRow + min(j, prevHi)
    for (let j = rowLo; j <= rowHi; j++) {
      // skip reference i: F(i − 1, j)
      const up = prevRow + (j > prevHi ? prevHi : j);
      let bestCount = count[up];
      let bestCost = cost[up];
      let bestChoice = 0;
      if (j > rowLo) {
        // skip candidate j: F(i, j − 1)
        const back = row + j - 1;
        if (count[back] > bestCount || (count[back] === bestCount && cost[back] < bestCost)) {
          bestCount = count[back];
          bestCost = cost[back];
          bestChoice = 1;
        }
        // match (i, j): F(i − 1, j − 1) + pair
        const d = Math.abs(x - b[j - 1]);
        if (d <= tolerance) {
          const diag = prevRow + (j - 1 > prevHi ? prevHi : j - 1);
          const mc = count[diag] + 1;
          const mk = cost[diag] + d;
          if (mc > bestCount || (mc === bestCount && mk < bestCost)) {
            bestCount = mc;
            bestCost = mk;
            bestChoice = 2;
          }
        }
      }
      count[row + j] = bestCount;
      cost[row + j] = bestCost;
      choice[row + j] = bestChoice;
    }
  }
  const pairs: Array<[number, number]> = [];
  let i = p;
  let j = q;
  while (i > 0 && j > 0) {
    if (j > hi[i]) {
      j = hi[i];
      continue;
    }
    if (j < lo[i]) {
      i -= 1;
      continue;
    }
    const c = choice[off[i] + j - lo[i]];
    if (c === 0) i -= 1;
    else if (c === 1) j -= 1;
    else {
      pairs.push([i - 1, j - 1]);
      i -= 1;
      j -= 1;
    }
  }
  return pairs.reverse();
}

export type FrameBinOptions = {
  /** Number of frames in the video; valid frames are 0 … frameCount − 1. */
  frameCount: number;
  /** Bin width w in frames (positive integer), default 1 (one bin per frame). */
  window?: number;
};

/**
 * Bins a timeline of `frameCount` frames into B = ⌈frameCount / w⌉ windows of w frames
 * (the last may be shorter) and returns, per bin, 1 if at least one event falls in it
 * (frame f belongs to bin ⌊f / w⌋), else 0.
 * Throws when an event lies outside [0, frameCount) or the options are invalid.
 */
export function binEvents(events: readonly FrameEvent[], options: FrameBinOptions): Array<0 | 1> {
  const where = "binEvents";
  const { frameCount, window: w } = checkBinOptions(options, where);
  const bins = new Array<0 | 1>(Math.ceil(frameCount / w)).fill(0);
  normalizeEvents(events, where).forEach((e, i) => {
    if (e.frame < 0 || e.frame >= frameCount) {
      throw new RangeError(`${where}: event ${i} at frame ${e.frame} is outside the video (0 to ${frameCount - 1})`);
    }
    bins[Math.floor(e.frame / w)] = 1;
  });
  return bins;
}

/**
 * Frame-binned Cohen's kappa between two annotators' events: both timelines are binned
 * by `binEvents` (1 = some event in the bin) and unweighted Cohen's kappa
 * (`cohenKappa`, categories [0, 1]) is computed over the B bins.
 *
 * κ = (p_o − p_e) / (1 − p_e) over bins (Cohen 1960). A larger window w tolerates
 * small offsets (events within the same window agree) at the cost of resolution;
 * with w = 1 only identical frames agree. Several events in one bin count once.
 *
 * Edge cases: neither annotator marked anything, or both marked every bin → p_e = 1 →
 * `NaN` (scikit-learn's behaviour, see `cohenKappa`); events outside the video or
 * invalid options → throws.
 */
export function frameBinnedKappa(a: readonly FrameEvent[], b: readonly FrameEvent[], options: FrameBinOptions): number {
  const ba = binEvents(a, options);
  const bb = binEvents(b, options);
  return cohenKappa(ba, bb, { categories: [0, 1] });
}

type NormalizedEvent = { frame: number; seconds?: number };

function normalizeEvents(events: readonly FrameEvent[], where: string): NormalizedEvent[] {
  if (!Array.isArray(events)) throw new TypeError(`${where}: events must be an array`);
  return events.map((e, i) => {
    const frame = typeof e === "number" ? e : e?.frame;
    if (typeof frame !== "number" || !Number.isFinite(frame)) {
      throw new RangeError(`${where}: event ${i} has no finite frame (got ${String(frame)})`);
    }
    if (typeof e === "number" || e.seconds === undefined) return { frame };
    if (typeof e.seconds !== "number" || !Number.isFinite(e.seconds)) {
      throw new RangeError(`${where}: event ${i} has a non-finite seconds value (${String(e.seconds)})`);
    }
    return { frame, seconds: e.seconds };
  });
}

function checkBinOptions(options: FrameBinOptions, where: string): { frameCount: number; window: number } {
  const frameCount = options?.frameCount;
  const w = options?.window ?? 1;
  if (!(Number.isInteger(frameCount) && frameCount > 0)) {
    throw new RangeError(`${where}: frameCount must be a positive integer, got ${String(frameCount)}`);
  }
  if (!(Number.isInteger(w) && w > 0)) {
    throw new RangeError(`${where}: window must be a positive integer number of frames, got ${String(w)}`);
  }
  return { frameCount, window: w };
}
