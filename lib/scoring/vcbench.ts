/**
 * VCBench prediction rules shared by the command-line scorer (`lib/score-cli/vcbench.ts`, whose
 * byte scanner reads large files fast) and uploaded runs (`lib/runs/parse-vcbench.ts`) (PURE).
 * The record shapes, answer parsing (`parseVcbenchPrediction`) and metrics live in
 * lib/metrics/vcbench.ts; this module holds how prediction times find the truth's query points.
 */

/**
 * A prediction's query time matches a truth query point within this many seconds: the real
 * files round times differently (`vcbench_eval.jsonl` vs `vcbench_data.jsonl`), and query points
 * of one question are at least 0.1 s apart, so ±0.051 s never matches two.
 */
export const VCBENCH_TIME_TOLERANCE = 0.051;

/** Index in `[start, end)` of the time in `times` nearest to `t` within the tolerance (the first on ties), or -1. */
export function nearestQueryPoint(times: ArrayLike<number>, start: number, end: number, t: number): number {
  let best = -1;
  let bestD = Infinity;
  for (let j = start; j < end; j++) {
    const d = Math.abs(times[j] - t);
    if (d < bestD) {
      bestD = d;
      best = j;
    }
  }
  return bestD <= VCBENCH_TIME_TOLERANCE ? best : -1;
}
