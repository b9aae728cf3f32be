import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  MRA_THRESHOLDS,
  absDistNorm,
  bestConstant,
  chanceBaselines,
  extractLastInteger,
  extractMcqLetter,
  meanRelativeAccuracy,
  scoreVstat,
  scoreVstatDoc,
  vstatTarget,
  type VstatDoc,
} from "@/lib/metrics/vstat";

/*
 * Provenance of golden vectors:
 * (REF) python3 + numpy running functions of vision-x-nyu/vstat
 *       `lmms_eval/tasks/vstat/utils.py` (commit 5274c5e) on exactly these inputs:
 *       `_numeric_mra` (→ `mean_relative_accuracy` with np.linspace thresholds),
 *       `_extract_mcq_letter`, `_extract_last_integer`, and `process_docs` +
 *       `process_results` + `aggregate_mean` (datasets.Dataset stubbed by a list).
 * (BRUTE) python3: breakdown means of the REF per-question scores; chance baselines
 *       by brute force over every integer constant in [min, max] with the REF MRA.
 * (HAND) from the definitions.
 */

const REF_MRA: [number | null, number, number][] = [
  [11, 10, 0.9],
  [9, 10, 0.9],
  [10, 10, 1.0],
  [0, 0, 1.0],
  [1, 0, 0.0],
  [5, 10, 0.1],
  [4, 10, 0.0],
  [15, 10, 0.1],
  [16, 10, 0.0],
  [-3, -4, 0.6],
  [3, -4, 0.0],
  [105, 100, 1.0],
  [95, 100, 1.0],
  [21, 20, 1.0],
  [19, 20, 1.0],
  [13, 10, 0.5],
  [7, 10, 0.5],
  [12, 10, 0.6],
  [2, 3, 0.4],
  [1, 3, 0.0],
  [3, 2, 0.1],
  [null, 5, 0.0],
  [100, 1, 0.0],
];

const REF_LETTER: [string, string | null][] = [
  ["B", "B"],
  ["The answer is B, a guess", "A"],
  ["(c)", "C"],
  ["Answer: D.", "D"],
  ["E", null],
  ["ab", null],
  ["A/B", "B"],
  ["", null],
  ["I choose option c", "C"],
  ["B\n\nA) foo", "A"],
  ["éA", null],
  ["_A", null],
  ["A_", null],
  ["ÄB", null],
];

const REF_INTEGER: [string, number | null][] = [
  ["12", 12],
  ["-3 apples", -3],
  ["3.5", 5],
  ["I count 4, no 5", 5],
  ["none", null],
  ["--7", -7],
  ["٣", 3],
  ["x-2y", -2],
  ["007", 7],
];

describe("VSTAT primitives (REF)", () => {
  it("thresholds equal np.linspace(0.5, 0.95, 10)", () => {
    expect(MRA_THRESHOLDS).toEqual([0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.8999999999999999, 0.95]);
  });
  for (const [p, t, v] of REF_MRA) {
    it(`MRA(${p}, ${t}) = ${v}`, () => expect(meanRelativeAccuracy(p, t)).toBeCloseTo(v, 12));
  }
  it("MCQ letter extraction", () => {
    for (const [text, letter] of REF_LETTER) expect(extractMcqLetter(text), text).toBe(letter);
  });
  it("last-integer extraction", () => {
    for (const [text, n] of REF_INTEGER) expect(extractLastInteger(text), text).toBe(n);
  });
});

describe("VSTAT primitives (HAND)", () => {
  it("classifies questions like process_docs", () => {
    expect(vstatTarget({ choices: ["x", "y"], answer: " B " })).toEqual({ kind: "mcq", answerText: "B", targetValue: null });
    expect(vstatTarget({ choices: [], answer: " -3 " })).toEqual({ kind: "numeric", answerText: "-3", targetValue: -3 });
    expect(vstatTarget({ choices: [], answer: "1_000" }).targetValue).toBe(1000);
    expect(vstatTarget({ choices: [], answer: "3.0" }).kind).toBe("text");
    expect(vstatTarget({ choices: [], answer: "Diamond, Spade" })).toEqual({ kind: "text", answerText: "Diamond, Spade", targetValue: null });
  });
  it("absDistNorm edge cases", () => {
    expect(absDistNorm(0, 0)).toBe(0);
    expect(absDistNorm(1, 0)).toBe(Infinity);
    expect(absDistNorm(-5, -10)).toBe(0.5);
  });
  it("missing responses score 0", () => {
    expect(scoreVstatDoc({ choices: ["a", "b"], answer: "A" }, undefined).score).toBe(0);
    expect(scoreVstatDoc({ choices: [], answer: "4" }, null).score).toBe(0);
  });
});

describe("VSTAT properties", () => {
  it("MRA is in [0,1], a multiple of 0.1, 1 at p = t, and monotone in |p - t|", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -1000, max: 1000 }), (p, t) => {
        const m = meanRelativeAccuracy(p, t);
        expect(m).toBeGreaterThanOrEqual(0);
        expect(m).toBeLessThanOrEqual(1);
        expect(Math.round(m * 10)).toBeCloseTo(m * 10, 9);
        expect(meanRelativeAccuracy(t, t)).toBe(1);
        const closer = p + Math.sign(t - p);
        expect(meanRelativeAccuracy(closer, t)).toBeGreaterThanOrEqual(m);
      }),
    );
  });
  it("bestConstant equals brute force over the integer range", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -30, max: 60 }), { minLength: 1, maxLength: 8 }), (vals) => {
        const lo = Math.min(...vals);
        const hi = Math.max(...vals);
        let best = -1;
        let arg = lo;
        for (let c = lo; c <= hi; c++) {
          const m = vals.reduce((s, a) => s + meanRelativeAccuracy(c, a), 0) / vals.length;
          if (m > best + 1e-12) {
            best = m;
            arg = c;
          }
        }
        const got = bestConstant(vals);
        expect(got.value).toBe(arg);
        expect(got.mean).toBeCloseTo(best, 12);
      }),
    );
  });
});

/* The fixture tests/fixtures/vstat/qa.json + preds.jsonl, inlined (doc 7 has no response). */
type Row = [task: string, answer: string, nChoices: number, element: string, structure: string, challenges: string[], response?: string];
const ROWS: Row[] = [
  ["book", "12", 0, "Count", "Atomic", ["Event ambiguity"], "11"],
  ["book", "-3", 0, "Count", "Atomic", ["Event ambiguity"], "I think -4 pages"],
  ["book", "0", 0, "Count", "Atomic", ["Event ambiguity"], "0"],
  ["book", "10", 0, "Count", "Atomic", ["Event ambiguity", "Occlusion"], "3.5"],
  ["shell_game", "B", 3, "Location", "Atomic", ["Occlusion", "Homogeneity"], "The answer is B, a guess"],
  ["shell_game", "A", 3, "Location", "Atomic", ["Occlusion", "Homogeneity"], "(a)"],
  ["shell_game", "B", 3, "Location", "Atomic", ["Occlusion", "Homogeneity"], "B"],
  ["shell_game", "C", 4, "Location", "Sequence", ["Occlusion"]],
  ["showing_card_most", "diamond, spade", 0, "Attribute", "Dict", ["Symbolic decoding"], "Diamond, Spade"],
  ["showing_card_most", "heart", 0, "Attribute", "Dict", ["Symbolic decoding"], "hearts"],
  ["basketball", "20", 0, "Count", "Dict", ["Camera motion", "Multi-entity attribution"], "I count 19, no 21"],
  ["basketball", "7", 0, "Count", "Set", ["Multi-entity attribution"], "7"],
  ["basketball", "A", 2, "Attribute", "Sequence", [], "A) home"],
  ["basketball", "11", 0, "Count", "Atomic", ["Camera motion"], "twelve"],
];
const DOCS: VstatDoc[] = ROWS.map(([sourceTask, answer, n, stateElement, stateStructure, perceptualChallenges]) => ({
  sourceTask,
  answer,
  choices: Array.from({ length: n }, (_, i) => `option ${i}`),
  stateElement,
  stateStructure,
  perceptualChallenges,
}));
const RESPONSES = ROWS.map((r) => r[6]);

describe("scoreVstat on the fixture", () => {
  const { summary, scores } = scoreVstat(DOCS, RESPONSES);

  it("per-question scores and the three averages (REF)", () => {
    expect(scores.map((s) => s.score)).toEqual([0.9, 0.4, 1.0, 0.1, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0]);
    expect(summary.ALL_Score_avg).toBeCloseTo(0.6, 12);
    expect(summary.MCQ_ACC).toBeCloseTo(0.5714285714285714, 12);
    expect(summary.Numeric_MRA).toBeCloseTo(0.6285714285714287, 12);
  });

  it("breakdowns by taxonomy label and source task (BRUTE)", () => {
    const pick = (r: Record<string, { ALL_Score_avg: number }>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.ALL_Score_avg]));
    const close = (got: Record<string, number>, want: Record<string, number>) => {
      expect(Object.keys(got)).toEqual(Object.keys(want));
      for (const k of Object.keys(want)) expect(got[k], k).toBeCloseTo(want[k], 12);
    };
    close(pick(summary.by_state_element), { Attribute: 0.6666666666666666, Count: 0.6285714285714287, Location: 0.5 });
    close(pick(summary.by_state_structure), { Atomic: 0.55, Dict: 0.6666666666666666, Sequence: 0.5, Set: 1.0 });
    close(pick(summary.by_perceptual_challenge), {
      "(none)": 1.0,
      "Camera motion": 0.5,
      "Event ambiguity": 0.6,
      Homogeneity: 0.6666666666666666,
      "Multi-entity attribution": 1.0,
      Occlusion: 0.42000000000000004,
      "Symbolic decoding": 0.5,
    });
    close(pick(summary.by_source_task), { basketball: 0.75, book: 0.6, shell_game: 0.5, showing_card_most: 0.5 });
  });

  it("chance baselines (BRUTE)", () => {
    const chance = chanceBaselines(DOCS);
    expect(chance.random.ALL_Score_avg).toBeCloseTo(0.35, 12);
    expect(chance.random.count).toBe(5);
    expect(chance.frequency.ALL_Score_avg).toBeCloseTo(0.5071428571428571, 12);
    expect(chance.constants["book:numeric"]).toMatchObject({ answer: 11, mean: 0.45 });
    expect(chance.constants["basketball:numeric"].answer).toBe(7);
    expect(chance.constants["basketball:numeric"].mean).toBeCloseTo(0.43333333333333335, 12);
    expect(chance.constants["shell_game:mcq"]).toMatchObject({ answer: "B", mean: 0.5 });
    expect(chance.constants["showing_card_most:text"]).toMatchObject({ answer: "diamond, spade", mean: 0.5 });
    expect(chance.constants["basketball:mcq"]).toMatchObject({ answer: "A", mean: 1 });
  });

  it("empty input averages to 0 (reference aggregate_mean)", () => {
    expect(scoreVstat([], []).summary).toMatchObject({ count: 0, ALL_Score_avg: 0, MCQ_ACC: 0, Numeric_MRA: 0 });
  });
});
