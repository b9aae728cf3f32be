/**
 * What one compared item contributes to pooled agreement figures, per annotator pair and kind
 * (PURE). Pooled statistics over many items are functions of the SUMS of these vectors (or, for
 * labels, of the label pairs), which keeps bootstrap resampling over items cheap:
 *
 * - timestamps `[TP, |A|, |B|, Σ|offset|, n00, n01, n10, n11]` (bins table of the frame-binned kappa);
 * - spans `[|∩|, |∪|, n00, n01, n10, n11]` in frames (per-frame coverage table);
 * - counts `[N, Σa, Σb, Σa², Σb², Σ(a − b)², exact]` over matched count points;
 * - captions `[seconds, exact seconds, n00, n01, n10, n11]` (table of the "edited" flags);
 * - labels: one `[a, b]` pair per label facet.
 */
import type { Label } from "@/lib/metrics/agreement-labels";
import type { Comparison } from "./comparison-types";

export type PairContribution = {
  timestamps: number[] | null;
  spans: number[] | null;
  counts: number[] | null;
  captions: number[] | null;
  labels: { facet: string; a: Label | null; b: Label | null }[];
};

function add(target: number[] | null, values: number[]): number[] {
  if (!target) return [...values];
  for (let i = 0; i < values.length; i++) target[i] += values[i];
  return target;
}

/** The contribution of annotators `a` and `b` (indices into the comparison) of one compared item. */
export function pairContribution(c: Comparison, a: number, b: number): PairContribution {
  const out: PairContribution = { timestamps: null, spans: null, counts: null, captions: null, labels: [] };
  const [x, y] = a < b ? [a, b] : [b, a];
  const flip = a > b;
  for (const f of c.facets) {
    if (f.kind === "labels") {
      out.labels.push({ facet: f.name, a: f.labels[a], b: f.labels[b] });
      continue;
    }
    const p = (f.pairs as { a: number; b: number }[]).find((q) => q.a === x && q.b === y);
    if (!p) continue;
    switch (f.kind) {
      case "timestamps": {
        const q = p as (typeof f.pairs)[number];
        const off = q.matched > 0 ? q.meanAbsOffsetFrames * q.matched : 0;
        const [[n00, n01], [n10, n11]] = q.bins;
        out.timestamps = add(out.timestamps, flip ? [q.matched, q.countB, q.countA, off, n00, n10, n01, n11] : [q.matched, q.countA, q.countB, off, n00, n01, n10, n11]);
        break;
      }
      case "spans": {
        const q = p as (typeof f.pairs)[number];
        const [[n00, n01], [n10, n11]] = q.coverage;
        out.spans = add(out.spans, flip ? [q.intersectionFrames, q.unionFrames, n00, n10, n01, n11] : [q.intersectionFrames, q.unionFrames, n00, n01, n10, n11]);
        break;
      }
      case "counts": {
        const q = p as (typeof f.pairs)[number];
        const v = [0, 0, 0, 0, 0, 0, 0];
        for (const [u, w] of q.values) {
          const [s, t] = flip ? [w, u] : [u, w];
          v[0] += 1;
          v[1] += s;
          v[2] += t;
          v[3] += s * s;
          v[4] += t * t;
          v[5] += (s - t) ** 2;
          v[6] += s === t ? 1 : 0;
        }
        out.counts = add(out.counts, v);
        break;
      }
      case "captions": {
        const q = p as (typeof f.pairs)[number];
        const t = [0, 0, 0, 0];
        for (const [u, w] of q.edited) {
          const [s, r] = flip ? [w, u] : [u, w];
          t[(s ? 2 : 0) + (r ? 1 : 0)] += 1;
        }
        out.captions = add(out.captions, [q.seconds, Math.round(q.exact * q.seconds) || 0, ...t]);
        break;
      }
    }
  }
  return out;
}

/**
 * Cohen's kappa (unweighted) of a flattened K × K table (row-major, from `offset`): the
 * arithmetic of `cohenKappaFromMatrix` (lib/metrics/agreement-kappa.ts) in the same order, so the
 * same value, without its validation and allocations (it runs once per bootstrap replicate).
 * NaN when undefined (no cells, or chance disagreement 0).
 */
export function kappaOfCells(t: Readonly<ArrayLike<number>>, k: number, offset = 0): number {
  if (k === 2) return kappa2x2(t, offset);
  const rows = new Array<number>(k).fill(0);
  const cols = new Array<number>(k).fill(0);
  let n = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const x = t[offset + i * k + j];
      rows[i] += x;
      cols[j] += x;
      n += x;
    }
  }
  if (n === 0) return Number.NaN;
  let observed = 0;
  let expected = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      if (i === j) continue;
      observed += t[offset + i * k + j];
      expected += (rows[i] * cols[j]) / n;
    }
  }
  return expected === 0 ? Number.NaN : 1 - observed / expected;
}

/** Share of a flattened K × K table on its diagonal (NaN for an empty table). */
export function diagonalShareOfCells(t: Readonly<ArrayLike<number>>, k: number): number {
  let d = 0;
  let n = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const x = t[i * k + j];
      n += x;
      if (i === j) d += x;
    }
  }
  return n === 0 ? Number.NaN : d / n;
}

/** Kappa of a flattened 2 × 2 table [n00, n01, n10, n11] (NaN when undefined): `kappaOfCells` unrolled, the same operations in the same order. */
export function kappa2x2(t: Readonly<ArrayLike<number>>, offset = 0): number {
  const n00 = t[offset];
  const n01 = t[offset + 1];
  const n10 = t[offset + 2];
  const n11 = t[offset + 3];
  const r0 = 0 + n00 + n01;
  const r1 = 0 + n10 + n11;
  const c0 = 0 + n00 + n10;
  const c1 = 0 + n01 + n11;
  const n = 0 + n00 + n01 + n10 + n11;
  if (n === 0) return Number.NaN;
  const observed = 0 + n01 + n10;
  const expected = 0 + (r0 * c1) / n + (r1 * c0) / n;
  return expected === 0 ? Number.NaN : 1 - observed / expected;
}

/** Pooled figures from summed timestamp contributions. */
export function timestampFigures(s: ArrayLike<number>): { f1: number; binnedKappa: number; meanAbsOffsetFrames: number } {
  const tp = s[0], ca = s[1], cb = s[2], off = s[3];
  return { f1: ca + cb === 0 ? Number.NaN : (2 * tp) / (ca + cb), binnedKappa: kappa2x2(s, 4), meanAbsOffsetFrames: tp === 0 ? Number.NaN : off / tp };
}

/** Pooled figures from summed span contributions. */
export function spanFigures(s: ArrayLike<number>): { tIoU: number; coverageKappa: number } {
  return { tIoU: s[1] === 0 ? Number.NaN : s[0] / s[1], coverageKappa: kappa2x2(s, 2) };
}

/**
 * Pooled figures from summed count contributions: exact share and quadratic-weighted kappa in
 * closed form (see lib/metrics/agreement-counts.ts): κ_w = 1 − Σ(a − b)² / (S_aa + S_bb + N (ā − b̄)²).
 */
export function countFigures(s: ArrayLike<number>): { exact: number; quadraticKappa: number } {
  const n = s[0], sa = s[1], sb = s[2], saa = s[3], sbb = s[4], sd = s[5], exact = s[6];
  if (n === 0) return { exact: Number.NaN, quadraticKappa: Number.NaN };
  const ma = sa / n;
  const mb = sb / n;
  const expected = saa - n * ma * ma + (sbb - n * mb * mb) + n * (ma - mb) ** 2;
  return { exact: exact / n, quadraticKappa: expected <= 1e-12 * Math.max(1, saa + sbb) ? Number.NaN : 1 - sd / expected };
}

/** Pooled figures from summed caption contributions. */
export function captionFigures(s: ArrayLike<number>): { exact: number; editedKappa: number } {
  return { exact: s[0] === 0 ? Number.NaN : s[1] / s[0], editedKappa: kappa2x2(s, 2) };
}
