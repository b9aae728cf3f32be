/**
 * Bootstrap confidence intervals for every column of a run's leaderboard table (PURE).
 *
 * Resampling unit: the run's items (questions / tasks), drawn with replacement exactly as lib/metrics
 * `bootstrapCI` draws them (seeded mulberry32, percentile method, type-7 quantiles), visited as
 * item weights (`forEachResampleWeights`): each replicate is the whole table recomputed from the
 * resampled per-item scores (the compiled table's `weighted` form, equal to `tableFromItems` of
 * the resample), so all columns of one run share the same resamples and the same seed gives the
 * same intervals. A column missing
 * from a replicate (e.g. no question of a subtype drawn) is treated like a NaN replicate and
 * left out of that column's quantiles, as `bootstrapCI` does.
 */
import { forEachResampleWeights, quantileSorted } from "@/lib/metrics/bootstrap";
import { compileItemTable, type ItemRecord } from "@/lib/scoring/item-table";

export type ColumnInterval = { lower: number; upper: number; standardError: number | null; validResamples: number };
export type TableIntervals = Record<string, ColumnInterval>;
export type BootstrapSettings = { resamples: number; level: number; seed: number };

export const DEFAULT_BOOTSTRAP: BootstrapSettings = { resamples: 1000, level: 0.95, seed: 0 };

export type BootstrapTableInput = { benchmark: string; variant: string; records: readonly ItemRecord[] };

/** The intervals of one run's table (`bootstrapTables` of one input). */
export function bootstrapTable(benchmark: string, variant: string, records: readonly ItemRecord[], settings: BootstrapSettings = DEFAULT_BOOTSTRAP): TableIntervals {
  return bootstrapTables([{ benchmark, variant, records }], settings)[0];
}

/**
 * The intervals of several runs' tables at once, each exactly as `bootstrapTable` gives it: runs
 * with the same number of items share the same resamples (same n, same seed), so those are drawn
 * once and every run's table is evaluated on them (the draws cost as much as a table).
 */
export function bootstrapTables(inputs: readonly BootstrapTableInput[], settings: BootstrapSettings = DEFAULT_BOOTSTRAP): TableIntervals[] {
  if (!(Number.isInteger(settings.resamples) && settings.resamples >= 1)) throw new RangeError(`bootstrapTable: resamples must be a positive integer, got ${String(settings.resamples)}`);
  if (!(settings.level > 0 && settings.level < 1)) throw new RangeError(`bootstrapTable: level must be strictly between 0 and 1, got ${String(settings.level)}`);
  const compiled = inputs.map((i) => compileItemTable(i.benchmark, i.variant, i.records));
  const replicates = inputs.map(() => new Map<string, number[]>());
  const byN = new Map<number, number[]>();
  compiled.forEach((c, i) => {
    if (c.prepared.length === 0) return;
    const list = byN.get(c.prepared.length) ?? [];
    list.push(i);
    byN.set(c.prepared.length, list);
  });
  const collect = (i: number, table: Record<string, number | null>) => {
    const into = replicates[i];
    for (const k in table) {
      const v = table[k];
      if (v === null || !Number.isFinite(v)) continue;
      let list = into.get(k);
      if (!list) into.set(k, (list = []));
      list.push(v);
    }
  };
  for (const [n, group] of byN) {
    if (group.length === 1) {
      forEachResampleWeights(n, settings.resamples, settings.seed, (weights) => collect(group[0], compiled[group[0]].weighted(weights)));
      continue;
    }
    // Replicates are kept in blocks of about 4 MB and each run evaluates a whole block in turn
    // (one run's columns stay in cache; all runs per replicate would stream every run's data).
    // Uint32Array as forEachResampleWeights gives: one element type keeps `weighted` monomorphic.
    const rows = Math.max(1, Math.floor(4_000_000 / (n * 4)));
    const block = new Uint32Array(rows * n);
    let filled = 0;
    const flush = () => {
      for (const i of group) for (let r = 0; r < filled; r++) collect(i, compiled[i].weighted(block.subarray(r * n, (r + 1) * n)));
      filled = 0;
    };
    forEachResampleWeights(n, settings.resamples, settings.seed, (weights) => {
      block.set(weights, filled * n);
      if (++filled === rows) flush();
    });
    flush();
  }
  return replicates.map((r) => intervalsOf(r, settings.level));
}

function intervalsOf(replicates: Map<string, number[]>, level: number): TableIntervals {
  const alpha = 1 - level;
  const out: TableIntervals = {};
  for (const [k, list] of replicates) {
    list.sort((a, b) => a - b);
    const n = list.length;
    let se: number | null = null;
    if (n >= 2) {
      const mean = list.reduce((a, b) => a + b, 0) / n;
      se = Math.sqrt(list.reduce((a, b) => a + (b - mean) * (b - mean), 0) / (n - 1));
    }
    out[k] = { lower: quantileSorted(list, alpha / 2), upper: quantileSorted(list, 1 - alpha / 2), standardError: se, validResamples: n };
  }
  return out;
}
