/**
 * What a bar chart of the app shows (PURE): categories along the x axis, one bar per series in
 * each category with its interval, the value axis's bound (lib/charts/bar-axis.ts's rule). One
 * component draws every spec (lib/charts/bar-chart-figure.tsx): the leaderboard's breakdown
 * charts, the Agreement tab's charts and the report's figures.
 */
import type { BarAxisOptions } from "./bar-axis";

export type BarInterval = { lower: number; upper: number };

export type BarSeries = {
  name: string;
  /** One value per category (null: no bar). */
  values: (number | null)[];
  /** Interval bounds per category ([lower, upper], absolute), or null. */
  intervals?: (BarInterval | null)[];
};

export type BarChartSpec = {
  title: string;
  categories: string[];
  series: BarSeries[];
  bound: BarAxisOptions;
  /** Label of the value axis, e.g. "%" or "κ". */
  valueLabel?: string;
  /** Show the series names under the plot (default true; false for a single unnamed series). */
  legend?: boolean;
  width?: number;
};

/** Width in SVG units (the viewBox); the report's PNG scales it so the figure is 7.5 in wide at 300 dpi. */
export const FIGURE_WIDTH = 720;

/** Every value a bar or the end of an interval reaches (the axis must hold them all). */
export function chartExtent(series: readonly BarSeries[]): number[] {
  const values: number[] = [];
  for (const s of series) {
    s.values.forEach((v, i) => {
      if (v === null || v === undefined || !Number.isFinite(v)) return;
      values.push(v);
      const iv = s.intervals?.[i];
      if (iv && Number.isFinite(iv.lower) && Number.isFinite(iv.upper)) values.push(iv.lower, iv.upper);
    });
  }
  return values;
}

/** A tick or tooltip number as people read it: at most 3 decimals, no trailing zeros. */
export function chartNumber(v: number): string {
  return Number.isInteger(v) ? String(v) : String(Number(v.toFixed(3)));
}

/** Text without control characters (they are not allowed in XML, so not in an .svg file). */
export function chartText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "");
}

/** A short id from the spec: pattern ids of charts with different specs never collide on a page. */
export function chartId(spec: BarChartSpec): string {
  let h = 7;
  for (const ch of JSON.stringify(spec)) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0;
  return `bc${h.toString(36)}`;
}
