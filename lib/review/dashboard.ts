/**
 * Agreement dashboard figures (PURE): per project, per annotator pair and per annotator against
 * the adjudicated truth, per benchmark and kind, each pooled over items with a percentile
 * bootstrap interval over items (`bootstrapCI`, lib/metrics/bootstrap.ts; seeded, so the same
 * records give the same intervals); the disputed rate per benchmark subtype; throughput per
 * annotator. Statistics (docs/annotation/review.md):
 * - timestamps: F1 = 2 ΣTP / (Σ|A| + Σ|B|), frame-binned kappa of the summed bin tables, mean |offset|;
 * - spans: tIoU = Σ|∩| / Σ|∪| (frames), per-frame coverage kappa;
 * - counts: exact share and quadratic-weighted kappa over all matched count points;
 * - labels (per facet): Cohen's kappa and percent agreement of two annotators; over records with
 *   k > 2 annotators, Fleiss' kappa and Krippendorff's alpha (nominal);
 * - captions: exact share of seconds, kappa of the "edited" flags.
 */
import { bootstrapCI, mean, quantileSorted, type BootstrapOptions } from "@/lib/metrics/bootstrap";
import { fleissKappa } from "@/lib/metrics/agreement-fleiss";
import { cohenKappaFromMatrix } from "@/lib/metrics/agreement-kappa";
import { compareLabels } from "@/lib/metrics/agreement-labels";
import { krippendorffAlpha } from "@/lib/metrics/agreement-krippendorff";
import type { Label } from "@/lib/metrics/agreement-labels";
import { annotatorPairs } from "./annotator-letter";
import type { Comparison } from "./comparison-types";
import { captionFigures, countFigures, pairContribution, spanFigures, timestampFigures, type PairContribution } from "./contributions";
import type { FacetKind } from "./facets";

/** The special annotator id of the adjudicated truth in a record compared against it. */
export const TRUTH = "truth";

export type DashboardRecord = {
  itemId: string;
  /** Annotator ids in the comparison's order; `TRUTH` for the adjudicated truth. */
  annotators: string[];
  comparison: Comparison;
};

export type Submission = { annotatorId: string; itemId: string; elapsedMs: number };

export type DashboardFigure = {
  scope: "project" | "pair" | "vs-truth";
  /** [] for the project, [a, b] (sorted) for a pair, [a] against the truth. */
  annotators: string[];
  benchmark: string;
  kind: FacetKind;
  /** Label facet for label statistics, else null. */
  facet: string | null;
  statistic: string;
  /** Items (records) pooled. */
  items: number;
  estimate: number;
  lower: number;
  upper: number;
};

export type DisputedRate = { benchmark: string; subtype: string | null; items: number; disputed: number; rate: number; lower: number; upper: number };
export type Throughput = { annotatorId: string; items: number; activeHours: number; itemsPerHour: number; medianMinutesPerItem: number };
export type Dashboard = { figures: DashboardFigure[]; disputedRates: DisputedRate[]; throughput: Throughput[] };

export type DashboardOptions = { resamples?: number; level?: number; seed?: number };

type Entry = { contribution: PairContribution };

type Interval = { estimate: number; lower: number; upper: number };

/**
 * Percentile bootstrap intervals of several statistics of the same resamples: `bootstrapCI`
 * (lib/metrics/bootstrap.ts) draws the resamples once and computes `reduce` on each (its
 * documented order: the original data first, then replicate 1..B); every statistic is then read
 * from the recorded reductions, with the same percentile rule (type-7 quantiles of the
 * non-NaN replicates) as `bootstrapCI`.
 */
function bootstrapMany<T, R>(items: readonly T[], reduce: (sample: readonly T[]) => R, stats: readonly ((r: R) => number)[], opts: BootstrapOptions): Interval[] {
  const recorded: R[] = [];
  const first = bootstrapCI(
    items,
    (sample) => {
      const r = reduce(sample);
      recorded.push(r);
      return stats[0](r);
    },
    opts,
  );
  const level = opts.level ?? 0.95;
  return stats.map((f, i) => {
    if (i === 0) return { estimate: first.estimate, lower: first.lower, upper: first.upper };
    if (recorded.length === 0) return { estimate: Number.NaN, lower: Number.NaN, upper: Number.NaN };
    const replicates = recorded
      .slice(1)
      .map(f)
      .filter((x) => !Number.isNaN(x))
      .sort((x, y) => x - y);
    const alpha = 1 - level;
    return { estimate: f(recorded[0]), lower: quantileSorted(replicates, alpha / 2), upper: quantileSorted(replicates, 1 - alpha / 2) };
  });
}

/** The kind's contribution vectors of the entries that have one, as rows of one flat array. */
function flatRows(entries: readonly Entry[], key: "timestamps" | "spans" | "counts" | "captions"): { rows: number[]; flat: Float64Array; width: number } {
  const having = entries.map((e) => e.contribution[key]).filter((v): v is number[] => v !== null);
  const width = having.length ? having[0].length : 0;
  const flat = new Float64Array(having.length * width);
  having.forEach((v, i) => flat.set(v, i * width));
  return { rows: having.map((_, i) => i), flat, width };
}

function sumRows(sample: readonly number[], flat: Float64Array, width: number): number[] {
  const out = new Array<number>(width).fill(0);
  for (let s = 0; s < sample.length; s++) {
    const base = sample[s] * width;
    for (let i = 0; i < width; i++) out[i] += flat[base + i];
  }
  return out;
}

const NUMERIC: { kind: Exclude<FacetKind, "labels">; stats: [string, (s: number[]) => number][] }[] = [
  {
    kind: "timestamps",
    stats: [
      ["f1", (s) => timestampFigures(s).f1],
      ["binnedKappa", (s) => timestampFigures(s).binnedKappa],
      ["meanAbsOffsetFrames", (s) => timestampFigures(s).meanAbsOffsetFrames],
    ],
  },
  {
    kind: "spans",
    stats: [
      ["tIoU", (s) => spanFigures(s).tIoU],
      ["coverageKappa", (s) => spanFigures(s).coverageKappa],
    ],
  },
  {
    kind: "counts",
    stats: [
      ["exact", (s) => countFigures(s).exact],
      ["quadraticKappa", (s) => countFigures(s).quadraticKappa],
    ],
  },
  {
    kind: "captions",
    stats: [
      ["exact", (s) => captionFigures(s).exact],
      ["editedKappa", (s) => captionFigures(s).editedKappa],
    ],
  },
];

function labelKey(v: Label | null): Label {
  return v === null ? "(none)" : v;
}

/** Label pairs coded once as integers a·K + b over the sorted categories, so each replicate only counts codes. */
function codeLabelPairs(pairs: readonly { a: Label; b: Label }[]): { codes: number[]; k: number } {
  const categories = [...new Set(pairs.flatMap((p) => [p.a, p.b]))].sort(compareLabels);
  const index = new Map(categories.map((c, i) => [c, i]));
  const k = categories.length;
  return { codes: pairs.map((p) => (index.get(p.a) as number) * k + (index.get(p.b) as number)), k };
}

function matrixOfCodes(sample: readonly number[], k: number): number[][] {
  const m = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (const c of sample) m[Math.floor(c / k)][c % k] += 1;
  return m;
}

function diagonalShare(m: number[][]): number {
  let d = 0;
  let n = 0;
  m.forEach((row, i) => row.forEach((x, j) => ((n += x), i === j && (d += x))));
  return n === 0 ? Number.NaN : d / n;
}

function pairFigures(scope: DashboardFigure["scope"], annotators: string[], benchmark: string, entries: Entry[], opts: DashboardOptions): DashboardFigure[] {
  const out: DashboardFigure[] = [];
  const boot = { resamples: opts.resamples ?? 1000, level: opts.level ?? 0.95, seed: opts.seed ?? 0 };
  for (const { kind, stats } of NUMERIC) {
    const { rows, flat, width } = flatRows(entries, kind);
    if (rows.length === 0) continue;
    const intervals = bootstrapMany(
      rows,
      (s) => sumRows(s, flat, width),
      stats.map(([, f]) => f),
      boot,
    );
    stats.forEach(([statistic], i) => out.push({ scope, annotators, benchmark, kind, facet: null, statistic, items: rows.length, ...intervals[i] }));
  }
  const facets = new Map<string, { a: Label; b: Label }[]>();
  for (const e of entries) {
    for (const l of e.contribution.labels) {
      const list = facets.get(l.facet) ?? [];
      list.push({ a: labelKey(l.a), b: labelKey(l.b) });
      facets.set(l.facet, list);
    }
  }
  for (const [facet, pairs] of facets) {
    const { codes, k } = codeLabelPairs(pairs);
    const [kappa, percent] = bootstrapMany(codes, (s) => matrixOfCodes(s, k), [(m) => cohenKappaFromMatrix(m), diagonalShare], boot);
    out.push({ scope, annotators, benchmark, kind: "labels", facet, statistic: "cohenKappa", items: pairs.length, ...kappa });
    out.push({ scope, annotators, benchmark, kind: "labels", facet, statistic: "percentAgreement", items: pairs.length, ...percent });
  }
  return out;
}

function multiRaterFigures(benchmark: string, records: DashboardRecord[], opts: DashboardOptions): DashboardFigure[] {
  const boot = { resamples: opts.resamples ?? 1000, level: opts.level ?? 0.95, seed: opts.seed ?? 0 };
  const byFacet = new Map<string, Map<number, Label[][]>>();
  for (const r of records) {
    for (const f of r.comparison.facets) {
      if (f.kind !== "labels") continue;
      const byK = byFacet.get(f.name) ?? new Map<number, Label[][]>();
      const list = byK.get(r.comparison.k) ?? [];
      list.push(f.labels.map(labelKey));
      byK.set(r.comparison.k, list);
      byFacet.set(f.name, byK);
    }
  }
  const out: DashboardFigure[] = [];
  for (const [facet, byK] of byFacet) {
    const units = [...byK.values()].flat();
    const alpha = bootstrapCI(units, (s) => krippendorffAlpha(s), boot);
    out.push({ scope: "project", annotators: [], benchmark, kind: "labels", facet, statistic: "krippendorffAlpha", items: units.length, estimate: alpha.estimate, lower: alpha.lower, upper: alpha.upper });
    // Fleiss' kappa needs the same number of ratings per unit: the most common k.
    const [, same] = [...byK.entries()].sort((x, y) => y[1].length - x[1].length)[0];
    const fk = bootstrapCI(same, (s) => fleissKappa(s), boot);
    out.push({ scope: "project", annotators: [], benchmark, kind: "labels", facet, statistic: "fleissKappa", items: same.length, estimate: fk.estimate, lower: fk.lower, upper: fk.upper });
  }
  return out;
}

/** Every figure of the dashboard (see the module comment). `submissions` feed the throughput table. */
export function buildDashboard(records: readonly DashboardRecord[], submissions: readonly Submission[] = [], opts: DashboardOptions = {}): Dashboard {
  const figures: DashboardFigure[] = [];
  const benchmarks = [...new Set(records.map((r) => r.comparison.benchmark))].sort();
  for (const benchmark of benchmarks) {
    const recs = records.filter((r) => r.comparison.benchmark === benchmark);
    const project: Entry[] = [];
    const pairs = new Map<string, { annotators: string[]; entries: Entry[] }>();
    const truth = new Map<string, Entry[]>();
    for (const r of recs) {
      if (r.annotators.length !== r.comparison.k) {
        throw new RangeError(`buildDashboard: item ${r.itemId} names ${r.annotators.length} annotators for ${r.comparison.k} annotations`);
      }
      const truthIndex = r.annotators.indexOf(TRUTH);
      for (const [a, b] of annotatorPairs(r.comparison.k)) {
        if (a === truthIndex || b === truthIndex) {
          const who = a === truthIndex ? b : a;
          const list = truth.get(r.annotators[who]) ?? [];
          list.push({ contribution: pairContribution(r.comparison, who, truthIndex) });
          truth.set(r.annotators[who], list);
          continue;
        }
        const [x, y] = r.annotators[a] <= r.annotators[b] ? [a, b] : [b, a];
        const entry = { contribution: pairContribution(r.comparison, x, y) };
        project.push(entry);
        const key = `${r.annotators[x]}\u0000${r.annotators[y]}`;
        const p = pairs.get(key) ?? { annotators: [r.annotators[x], r.annotators[y]], entries: [] };
        p.entries.push(entry);
        pairs.set(key, p);
      }
    }
    if (project.length > 0) figures.push(...pairFigures("project", [], benchmark, project, opts));
    const multi = recs.filter((r) => r.comparison.k > 2 && !r.annotators.includes(TRUTH));
    if (multi.length > 0) figures.push(...multiRaterFigures(benchmark, multi, opts));
    for (const p of [...pairs.values()].sort((x, y) => x.annotators.join().localeCompare(y.annotators.join()))) {
      figures.push(...pairFigures("pair", p.annotators, benchmark, p.entries, opts));
    }
    for (const [who, entries] of [...truth.entries()].sort((x, y) => x[0].localeCompare(y[0]))) {
      figures.push(...pairFigures("vs-truth", [who], benchmark, entries, opts));
    }
  }
  return { figures, disputedRates: disputedRates(records, opts), throughput: throughput(submissions) };
}

function disputedRates(records: readonly DashboardRecord[], opts: DashboardOptions): DisputedRate[] {
  const groups = new Map<string, { benchmark: string; subtype: string | null; flags: number[] }>();
  for (const r of records) {
    if (r.annotators.includes(TRUTH)) continue;
    const key = `${r.comparison.benchmark}\u0000${r.comparison.subtype ?? ""}`;
    const g = groups.get(key) ?? { benchmark: r.comparison.benchmark, subtype: r.comparison.subtype, flags: [] };
    g.flags.push(r.comparison.verdict === "disputed" ? 1 : 0);
    groups.set(key, g);
  }
  return [...groups.values()]
    .sort((x, y) => x.benchmark.localeCompare(y.benchmark) || (x.subtype ?? "").localeCompare(y.subtype ?? ""))
    .map((g) => {
      const ci = bootstrapCI(g.flags, mean, { resamples: opts.resamples ?? 1000, level: opts.level ?? 0.95, seed: opts.seed ?? 0 });
      const disputed = g.flags.reduce((s, x) => s + x, 0);
      return { benchmark: g.benchmark, subtype: g.subtype, items: g.flags.length, disputed, rate: disputed / g.flags.length, lower: ci.lower, upper: ci.upper };
    });
}

function throughput(submissions: readonly Submission[]): Throughput[] {
  const by = new Map<string, number[]>();
  for (const s of submissions) {
    if (!(Number.isFinite(s.elapsedMs) && s.elapsedMs >= 0)) throw new RangeError(`buildDashboard: submission of item ${s.itemId} by ${s.annotatorId} has elapsedMs ${s.elapsedMs}`);
    const list = by.get(s.annotatorId) ?? [];
    list.push(s.elapsedMs);
    by.set(s.annotatorId, list);
  }
  return [...by.entries()]
    .sort((x, y) => x[0].localeCompare(y[0]))
    .map(([annotatorId, ms]) => {
      const sorted = [...ms].sort((a, b) => a - b);
      const total = ms.reduce((s, x) => s + x, 0);
      const mid = sorted.length / 2;
      const median = sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
      const activeHours = total / 3_600_000;
      return { annotatorId, items: ms.length, activeHours, itemsPerHour: activeHours > 0 ? ms.length / activeHours : Number.NaN, medianMinutesPerItem: median / 60_000 };
    });
}
