import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  __lcsInternals,
  extrapolateResponses,
  lcsDistance,
  longestCommonSubstring,
  scoreVsas,
  taskAccuracy,
  taskConsistency,
  taskRubricMean,
  type VsasTask,
} from "@/lib/metrics/vsas";

/*
 * Provenance of golden vectors:
 * (PY) an independent python3 implementation of the paper's Eq. 1–4 (VSAS-Bench §3.3),
 *      LCSubstr from the standard library (`difflib.SequenceMatcher(None, a, b,
 *      autojunk=False).find_longest_match`), run on exactly these inputs (the fixture
 *      tests/fixtures/vsas/ inlined below). No reference code of VSAS-Bench exists.
 * (HAND) from the definitions.
 */

const PY_PAIRS: [string, string, number, number][] = [
  ["A person is cutting onions", "A person is frying onions", 12, 0.5384615384615384],
  ["cup", "cup, plate", 3, 0.7],
  ["", "", 0, 0.0],
  ["abc", "", 0, 1.0],
  ["猫が寝ている", "犬が走っている 🐕", 3, 0.6666666666666667],
  ["banana", "ananas", 5, 0.16666666666666663],
  ["abcdxyz", "xyzabcd", 4, 0.4285714285714286],
  ["Frying onions", "Frying onions now", 13, 0.23529411764705888],
];

describe("LCSubstr and D (PY)", () => {
  for (const [a, b, l, d] of PY_PAIRS) {
    it(`${JSON.stringify(a)} vs ${JSON.stringify(b)}`, () => {
      expect(longestCommonSubstring(a, b)).toBe(l);
      expect(__lcsInternals.automaton(a, b)).toBe(l);
      expect(lcsDistance(a, b)).toBeCloseTo(d, 14);
    });
  }
});

describe("LCSubstr and D (properties)", () => {
  const str = fc.string({ unit: fc.constantFrom("a", "b", "c", " ", "é", "🐕"), maxLength: 30 });
  it("DP and suffix automaton agree; D is symmetric, in [0,1], D(a,a) = 0", () => {
    fc.assert(
      fc.property(str, str, (a, b) => {
        const l = __lcsInternals.dp(a, b);
        expect(__lcsInternals.automaton(a, b)).toBe(l);
        expect(__lcsInternals.automaton(b, a)).toBe(l);
        const d = lcsDistance(a, b);
        expect(d).toBe(lcsDistance(b, a));
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(1);
        expect(lcsDistance(a, a)).toBe(0);
      }),
    );
  });

  it("very long strings use the linear algorithm (HAND)", () => {
    // 400,018 × 100,018 characters: a quadratic table would need 4·10^10 cells and never finish
    // within the test timeout; no clock is read here (timings belong to npm run bench:*).
    const a = "ab".repeat(100_000) + "needle-in-haystack" + "cd".repeat(100_000);
    const b = "x".repeat(50_000) + "needle-in-haystack" + "y".repeat(50_000);
    expect(longestCommonSubstring(a, b)).toBe("needle-in-haystack".length);
  });
});

describe("extrapolation, accuracy, consistency (HAND)", () => {
  it("missing seconds take the latest earlier response; pauses (null) are skipped; else ''", () => {
    const ev = [
      { t: 1, response: "a" },
      { t: 2, response: null },
      { t: 3.5, response: "b" },
      { t: 5, response: "c" },
      { t: 5, response: "d" },
    ];
    expect(extrapolateResponses([0, 1, 2, 3, 4, 5], ev)).toEqual(["", "a", "a", "a", "b", "d"]);
    expect(extrapolateResponses([0, 1], [])).toEqual(["", ""]);
    expect(extrapolateResponses([], ev)).toEqual([]);
  });

  it("accuracy is over the judged timesteps: an unjudged one is unknown, not wrong; none at all → null", () => {
    expect(taskAccuracy([1, 1, null, 0])).toEqual({ value: 2 / 3, judged: 3, missing: 1 });
    // Issue 19.11: 1 of 20 seconds judged (yes) is A_t = 1 over the judged second, not 1/20.
    expect(taskAccuracy([1, ...Array<null>(19).fill(null)])).toEqual({ value: 1, judged: 1, missing: 19 });
    expect(taskAccuracy([null, undefined])).toEqual({ value: null, judged: 0, missing: 2 });
    expect(taskAccuracy([])).toEqual({ value: null, judged: 0, missing: 0 });
    expect(taskRubricMean([3, null, 1])).toBe(2);
    expect(taskRubricMean([])).toBeNull();
  });

  it("consistency: paper denominator N, clipping, ground-truth credit", () => {
    // Stable responses on stable truth: (N-1)/N with the paper's 1/N_t.
    expect(taskConsistency(["x", "x", "x", "x"], ["g", "g", "g", "g"]).value).toBeCloseTo(0.75, 15);
    expect(taskConsistency(["x", "x", "x", "x"], ["g", "g", "g", "g"], { denominator: "N-1" }).value).toBe(1);
    // Responses change exactly when the truth changes completely: terms 1-1+1 = 1.
    const r = taskConsistency(["aa", "bb"], ["cc", "dd"], { denominator: "N-1" });
    expect(r).toEqual({ value: 1, raw: 1 });
    // Stable responses while the truth changes: terms 1-0+1 = 2 → clipped to 1.
    expect(taskConsistency(["x", "x"], ["a", "b"], { denominator: "N-1" })).toEqual({ value: 1, raw: 2 });
    expect(taskConsistency([], [])).toEqual({ value: 0, raw: 0 });
    expect(taskConsistency(["x"], ["g"])).toEqual({ value: 0, raw: 0 });
  });

  it("consistency is in [0,1] (property)", () => {
    const s = fc.string({ unit: fc.constantFrom("a", "b", " "), maxLength: 6 });
    fc.assert(
      fc.property(fc.array(fc.tuple(s, s), { maxLength: 8 }), (pairs) => {
        const c = taskConsistency(
          pairs.map((p) => p[0]),
          pairs.map((p) => p[1]),
        );
        expect(c.value).toBeGreaterThanOrEqual(0);
        expect(c.value).toBeLessThanOrEqual(1);
      }),
    );
  });
});

const secs = (texts: string[]) => texts.map((text, t) => ({ t, text }));
const FIXTURE: VsasTask[] = [
  {
    taskId: "p1",
    taskType: "Present",
    captions: secs(["A person is cutting onions", "A person is cutting onions", "A person is cutting onions", "A person is frying onions", "A person is frying onions"]),
    responses: [
      { t: 0, response: "Cutting onions" },
      { t: 1, response: null },
      { t: 3, response: "Frying onions" },
      { t: 3.5, response: "Frying onions now" },
    ],
    judgements: [
      { t: 0, judge: 1, rubric: 3 },
      { t: 1, judge: 1, rubric: 3 },
      { t: 2, judge: 0, rubric: 1 },
      { t: 3, judge: 1, rubric: 3 },
      { t: 4, judge: 1, rubric: 2 },
    ],
  },
  {
    taskId: "c1",
    taskType: "Cumulative",
    captions: secs(["cup", "cup", "cup, plate", "cup, plate"]),
    responses: [
      { t: 1, response: "cup" },
      { t: 2, response: "cup, plate" },
      { t: 3, response: "cup and plate" },
    ],
    judgements: [
      { t: 0, judge: 0 },
      { t: 1, judge: 1 },
      { t: 2, judge: 1 },
      { t: 3, judge: 1 },
    ],
  },
  {
    taskId: "f1",
    taskType: "Future",
    captions: secs(["Next: add salt", "Next: add salt", "Next: stir"]),
    responses: [],
    judgements: [0, 1, 2].map((t) => ({ t, judge: 0, rubric: 0 })),
  },
  {
    taskId: "p2",
    taskType: "Present",
    captions: secs(["猫が寝ている", "猫が寝ている", "犬が走っている"]),
    responses: [
      { t: 0, response: "猫が寝ている" },
      { t: 1, response: "猫が寝ている" },
      { t: 2, response: "犬が走っている 🐕" },
    ],
    judgements: [
      { t: 0, judge: 1, rubric: 3 },
      { t: 1, judge: 1, rubric: 3 },
    ],
  },
];

describe("scoreVsas on the fixture (PY)", () => {
  const s = scoreVsas(FIXTURE);
  it("per task", () => {
    const got = Object.fromEntries(s.per_task.map((p) => [p.task_id, [p.accuracy, p.consistency, p.rubric_mean]]));
    const want: Record<string, [number | null, number, number | null]> = {
      p1: [0.8, 0.8034906270200388, 2.4],
      c1: [0.75, 0.3653846153846154, null],
      f1: [0.0, 0.8571428571428571, 0.0],
      // (HAND) p2 has 2 of its 3 seconds judged (both yes): A over the judged seconds = 1.
      p2: [1.0, 0.6349206349206349, 3.0],
    };
    for (const [id, [a, c, r]] of Object.entries(want)) {
      expect(got[id][0]).toBeCloseTo(a!, 14);
      expect(got[id][1]).toBeCloseTo(c, 14);
      if (r === null) expect(got[id][2]).toBeNull();
      else expect(got[id][2]).toBeCloseTo(r, 14);
    }
    expect(s.per_task.find((p) => p.task_id === "p2")?.missing_judgements).toBe(1);
    expect(s.per_task.find((p) => p.task_id === "p2")).toMatchObject({ judged: 2, timesteps: 3 });
  });
  it("overall and by task type", () => {
    // (HAND from the PY per-task values, p2 over its judged seconds) A = (0.8 + 0.75 + 0 + 1) / 4.
    expect(s.accuracy).toBeCloseTo(0.6375, 14);
    // Units: 5 + 4 + 3 + 3 seconds, 14 of them judged: the score is partial.
    expect(s).toMatchObject({ timesteps: 15, judged_timesteps: 14 });
    expect(s.by_task_type.Present).toMatchObject({ timesteps: 8, judged_timesteps: 7 });
    expect(s.consistency).toBeCloseTo(0.6652346836170365, 14);
    expect(s.rubric_mean).toBeCloseTo(1.8, 14);
    expect(s.by_task_type.Present.accuracy).toBeCloseTo(0.9, 14);
    expect(s.by_task_type.Present.consistency).toBeCloseTo(0.7192056309703369, 14);
    expect(s.by_task_type.Cumulative).toMatchObject({ tasks: 1, accuracy: 0.75 });
    expect(s.by_task_type.Future.accuracy).toBe(0);
    expect(Object.keys(s.by_task_type)).toEqual(["Present", "Cumulative", "Future"]);
  });
  it("no tasks: nulls, not NaN (HAND)", () => {
    const e = scoreVsas([]);
    expect(e).toMatchObject({ tasks: 0, accuracy: null, consistency: null, rubric_mean: null });
    expect(e.by_task_type.Future).toMatchObject({ tasks: 0, accuracy: null });
  });
});
