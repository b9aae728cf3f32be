import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  VCBENCH_SUBTYPES,
  VcbenchAggregator,
  aggregateVcbench,
  checkVcbenchStoredCounts,
  gaussianPrecisionAccuracy,
  monotonicityConsistency,
  parseVcbenchPrediction,
  scoreVcbench,
  scoreVcbenchQuestion,
  updateDirectionAccuracy,
  vcbenchAnnotationFromRecord,
  vcbenchRuleCount,
  type VcbenchCheckRecord,
  type VcbenchQuestionScore,
} from "./vcbench";

const FIXTURES = new URL("../../tests/fixtures/vcbench/", import.meta.url);
const readJsonl = (name: string) =>
  readFileSync(new URL(name, FIXTURES), "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
/** 18 questions copied from the real vcbench_data.jsonl (see the fixture README). */
const truthRecords = readJsonl("vcbench_data.jsonl") as Array<VcbenchCheckRecord & { query_points: { time: number[]; count: number[] } }>;
const truth = truthRecords.map((r) => ({ id: r.id, subtype: r.counting_subtype, times: r.query_points.time, counts: r.query_points.count }));
const unified = readJsonl("preds-unified.jsonl") as Array<{ id: string; predictions: number[] }>;

/**
 * Golden per-question values: computed by running the reference `eval/compute_metrics.py`
 * (github.com/buaa-colalab/VCBench @48ab208, CPython 3.11.7) on
 * tests/fixtures/vcbench/preds-unified.jsonl with tests/fixtures/vcbench/vcbench_data.jsonl
 * as the subtype file.
 */
const REFERENCE_PER_QUESTION: Record<string, { gpa: number; moc: number | null; uda: number | null }> = {"0000": {"gpa": 0.3333333333333333, "moc": null, "uda": 1.0}, "0002": {"gpa": 0.6666666666666666, "moc": null, "uda": 1.0}, "0018": {"gpa": 1.0, "moc": null, "uda": 1.0}, "0081": {"gpa": 1.3838965267367769e-87, "moc": null, "uda": null}, "0082": {"gpa": 3.693883068487676e-196, "moc": null, "uda": null}, "0179": {"gpa": 0.6666666666666666, "moc": 0.0, "uda": 0.5}, "0423": {"gpa": 0.5981159495363737, "moc": 0.0, "uda": 0.5882352941176471}, "0448": {"gpa": 0.5188941373549177, "moc": 0.25, "uda": 0.65625}, "0468": {"gpa": 1.3838965267367769e-87, "moc": null, "uda": null}, "0470": {"gpa": 1.3838965267367769e-87, "moc": null, "uda": null}, "0546": {"gpa": 0.500000931663293, "moc": 0.0, "uda": 0.6666666666666666}, "0701": {"gpa": 0.42800059788175593, "moc": 0.0, "uda": 0.5714285714285714}, "0749": {"gpa": 0.3333333333333333, "moc": 0.0, "uda": 0.5}, "0780": {"gpa": 0.6000000162370768, "moc": 1.0, "uda": 1.0}, "0797": {"gpa": 0.6666666666666666, "moc": 1.0, "uda": 1.0}, "0912": {"gpa": 0.5000000000558408, "moc": 1.0, "uda": 0.6666666666666666}, "0944": {"gpa": 0.40878813205531583, "moc": 1.0, "uda": 1.0}, "0958": {"gpa": 0.8093957084427853, "moc": 1.0, "uda": 1.0}};

/** Golden aggregates from the same reference run (`overall`, `by_subtype`). */
const REFERENCE_OVERALL = {"n_questions": 18, "gpa": 0.44610345221633474, "moc": 0.4772727272727273, "uda": 0.796374799919968, "gpa_n": 18, "moc_n": 11, "uda_n": 14};
const REFERENCE_BY_SUBTYPE: Record<string, { n_questions: number; gpa: number; moc: number | null; uda: number | null }> = {"O1-Snap": {"n_questions": 3, "gpa": 0.6666666666666666, "moc": null, "uda": 1.0}, "O1-Delta": {"n_questions": 2, "gpa": 6.919482633683884e-88, "moc": null, "uda": null}, "O2-Unique": {"n_questions": 3, "gpa": 0.5945589178526527, "moc": 0.08333333333333333, "uda": 0.5814950980392157}, "O2-Gain": {"n_questions": 2, "gpa": 1.3838965267367769e-87, "moc": null, "uda": null}, "E1-Action": {"n_questions": 2, "gpa": 0.46400076477252444, "moc": 0.0, "uda": 0.6190476190476191}, "E1-Transit": {"n_questions": 2, "gpa": 0.46666667478520507, "moc": 0.5, "uda": 0.75}, "E2-Episode": {"n_questions": 2, "gpa": 0.5833333333612537, "moc": 1.0, "uda": 0.8333333333333333}, "E2-Periodic": {"n_questions": 2, "gpa": 0.6090919202490506, "moc": 1.0, "uda": 1.0}};
/**
 * Golden paper-variant aggregates: computed by running the same reference script on the
 * unified file with each question's query points sorted by query time (the paper orders
 * p_i, g_i along the timeline).
 */
const PAPER_OVERALL = {"n_questions": 18, "gpa": 0.44610345221633474, "moc": 0.4772727272727273, "uda": 0.7606605142056823, "gpa_n": 18, "moc_n": 11, "uda_n": 14};

const close = (actual: number | null, expected: number | null) => {
  if (expected === null) expect(actual).toBeNull();
  else expect(actual).toBeCloseTo(expected, 12);
};

describe("gaussianPrecisionAccuracy", () => {
  it("matches hand-computed values", () => {
    // g = [10, 0]: σ = [0.5, 0.05]; p = [11, 0] → (exp(-1/(2·0.25)) + 1) / 2 = (e^-2 + 1) / 2
    expect(gaussianPrecisionAccuracy([11, 0], [10, 0])).toBeCloseTo((Math.exp(-2) + 1) / 2, 15);
    // g = 1 → σ = 0.05; p = 1.05 → exp(-0.0025 / 0.005) = e^-0.5
    expect(gaussianPrecisionAccuracy([1.05], [1])).toBeCloseTo(Math.exp(-0.5), 12);
    // negative truth (O1-Delta) uses σ = 0.05
    expect(gaussianPrecisionAccuracy([-2], [-2])).toBe(1);
    expect(gaussianPrecisionAccuracy([], [])).toBeNull();
    expect(gaussianPrecisionAccuracy([1e200], [1])).toBe(0);
  });

  it("honours the from/to slice", () => {
    expect(gaussianPrecisionAccuracy([9, 1, 2, 9], [0, 1, 2, 0], 1, 3)).toBe(1);
    expect(gaussianPrecisionAccuracy([1, 2], [1, 2], 1, 1)).toBeNull();
  });
});

describe("monotonicityConsistency", () => {
  it("matches hand-computed values", () => {
    expect(monotonicityConsistency([1, 2, 2, 5])).toBe(1);
    expect(monotonicityConsistency([3, 2, 4])).toBe(0); // first pair decreases: v = 1
    expect(monotonicityConsistency([1, 2, 3, 1, 5])).toBe(2 / 4); // v = 3 → (3-1)/(5-1)
    expect(monotonicityConsistency([4])).toBeNull();
    expect(monotonicityConsistency([])).toBeNull();
    expect(monotonicityConsistency([9, 1, 2, 1], 1, 3)).toBe(1);
  });
});

describe("updateDirectionAccuracy", () => {
  it("matches hand-computed values", () => {
    // directions p: +,0,- ; g: +,+,- → 2 of 3
    expect(updateDirectionAccuracy([1, 2, 2, 1], [0, 1, 2, 1])).toBeCloseTo(2 / 3, 15);
    expect(updateDirectionAccuracy([5], [5])).toBeNull();
    expect(updateDirectionAccuracy([0, 0], [3, 3])).toBe(1);
  });
});

describe("metric properties (fast-check)", () => {
  const counts = fc.array(fc.integer({ min: -5, max: 60 }), { minLength: 2, maxLength: 12 });
  const pair = counts.chain((g) => fc.tuple(fc.array(fc.integer({ min: -5, max: 60 }), { minLength: g.length, maxLength: g.length }), fc.constant(g)));

  it("all three metrics lie in [0, 1]", () => {
    fc.assert(
      fc.property(pair, ([p, g]) => {
        for (const v of [gaussianPrecisionAccuracy(p, g), monotonicityConsistency(p), updateDirectionAccuracy(p, g)]) {
          expect(v).not.toBeNull();
          expect(v!).toBeGreaterThanOrEqual(0);
          expect(v!).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it("GPA is 1 exactly when p = g and is symmetric in swapped pairs of equal truths", () => {
    fc.assert(
      fc.property(pair, ([p, g]) => {
        expect(gaussianPrecisionAccuracy(g, g)).toBe(1);
        expect(gaussianPrecisionAccuracy(p, g) === 1).toBe(p.every((x, i) => x === g[i]));
        // permuting question points permutes terms only
        const rp = [...p].reverse();
        const rg = [...g].reverse();
        expect(gaussianPrecisionAccuracy(rp, rg)).toBeCloseTo(gaussianPrecisionAccuracy(p, g)!, 12);
      }),
    );
  });

  it("UDA is symmetric in (p, g), shift invariant and 1 for p = g", () => {
    fc.assert(
      fc.property(pair, fc.integer({ min: -100, max: 100 }), ([p, g], c) => {
        expect(updateDirectionAccuracy(p, g)).toBe(updateDirectionAccuracy(g, p));
        expect(updateDirectionAccuracy(p.map((x) => x + c), g)).toBe(updateDirectionAccuracy(p, g));
        expect(updateDirectionAccuracy(g, g)).toBe(1);
      }),
    );
  });

  it("MoC is invariant under strictly increasing maps and 1 for sorted predictions", () => {
    fc.assert(
      fc.property(counts, (p) => {
        expect(monotonicityConsistency(p.map((x) => 3 * x + 7))).toBe(monotonicityConsistency(p));
        expect(monotonicityConsistency([...p].sort((a, b) => a - b))).toBe(1);
      }),
    );
  });
});

describe("parseVcbenchPrediction", () => {
  it("follows unify_results.py int() for per-point records (reference)", () => {
    const o = { source: "per-point" } as const;
    expect(parseVcbenchPrediction(" 5 ", o)).toBe(5);
    expect(parseVcbenchPrediction(3.7, o)).toBe(3);
    expect(parseVcbenchPrediction("5 chairs", o)).toBeNull();
    expect(parseVcbenchPrediction("five", o)).toBeNull();
    expect(parseVcbenchPrediction(null, o)).toBeNull();
  });

  it("keeps unified numbers as compute_metrics.py reads them (reference)", () => {
    const o = { source: "unified" } as const;
    expect(parseVcbenchPrediction(3.7, o)).toBe(3.7);
    expect(parseVcbenchPrediction(true, o)).toBe(1);
    expect(parseVcbenchPrediction("4", o)).toBe(4);
    expect(parseVcbenchPrediction(Number.POSITIVE_INFINITY, o)).toBeNull();
  });

  it("extracts digits and number words (paper)", () => {
    const o = { source: "per-point", variant: "paper" } as const;
    expect(parseVcbenchPrediction("I see five", o)).toBe(5);
    expect(parseVcbenchPrediction("5 chairs", o)).toBe(5);
    expect(parseVcbenchPrediction(3.7, o)).toBe(3.7);
    expect(parseVcbenchPrediction("", o)).toBeNull();
  });
});

describe("scoreVcbenchQuestion", () => {
  it("excludes invalid points and applies subtype applicability (hand-computed)", () => {
    const s = scoreVcbenchQuestion({ subtype: "E1-Action", times: [1, 2, 3, 4], truths: [1, 2, 3, 4], predictions: [1, null, 3, 2] });
    // valid subsequence p = [1,3,2], g = [1,3,4]
    expect(s.n_queries).toBe(4);
    expect(s.n_valid).toBe(3);
    expect(s.gpa).toBeCloseTo((1 + 1 + Math.exp(-4 / (2 * 0.2 * 0.2))) / 3, 12);
    expect(s.moc).toBe(1 / 2);
    expect(s.uda).toBe(1 / 2);
    const snap = scoreVcbenchQuestion({ subtype: "O1-Snap", times: [1, 2], truths: [1, 2], predictions: [1, 2] });
    expect(snap.moc).toBeNull();
    expect(snap.uda).toBe(1);
    const delta = scoreVcbenchQuestion({ subtype: "O1-Delta", times: [5], truths: [1], predictions: [1] });
    expect([delta.gpa, delta.moc, delta.uda]).toEqual([1, null, null]);
    const none = scoreVcbenchQuestion({ subtype: "E2-Episode", times: [1, 2], truths: [1, 2], predictions: [null, Number.NaN] });
    expect([none.gpa, none.moc, none.uda, none.n_valid]).toEqual([null, null, null, 0]);
    const one = scoreVcbenchQuestion({ subtype: "O2-Unique", times: [1, 2], truths: [1, 2], predictions: [1, null] });
    expect([one.gpa, one.moc, one.uda]).toEqual([1, null, null]);
  });

  it("orders by query time only in the paper variant (hand-computed on real question 0002)", () => {
    const q = { subtype: "O1-Snap", times: [582.3, 577.3, 763.3], truths: [1, 2, 0], predictions: [0, 2, 0] };
    expect(scoreVcbenchQuestion(q, "reference").uda).toBe(1); // dirs +,- vs +,-
    expect(scoreVcbenchQuestion(q, "paper").uda).toBe(0.5); // sorted: p 2,0,0 vs g 2,1,0
    expect(scoreVcbenchQuestion(q, "paper").gpa).toBe(scoreVcbenchQuestion(q, "reference").gpa);
  });
});

describe("scoreVcbench on the fixture (golden vs reference compute_metrics.py)", () => {
  const preds = new Map(unified.map((r) => [r.id, r.predictions]));

  it("reproduces every per-question value", () => {
    const r = scoreVcbench(truth, preds);
    expect(Object.keys(r.per_question).sort()).toEqual(Object.keys(REFERENCE_PER_QUESTION).sort());
    for (const [id, exp] of Object.entries(REFERENCE_PER_QUESTION)) {
      close(r.per_question[id].gpa, exp.gpa);
      close(r.per_question[id].moc, exp.moc);
      close(r.per_question[id].uda, exp.uda);
    }
    expect(r.missing).toEqual([]);
  });

  it("reproduces overall and by-subtype aggregates", () => {
    const r = scoreVcbench(truth, preds);
    for (const k of ["n_questions", "gpa_n", "moc_n", "uda_n"] as const) expect(r.overall[k]).toBe(REFERENCE_OVERALL[k]);
    for (const k of ["gpa", "moc", "uda"] as const) close(r.overall[k], REFERENCE_OVERALL[k]);
    expect(Object.keys(r.by_subtype).sort()).toEqual(Object.keys(REFERENCE_BY_SUBTYPE).sort());
    for (const [st, exp] of Object.entries(REFERENCE_BY_SUBTYPE)) {
      expect(r.by_subtype[st].n_questions).toBe(exp.n_questions);
      for (const k of ["gpa", "moc", "uda"] as const) close(r.by_subtype[st][k], exp[k]);
    }
  });

  it("reproduces the paper variant (time-sorted query points)", () => {
    const r = scoreVcbench(truth, preds, { variant: "paper" });
    for (const k of ["gpa", "moc", "uda"] as const) close(r.overall[k], PAPER_OVERALL[k]);
    expect(r.overall.uda).not.toBeCloseTo(REFERENCE_OVERALL.uda, 6);
  });

  it("leaves questions without predictions unscored and lists them", () => {
    const r = scoreVcbench(truth, new Map([["0000", [2, 4, 0]]]));
    expect(r.overall.n_questions).toBe(1);
    expect(r.missing).toHaveLength(truth.length - 1);
  });
});

describe("aggregateVcbench", () => {
  it("is a question-weighted mean that skips null metrics (hand-computed)", () => {
    const s = (subtype: string, gpa: number | null, moc: number | null, uda: number | null): VcbenchQuestionScore => ({ subtype, gpa, moc, uda, n_queries: 3, n_valid: 3 });
    const a = aggregateVcbench([s("E1-Action", 1, 1, 0.5), s("E1-Action", 0, 0, null), s("O1-Delta", 0.5, null, null)]);
    expect(a.overall).toMatchObject({ n_questions: 3, gpa: 0.5, moc: 0.5, uda: 0.5, gpa_n: 3, moc_n: 2, uda_n: 1, n_points: 9 });
    expect(a.by_subtype["E1-Action"]).toEqual({ n_questions: 2, gpa: 0.5, moc: 0.5, uda: 0.5 });
    expect(a.by_subtype["O1-Delta"]).toEqual({ n_questions: 1, gpa: 0.5, moc: null, uda: null });
    expect(aggregateVcbench([]).overall).toMatchObject({ n_questions: 0, gpa: null, moc: null, uda: null });
  });

  it("keeps aggregates in [0, 1] and is order independent up to rounding (property)", () => {
    const score = fc.record({
      subtype: fc.constantFrom(...VCBENCH_SUBTYPES),
      gpa: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
      moc: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
      uda: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
      n_queries: fc.constant(1),
      n_valid: fc.constant(1),
    });
    fc.assert(
      fc.property(fc.array(score, { maxLength: 30 }), (scores) => {
        const a = aggregateVcbench(scores);
        const b = aggregateVcbench([...scores].reverse());
        for (const k of ["gpa", "moc", "uda"] as const) {
          const v = a.overall[k];
          if (v !== null) {
            expect(v).toBeGreaterThanOrEqual(0);
            expect(v).toBeLessThanOrEqual(1 + 1e-12);
            expect(b.overall[k]).toBeCloseTo(v, 10);
          } else expect(b.overall[k]).toBeNull();
        }
        const inc = new VcbenchAggregator();
        scores.forEach((x) => inc.add(x));
        expect(inc.result()).toEqual(a);
      }),
    );
  });
});

describe("ground-truth rule", () => {
  it("counts moments at or before q, E2 by end, O2-Gain inside the window (hand-computed)", () => {
    expect(vcbenchRuleCount({ subtype: "E1-Action", moments: [1, 2, 2, 5] }, 2)).toBe(3);
    expect(vcbenchRuleCount({ subtype: "O2-Unique", moments: [0, 0, 3] }, 0)).toBe(2);
    expect(vcbenchRuleCount({ subtype: "E2-Episode", occurrences: [{ start: 0, end: 4 }, { start: 3, end: 6 }] }, 5)).toBe(1);
    expect(vcbenchRuleCount({ subtype: "O2-Gain", window: { start: 14, end: 17 }, firstAppearances: [2, 14, 16.5, 18] }, 17)).toBe(2);
    expect(vcbenchRuleCount({ subtype: "O2-Gain", window: { start: 14, end: 17 } }, 17)).toBeNull();
    expect(vcbenchRuleCount({ subtype: "O1-Delta", window: { start: 21, end: 25 }, countAtStart: 3, countAtEnd: 1 }, 25)).toBe(-2);
    expect(vcbenchRuleCount({ subtype: "O1-Delta", window: { start: 21, end: 25 } }, 25)).toBeNull();
    expect(vcbenchRuleCount({ subtype: "O1-Snap" }, 3)).toBeNull();
  });

  it("reads annotations from native records", () => {
    expect(vcbenchAnnotationFromRecord("E2-Periodic", { start: [0, 2], end: [1, 3] })).toEqual({ subtype: "E2-Periodic", occurrences: [{ start: 0, end: 1 }, { start: 2, end: 3 }] });
    expect(vcbenchAnnotationFromRecord("O2-Gain", { start: [14], end: [17] })).toEqual({ subtype: "O2-Gain", window: { start: 14, end: 17 } });
    expect(vcbenchAnnotationFromRecord("E1-Action", { start: [1], end: [2] })).toBeNull();
    expect(vcbenchAnnotationFromRecord("E2-Episode", { start: [1], end: [] })).toBeNull();
  });

  it("lists every disagreeing stored count of the fixture (13, hand-checked with a Python one-liner)", () => {
    const c = checkVcbenchStoredCounts(truthRecords);
    expect(c.disagreements).toHaveLength(13);
    expect(c.by_subtype).toEqual({ "O2-Unique": 9, "E1-Action": 1, "E1-Transit": 1, "E2-Episode": 1, "E2-Periodic": 1 });
    expect(c.disagreements[0]).toEqual({ id: "0423", subtype: "O2-Unique", index: 0, time: 5.4, stored: 1, derived: 2 });
    expect(c.disagreements.at(-1)).toEqual({ id: "0958", subtype: "E2-Periodic", index: 3, time: 108.2, stored: 96, derived: 95 });
    expect(c.underivable_questions).toBe(7); // 3 O1-Snap, 2 O1-Delta, 2 O2-Gain
    expect(c.malformed_questions).toEqual([]);
    expect(checkVcbenchStoredCounts([]).checked_points).toBe(0);
  });

  it("agrees with every stored count it derives itself (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 20 }), fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 6 }), (moments, times) => {
        const count = times.map((q) => moments.filter((t) => t <= q).length);
        const c = checkVcbenchStoredCounts([{ id: "x", counting_subtype: "E1-Action", occurrence_times: moments, query_points: { time: times, count } }]);
        expect(c.disagreements).toEqual([]);
      }),
    );
  });
});
