/**
 * Bootstrap confidence intervals for every column of a run's leaderboard table (PURE).
 *
 * Resampling unit: the run's items (questions / tasks), drawn with replacement by lib/metrics
 * `bootstrapCI` (seeded mulberry32, percentile method, type-7 quantiles): each replicate is the
 * whole table recomputed from the resampled per-item scores (`tableFromItems`), so all columns of
 * one run share the same resamples and the same seed gives the same intervals. A column missing
 * from a replicate (e.g. no question of a subtype drawn) is treated like a NaN replicate and
 * left out of that column's quantiles, as `bootstrapCI` does.
 */
import { bootstrapCI, quantileSorted } from "@/lib/metrics/bootstrap";
import { compileItemTable, type ItemRecord } from "@/lib/scoring/item-table";

export type ColumnInterval = { lower: number; upper: number; standardError: number | null; validResamples: number };
export type TableIntervals = Record<string, ColumnInterval>;
export type BootstrapSettings = { resamples: number; level: number; seed: number };

export const DEFAULT_BOOTSTRAP: BootstrapSettings = { resamples: 1000, level: 0.95, seed: 0 };

export function bootstrapTable(benchmark: string, variant: string, records: readonly ItemRecord[], settings: BootstrapSettings = DEFAULT_BOOTSTRAP): TableIntervals {
  if (records.length === 0) return {};
  const replicates = new Map<string, number[]>();
  let calls = 0;
  const compiled = compileItemTable(benchmark, variant, records);
  bootstrapCI(
    compiled.prepared,
    (sample) => {
      const table = compiled.table(sample);
      // The first call is the estimate on the original items; the next `resamples` are replicates.
      if (calls++ > 0) {
        for (const [k, v] of Object.entries(table)) {
          if (v === null || !Number.isFinite(v)) continue;
          let list = replicates.get(k);
          if (!list) replicates.set(k, (list = []));
          list.push(v);
        }
      }
      return 0;
    },
    { resamples: settings.resamples, level: settings.level, seed: settings.seed },
  );
  const alpha = 1 - settings.level;
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
