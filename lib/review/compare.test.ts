import { describe, expect, it } from "vitest";
import { compareAnnotations } from "./compare";
import type { CountFacetResult, LabelFacetResult, SpanFacetResult, TimestampFacetResult } from "./comparison-types";
import { at, e1Doc, e2Doc, ecbenchDoc, tocbenchDoc, vcbenchDoc, vsasDoc, vstatDoc } from "./test-docs";

const video = { fps: 30, frameCount: 300 };

function facet<T>(c: ReturnType<typeof compareAnnotations>, name: string): T {
  const f = c.facets.find((x) => x.name === name);
  if (!f) throw new Error(`no facet ${name}`);
  return f as T;
}

describe("compareAnnotations: VCBench E1 timestamps", () => {
  it("marks within 2 frames all match: agreed; hand-computed F1, offsets and binned kappa", () => {
    // A: 10, 50, 100; B: 12, 49, 100 → 3 matches, |offsets| 2, 1, 0 → mean 1.
    const c = compareAnnotations([e1Doc([10, 50, 100], [150]), e1Doc([12, 49, 100], [150])], video);
    const t = facet<TimestampFacetResult>(c, "moments");
    expect(t.pairs[0]).toMatchObject({ matched: 3, precision: 1, recall: 1, f1: 1, meanAbsOffsetFrames: 1 });
    // Bins of 5 frames over 300 frames: B = 60. A bins {2, 10, 20}, B bins {2, 9, 20}:
    // n11 = 2, n10 = 1, n01 = 1, n00 = 56. p_o = 58/60; p_e = (3·3 + 57·57)/3600 = 3258/3600.
    // κ = (58/60 − 3258/3600) / (1 − 3258/3600) = (3480 − 3258) / (3600 − 3258) = 222/342.
    expect(t.pairs[0].bins).toEqual([
      [56, 1],
      [1, 2],
    ]);
    expect(t.pairs[0].binnedKappa).toBeCloseTo(222 / 342, 12);
    expect(c.verdict).toBe("agreed");
    expect(c.reasons).toEqual([]);
  });

  it("a mark 3 frames away is unmatched: disputed, reason names the facet and counts", () => {
    const c = compareAnnotations([e1Doc([10, 50], [150]), e1Doc([13, 50], [150])], video);
    const t = facet<TimestampFacetResult>(c, "moments");
    expect(t.pairs[0]).toMatchObject({ matched: 1, precision: 0.5, recall: 0.5, f1: 0.5 });
    expect(c.verdict).toBe("disputed");
    expect(c.reasons[0]).toMatch(/^moments: A has 2 marks, B has 2; 1 matched within 2 frames/);
    expect(t.groups.map((g) => g.members.map((m) => m?.at.frame ?? null))).toEqual([
      [10, null],
      [null, 13],
      [50, 50],
    ]);
  });

  it("the tolerance threshold widens the match", () => {
    const c = compareAnnotations([e1Doc([10], [150]), e1Doc([13], [150])], { ...video, thresholds: { timestampToleranceFrames: 3 } });
    expect(c.verdict).toBe("agreed");
  });

  it("computed answers are compared at matched query points; a missing mark changes the count", () => {
    // A marks 10, 50, 100; B marks 10, 100 (misses 50, the marks facet disputes too).
    const c = compareAnnotations([e1Doc([10, 50, 100], [60, 150]), e1Doc([10, 100], [61, 150])], video);
    const q = facet<CountFacetResult>(c, "queryPoints");
    // Query points 60 ≈ 61 match (tolerance 2): answers A 2, B 1; at 150: A 3, B 2.
    expect(q.pairs[0].values).toEqual([
      [2, 1],
      [3, 2],
    ]);
    expect(q.pairs[0].exact).toBe(0);
    expect(q.agreed).toBe(false);
    expect(c.reasons.some((r) => r.startsWith("queryPoints: A 2 at frame 60; B 1 at frame 61"))).toBe(true);
  });

  it("a mark outside the video is refused, naming the facet, annotator and mark", () => {
    expect(() => compareAnnotations([e1Doc([10], [20]), e1Doc([400], [20])], video)).toThrow(/moments, annotator B: mark m0 at frame 400 is outside the video/);
  });

  it("refuses one document, mixed benchmarks, mixed subtypes and a bad video", () => {
    expect(() => compareAnnotations([e1Doc([1], [])], video)).toThrow(/at least 2 documents/);
    expect(() => compareAnnotations([e1Doc([1], []), tocbenchDoc()], video)).toThrow(/document 1 is TOCBENCH/);
    expect(() => compareAnnotations([e1Doc([1], []), e2Doc([], [])], video)).toThrow(/subtype E2-Episode/);
    expect(() => compareAnnotations([e1Doc([1], []), e1Doc([1], [])], { fps: 0, frameCount: 10 })).toThrow(/fps must be positive/);
    expect(() => compareAnnotations([e1Doc([1], []), e1Doc([1], [])], { fps: 30, frameCount: 2.5 })).toThrow(/frameCount must be a whole number/);
  });
});

describe("compareAnnotations: spans", () => {
  it("E2 occurrences: one-to-one groups with tIoU >= 0.5 agree; hand-computed tIoU", () => {
    // A [10, 29] covers 20 frames, B [15, 34] 20 frames; overlap 15..29 = 15; union 25 → 0.6.
    const c = compareAnnotations([e2Doc([[10, 29]], [100]), e2Doc([[15, 34]], [100])], video);
    const s = facet<SpanFacetResult>(c, "occurrences");
    expect(s.pairs[0].tIoU).toBeCloseTo(0.6, 12);
    expect(s.pairs[0].coverage).toEqual([
      [275, 5],
      [5, 15],
    ]);
    expect(s.groups).toHaveLength(1);
    expect(c.verdict).toBe("agreed");
  });

  it("one annotator splits an occurrence in two: disputed even with a high tIoU", () => {
    const c = compareAnnotations([e2Doc([[10, 49]], [100]), e2Doc([[10, 29], [30, 49]], [100])], video);
    const s = facet<SpanFacetResult>(c, "occurrences");
    expect(s.pairs[0].tIoU).toBe(1);
    expect(s.agreed).toBe(false);
    expect(s.reasons[0]).toMatch(/spans: A 1, B 2/);
  });

  it("EC-Bench evidence: facet tIoU below 0.5 disputes; both empty agree", () => {
    const ev = (s: number, e: number) => ({ id: `e${s}`, start: at(s), end: at(e), label: "", comment: "" });
    const c = compareAnnotations([ecbenchDoc({ feasible: true, answer: "3", evidence: [ev(0, 29)] }), ecbenchDoc({ feasible: true, answer: " 3 ", evidence: [ev(20, 59)] })], video);
    // [0, 30) vs [20, 60): overlap 10, union 60 → 1/6.
    expect(facet<SpanFacetResult>(c, "evidence").pairs[0].tIoU).toBeCloseTo(1 / 6, 12);
    expect(facet<LabelFacetResult>(c, "answer").agreed).toBe(true);
    expect(c.reasons).toEqual(["evidence: tIoU of A and B is 0.167 < 0.5"]);
    const none = compareAnnotations([ecbenchDoc({ feasible: true }), ecbenchDoc({ feasible: true })], video);
    expect(none.verdict).toBe("agreed");
  });

  it("both infeasible: answers and evidence are moot", () => {
    const c = compareAnnotations([ecbenchDoc({ feasible: false, answer: "1" }), ecbenchDoc({ feasible: false, answer: "2" })], video);
    expect(c.facets.map((f) => f.name)).toEqual(["feasible"]);
    expect(c.verdict).toBe("agreed");
  });

  it("an open span disputes the facet", () => {
    const open = vcbenchDoc({ subtype: "E2-Episode", occurrences: [{ id: "o0", start: at(10), end: null, label: "", comment: "", splits: [] }] });
    const c = compareAnnotations([open, e2Doc([], [])], video);
    expect(c.reasons).toContain("occurrences: annotator A left 1 span(s) without an end");
  });
});

describe("compareAnnotations: counts and labels", () => {
  it("O1-Snap manual counts and O1-Delta window counts", () => {
    const snap = (counts: number[]) =>
      vcbenchDoc({ subtype: "O1-Snap", queryPoints: counts.map((n, i) => ({ id: `q${i}`, at: at(30 * (i + 1)), count: n })) });
    const c = compareAnnotations([snap([1, 2, 4]), snap([1, 2, 5])], video);
    const q = facet<CountFacetResult>(c, "queryPoints");
    expect(q.pairs[0].exact).toBeCloseTo(2 / 3, 12);
    // QWK by hand: a = 1,2,4 (mean 7/3), b = 1,2,5 (mean 8/3); Σ(a−b)² = 1;
    // S_aa = 42/9, S_bb = 78/9, N(ā − b̄)² = 3/9 → expected 123/9 → κ = 1 − 9/123.
    expect(q.pairs[0].quadraticKappa).toBeCloseTo(1 - 9 / 123, 12);
    expect(c.verdict).toBe("disputed");
    const loose = compareAnnotations([snap([1, 2, 4]), snap([1, 2, 5])], { ...video, thresholds: { countMaxDifference: 1 } });
    expect(loose.verdict).toBe("agreed");

    const delta = (s: number, e: number) =>
      vcbenchDoc({ subtype: "O1-Delta", window: { start: at(0), end: at(90) }, countAtStart: s, countAtEnd: e, queryPoints: [{ id: "q", at: at(90), count: null }] });
    const d = compareAnnotations([delta(2, 5), delta(2, 6)], video);
    expect(facet<CountFacetResult>(d, "windowCounts").groups.map((g) => g.agreed)).toEqual([true, false]);
    expect(d.reasons).toContain("windowCounts: A 5 at countAtEnd; B 6 at countAtEnd");
  });

  it("TOC decisions and removal reasons; VSTAT taxonomy per family and challenge", () => {
    const t = compareAnnotations([tocbenchDoc({ decision: "remove", removalReason: "wrong_label" }), tocbenchDoc({ decision: "remove", removalReason: "mismatch" })], video);
    expect(t.facets.map((f) => f.name)).toEqual(["decision", "removalReason"]);
    expect(t.reasons).toEqual(['removalReason: A "wrong_label", B "mismatch"']);
    const v = compareAnnotations(
      [
        vstatDoc({ decision: "keep", stateElement: "count", stateStructure: "atomic", challenges: ["occlusion"] }),
        vstatDoc({ decision: "keep", stateElement: "count", stateStructure: "set", challenges: ["occlusion", "camera_motion"] }),
        vstatDoc({ decision: "keep", stateElement: "count", stateStructure: "set", challenges: ["occlusion"] }),
      ],
      video,
    );
    expect(v.k).toBe(3);
    expect(v.reasons).toEqual(['stateStructure: A "atomic", B "set", C "set"', "challenge:camera_motion: A false, B true, C false"]);
  });

  it("TOC revisions compare as values, whatever the key order", () => {
    const a = tocbenchDoc({ decision: "revise", revision: { question: "Q?", answer: { x: 1, y: 2 } } });
    const b = tocbenchDoc({ decision: "revise", revision: { answer: { y: 2, x: 1 }, question: "Q?" } });
    expect(compareAnnotations([a, b], video).verdict).toBe("agreed");
  });
});

describe("compareAnnotations: VSAS captions", () => {
  it("per-second exact and same-text shares", () => {
    const cap = (second: number, text: string, corrected = false) => ({ second, text, corrected, inconsistentWith: null, note: "" });
    const c = compareAnnotations(
      [vsasDoc({ captions: [cap(0, "a"), cap(1, "b"), cap(2, "c", true), cap(3, "d")] }), vsasDoc({ captions: [cap(0, "a"), cap(1, "B", true), cap(2, "c")] })],
      video,
    );
    const f = c.facets[0];
    if (f.kind !== "captions") throw new Error("kind");
    // Seconds 0..3: 0 exact; 1 text differs; 2 flag differs (same text); 3 only A.
    expect(f.pairs[0]).toMatchObject({ seconds: 4, exact: 0.25, sameText: 0.5 });
    expect(f.pairs[0].edited).toEqual([
      [false, false],
      [false, true],
      [true, false],
    ]);
    expect(c.reasons[0]).toMatch(/differing seconds 1, 2, 3$/);
  });
});
