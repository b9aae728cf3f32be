import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { inTimeOrder } from "@/lib/annotation/time-order";
import { applyPicks, autoMerge } from "./apply-picks";
import { compareAnnotations } from "./compare";
import type { Comparison } from "./comparison-types";
import { listDifferences } from "./differences";
import { syntheticProject } from "./synthetic";

const seeds = fc.integer({ min: 1, max: 1_000_000 });
const noise = fc.constantFrom(0.5, 1, 4);

/** Every pairwise figure of a comparison, keyed by facet and statistic (symmetric ones only). */
function symmetricFigures(c: Comparison): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of c.facets) {
    if (f.kind === "timestamps") f.pairs.forEach((p) => Object.assign(out, { [`${f.name}.f1`]: p.f1, [`${f.name}.kappa`]: p.binnedKappa, [`${f.name}.offset`]: p.meanAbsOffsetFrames, [`${f.name}.matched`]: p.matched }));
    if (f.kind === "spans") f.pairs.forEach((p) => Object.assign(out, { [`${f.name}.tIoU`]: p.tIoU }));
    if (f.kind === "counts") f.pairs.forEach((p) => Object.assign(out, { [`${f.name}.exact`]: p.exact, [`${f.name}.qwk`]: p.quadraticKappa }));
    if (f.kind === "captions") f.pairs.forEach((p) => Object.assign(out, { [`${f.name}.exact`]: p.exact }));
    if (f.kind === "labels") out[`${f.name}.agreed`] = f.agreed ? 1 : 0;
  }
  return out;
}

function close(a: number, b: number): boolean {
  return (Number.isNaN(a) && Number.isNaN(b)) || Math.abs(a - b) < 1e-9;
}

describe("review engine properties (synthetic items of every benchmark)", () => {
  it("symmetric in annotator order: same verdict and figures when A and B swap", () => {
    fc.assert(
      fc.property(seeds, noise, (seed, nz) => {
        const [it] = syntheticProject(1, seed, nz);
        const ctx = { fps: it.fps, frameCount: it.frameCount };
        const ab = compareAnnotations(it.documents, ctx);
        const ba = compareAnnotations([it.documents[1], it.documents[0]], ctx);
        expect(ba.verdict).toBe(ab.verdict);
        const x = symmetricFigures(ab);
        const y = symmetricFigures(ba);
        expect(Object.keys(y).sort()).toEqual(Object.keys(x).sort());
        for (const k of Object.keys(x)) expect(close(x[k], y[k]), `${k}: ${x[k]} vs ${y[k]}`).toBe(true);
        expect(listDifferences(ba).length).toBe(listDifferences(ab).length);
      }),
      { numRuns: 120 },
    );
  });

  it("figures stay in range: F1, tIoU, exact in [0, 1]; kappas in [−1, 1] or undefined", () => {
    fc.assert(
      fc.property(seeds, noise, (seed, nz) => {
        const [it] = syntheticProject(1, seed, nz);
        const c = compareAnnotations(it.documents, { fps: it.fps, frameCount: it.frameCount });
        const unit = (v: number) => Number.isNaN(v) || (v >= 0 && v <= 1);
        const kappa = (v: number) => Number.isNaN(v) || (v >= -1 - 1e-12 && v <= 1 + 1e-12);
        for (const f of c.facets) {
          if (f.kind === "timestamps") f.pairs.forEach((p) => expect(unit(p.f1) && unit(p.precision) && unit(p.recall) && kappa(p.binnedKappa)).toBe(true));
          if (f.kind === "spans") f.pairs.forEach((p) => expect(unit(p.tIoU)).toBe(true));
          if (f.kind === "counts") f.pairs.forEach((p) => expect(unit(p.exact) && kappa(p.quadraticKappa)).toBe(true));
          if (f.kind === "captions") f.pairs.forEach((p) => expect(unit(p.exact) && unit(p.sameText)).toBe(true));
        }
        expect(c.verdict === "agreed").toBe(c.reasons.length === 0);
        const ids = listDifferences(c).map((d) => d.id);
        expect(new Set(ids).size).toBe(ids.length);
      }),
      { numRuns: 120 },
    );
  });

  // The merge writes its lists in time order (lib/annotation/time-order.ts), the order the
  // workspace keeps every document in; the synthetic documents may list two spans whose jittered
  // starts crossed out of order (seed 882413: occurrences starting at frames 2833 then 2832), so
  // the merge of two copies is the document in time order, and for a document already in time
  // order (every one the workspace saves) the document itself. Seed 105642: a mark at frame 0
  // once came back at frame -0 (the mean frame's rounding, lib/review/resolve-facets.ts).
  it("identical documents: agreed, perfect figures, no differences, auto-merge returns the document in time order", () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const [it] = syntheticProject(1, seed);
        const a = it.documents[0];
        const ctx = { fps: it.fps, frameCount: it.frameCount };
        const c = compareAnnotations([a, structuredClone(a), structuredClone(a)], ctx);
        expect(c.verdict).toBe("agreed");
        for (const f of c.facets) {
          if (f.kind === "timestamps") f.pairs.forEach((p) => expect(p.f1).toBe(1));
          if (f.kind === "spans") f.pairs.forEach((p) => expect(Number.isNaN(p.tIoU) || p.tIoU === 1).toBe(true));
          if (f.kind === "counts") f.pairs.forEach((p) => expect(Number.isNaN(p.exact) || p.exact === 1).toBe(true));
        }
        expect(listDifferences(c)).toEqual([]);
        const m = autoMerge([a, structuredClone(a)], ctx);
        expect(m.ok && m.document).toEqual(inTimeOrder(a));
        const ordered = inTimeOrder(a);
        expect(m.ok && autoMerge([ordered, structuredClone(ordered)], ctx)).toMatchObject({ ok: true, document: ordered });
      }),
      { numRuns: 80, examples: [[882413], [105642]] },
    );
  });

  it("taking A on every pickable difference reproduces A (no differences left against A)", () => {
    fc.assert(
      fc.property(seeds, noise, (seed, nz) => {
        const [it] = syntheticProject(1, seed, nz);
        const ctx = { fps: it.fps, frameCount: it.frameCount };
        const c = compareAnnotations(it.documents, ctx);
        const picks = listDifferences(c)
          .filter((d) => !d.derived)
          .map((d) => ({ differenceId: d.id, take: 0 }));
        const r = applyPicks(it.documents, ctx, picks, c);
        if (!r.ok) throw new Error(JSON.stringify(r.problems));
        const back = compareAnnotations([r.document, it.documents[0]], ctx);
        expect(listDifferences(back)).toEqual([]);
        expect(back.verdict).toBe("agreed");
      }),
      { numRuns: 120 },
    );
  });
});
