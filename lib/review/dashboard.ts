/**
 * Agreement dashboard figures (PURE): per project, per annotator pair and per annotator against
 * the adjudicated truth, per benchmark and kind, each pooled over items with a percentile
 * bootstrap interval over items (seeded, so the same records give the same intervals): one pass
 * per group, the items drawn once per replicate as weights (`bootstrapWeightedCI`,
 * lib/metrics/bootstrap.ts, the draws of `bootstrapCI`) and every statistic computed from
 * weighted sums of the items' contributions (contributions.ts); the disputed rate per benchmark subtype; throughput per
 * annotator. Statistics (docs/annotation/review.md):
 * - timestamps: F1 = 2 ΣTP / (Σ|A| + Σ|B|), frame-binned kappa of the summed bin tables, mean |offset|;
 * - spans: tIoU = Σ|∩| / Σ|∪| (frames), per-frame coverage kappa;
 * - counts: exact share and quadratic-weighted kappa over all matched count points;
 * - labels (per facet): Cohen's kappa and percent agreement of two annotators; over records with
 *   k > 2 annotators, Fleiss' kappa and Krippendorff's alpha (nominal);
 * - captions: exact share of seconds, kappa of the "edited" flags.
 */
import { bootstrapCI, bootstrapWeightedCI } from "@/lib/metrics/bootstrap";
import { fleissKappa } from "@/lib/metrics/agreement-fleiss";
import { compareLabels } from "@/lib/metrics/agreement-labels";
import { krippendorffAlpha } from "@/lib/metrics/agreement-krippendorff";
import type { Label } from "@/lib/metrics/agreement-labels";
import { annotatorPairs } from "./annotator-letter";
import type { Comparison } from "./comparison-types";
import { captionFigures, countFigures, diagonalShareOfCells, kappaOfCells, pairContribution, spanFigures, timestampFigures, type PairContribution } from "./contributions";
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

/** Per numeric kind, its statistics, all computed at once from the kind's summed contribution. */
const NUMERIC: { kind: Exclude<FacetKind, "labels">; stats: string[]; figures: (s: ArrayLike<number>) => Record<string, number> }[] = [
  { kind: "timestamps", stats: ["f1", "binnedKappa", "meanAbsOffsetFrames"], figures: timestampFigures },
  { kind: "spans", stats: ["tIoU", "coverageKappa"], figures: spanFigures },
  { kind: "counts", stats: ["exact", "quadraticKappa"], figures: countFigures },
  { kind: "captions", stats: ["exact", "editedKappa"], figures: captionFigures },
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

/** out = Σ_j weights[items[j]] · (row j of `flat`, `width` wide). */
function addWeighted(out: Float64Array, flat: Float64Array, width: number, items: Int32Array, weights: Uint32Array): void {
  out.fill(0);
  for (let j = 0; j < items.length; j++) {
    const c = weights[items[j]];
    if (c === 0) continue;
    const base = j * width;
    if (c === 1) for (let w = 0; w < width; w++) out[w] += flat[base + w];
    else for (let w = 0; w < width; w++) out[w] += c * flat[base + w];
  }
}

/** cells[code] = Σ weights[i] over `items` with that code (a flattened K × K table of label pairs). */
function countWeighted(cells: Float64Array, codes: Int32Array, items: Int32Array, weights: Uint32Array): void {
  cells.fill(0);
  for (let j = 0; j < items.length; j++) {
    const i = items[j];
    cells[codes[i]] += weights[i];
  }
}

/**
 * Figures of one group of items (the project, a pair, an annotator vs truth) of one benchmark.
 * Items are resampled once per replicate for every kind and label facet together (a bootstrap
 * over items: the number of items having a kind may vary between replicates, as it would between
 * samples of items).
 */
function pairFigures(scope: DashboardFigure["scope"], annotators: string[], benchmark: string, entries: Entry[], opts: DashboardOptions): DashboardFigure[] {
  const boot = { resamples: opts.resamples ?? 1000, level: opts.level ?? 0.95, seed: opts.seed ?? 0 };
  const n = entries.length;
  // Per kind: the items that have it (ascending) and their vectors, row j for the j-th of them.
  const kinds = NUMERIC.map(({ kind, stats, figures }) => {
    const width = entries.find((e) => e.contribution[kind])?.contribution[kind]?.length ?? 0;
    const list = Int32Array.from(entries.keys()).filter((i) => entries[i].contribution[kind] !== null);
    const flat = new Float64Array(list.length * width);
    list.forEach((i, j) => flat.set(entries[i].contribution[kind] as number[], j * width));
    return { kind, stats, figures, width, flat, list, items: list.length };
  }).filter((k) => k.items > 0);
  const facetNames: string[] = [];
  const facetPairs = new Map<string, ({ a: Label; b: Label } | null)[]>();
  entries.forEach((e, i) => {
    for (const l of e.contribution.labels) {
      if (!facetPairs.has(l.facet)) {
        facetPairs.set(l.facet, new Array(n).fill(null));
        facetNames.push(l.facet);
      }
      (facetPairs.get(l.facet) as ({ a: Label; b: Label } | null)[])[i] = { a: labelKey(l.a), b: labelKey(l.b) };
    }
  });
  const facets = facetNames.map((facet) => {
    const pairs = facetPairs.get(facet) as ({ a: Label; b: Label } | null)[];
    const present = pairs.filter((p): p is { a: Label; b: Label } => p !== null);
    const { codes, k } = codeLabelPairs(present);
    const full = new Int32Array(n).fill(-1);
    let c = 0;
    pairs.forEach((p, i) => {
      if (p) full[i] = codes[c++];
    });
    return { facet, k, codes: full, items: present.length };
  });
  // Scratch buffers reused by every replicate (only the statistics' values are kept).
  const sums = kinds.map((k) => new Float64Array(k.width));
  const cells = facets.map((f) => new Float64Array(f.k * f.k));
  // Per facet, the items that have it (so a replicate visits each item once per kind it has).
  const facetItems = facets.map((f) => Int32Array.from(entries.keys()).filter((i) => f.codes[i] >= 0));
  const meta: Omit<DashboardFigure, "estimate" | "lower" | "upper">[] = [];
  for (const k of kinds) for (const statistic of k.stats) meta.push({ scope, annotators, benchmark, kind: k.kind, facet: null, statistic, items: k.items });
  for (const f of facets) {
    meta.push({ scope, annotators, benchmark, kind: "labels", facet: f.facet, statistic: "cohenKappa", items: f.items });
    meta.push({ scope, annotators, benchmark, kind: "labels", facet: f.facet, statistic: "percentAgreement", items: f.items });
  }
  if (meta.length === 0 || n === 0) return [];
  const intervals = bootstrapWeightedCI(
    n,
    meta.length,
    (weights, out) => {
      let o = 0;
      for (let q = 0; q < kinds.length; q++) {
        addWeighted(sums[q], kinds[q].flat, kinds[q].width, kinds[q].list, weights);
        const figures = kinds[q].figures(sums[q]);
        for (const statistic of kinds[q].stats) out[o++] = figures[statistic];
      }
      for (let q = 0; q < facets.length; q++) {
        countWeighted(cells[q], facets[q].codes, facetItems[q], weights);
        out[o++] = kappaOfCells(cells[q], facets[q].k);
        out[o++] = diagonalShareOfCells(cells[q], facets[q].k);
      }
    },
    boot,
  );
  return meta.map((m, i) => ({ ...m, estimate: intervals[i].estimate, lower: intervals[i].lower, upper: intervals[i].upper }));
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
      // The share of disputed items: a mean of 0/1 flags, resampled by item weights.
      const n = g.flags.length;
      const [ci] = bootstrapWeightedCI(
        n,
        1,
        (weights, out) => {
          let d = 0;
          for (let i = 0; i < n; i++) d += weights[i] * g.flags[i];
          out[0] = d / n;
        },
        { resamples: opts.resamples ?? 1000, level: opts.level ?? 0.95, seed: opts.seed ?? 0 },
      );
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
