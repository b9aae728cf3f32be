/**
 * The value axis of every bar chart in the app (PURE): the agreement dashboard, the leaderboard's
 * breakdown charts, and any chart added later. The rule (issue 19.12):
 * - bars start at zero: the axis always includes 0 (a bar's length is its value);
 * - a negative value (kappa can be) extends the axis below 0: from min(0, lowest) on;
 * - a bounded measure stops at its bound: kappa, F1, tIoU, rates ≤ 1 (percentages ≤ 100, a 0-3
 *   rubric ≤ 3): the axis ends there, never at a padded 1.05;
 * - an unbounded measure (items per hour, an error) ends at the first "nice" tick at or above the
 *   highest value.
 * "Values" include the ends of error bars (interval bounds), so an interval is never cut off.
 */

export type BarAxis = {
  /** [lowest, highest] of the axis. */
  domain: [number, number];
  /** Tick values, ascending, from domain[0] to domain[1] (both included). */
  ticks: number[];
};

export type BarAxisOptions = {
  /** The measure's upper bound (1 for kappa / F1 / tIoU / rates, 100 for percentages); null or absent: unbounded. */
  max?: number | null;
  /** The measure's lower bound (-1 for kappa; default: none). The axis never goes below it. */
  min?: number | null;
  /** About how many intervals between ticks (default 4). */
  intervals?: number;
};

/** The smallest of 1, 2, 2.5, 5 × 10^k that is ≥ x (x > 0). */
export function niceStep(x: number): number {
  if (!(x > 0) || !Number.isFinite(x)) return 1;
  const power = 10 ** Math.floor(Math.log10(x));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * power >= x * (1 - 1e-12)) return m * power;
  return 10 * power;
}

const round = (x: number, step: number) => {
  // Ticks as decimals a person reads (0.30000000000000004 → 0.3).
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 2);
  return Number(x.toFixed(Math.min(12, digits)));
};

/** The axis of a bar chart of these values (non-finite values are ignored). */
export function barAxis(values: Iterable<number>, options: BarAxisOptions = {}): BarAxis {
  const max = options.max ?? null;
  const min = options.min ?? null;
  let lowest = 0;
  let highest = 0;
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    if (v < lowest) lowest = v;
    if (v > highest) highest = v;
  }
  if (min !== null) lowest = Math.max(lowest, min);
  if (max !== null) highest = max;
  if (highest <= lowest) highest = lowest + 1;
  const step = niceStep((highest - lowest) / Math.max(1, options.intervals ?? 4));
  const top = max !== null ? max : Math.ceil(highest / step - 1e-9) * step;
  let bottom = lowest < 0 ? Math.floor(lowest / step + 1e-9) * step : 0;
  if (min !== null) bottom = Math.max(bottom, min);
  const ticks: number[] = [];
  const first = Math.ceil(bottom / step - 1e-9) * step;
  if (first - bottom > step * 1e-9) ticks.push(round(bottom, step));
  for (let t = first; t <= top + step * 1e-9; t += step) ticks.push(round(t, step));
  if (top - ticks[ticks.length - 1] > step * 1e-9) ticks.push(round(top, step));
  return { domain: [round(bottom, step), round(top, step)], ticks };
}
