import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  equivalenceMatcher,
  genreKey,
  judgedCounts,
  maximumMatching,
  normalizeCountingAnswer,
  normalizeItem,
  normalizedItemMatcher,
  precisionRecallF1,
  scoreCounting,
  scoreEcBench,
  scoreEnumeration,
  evidenceIoU,
  type EcRow,
} from "@/lib/metrics/ecbench";
import { parseClipListReference } from "@/lib/metrics/parse-time";
import { pyFloatStr } from "@/lib/metrics/py-compat";

/*
 * Provenance of golden vectors:
 * (REF) computed with python3 by running functions of matsuolab/EC-Bench
 *       `close_models/evaluation/judge_core.py` (commit 601ddae) on exactly these
 *       inputs: `normalize_counting_answer`, `parse_numbers_from_normalized`, and
 *       `evaluate_dataframe` + `_compute_summary` with a stub judge that returns the
 *       judged (tp, fp, fn) given below (pandas/tqdm replaced by minimal stand-ins).
 * (PY)  Python's own `repr(float)`.
 * (HAND) worked out by hand from the definitions in ecbench.ts.
 */

const REF_NORMALIZE: [string, string, number[]][] = [
  ["2", "2", [2]],
  [" 3 ", "3", [3]],
  ["007", "7", [7]],
  ["2.50", "2.5", [2.5]],
  ["3.0", "3", [3]],
  ["0.0", "0", [0]],
  ["There are 3 scenes, maybe 3 or 12", "3, 12", [3, 12]],
  ["5 people (2 men, 3 women)", "2, 3, 5", [2, 3, 5]],
  ["1,000", "0, 1", [0, 1]],
  ["", "", []],
  ["   ", "", []],
  ["none", "", []],
  ["-4", "4", [4]],
  ["12345678901234567890", "12345678901234567890", [12345678901234567890]],
  ["0.00001", "1e-05", [1e-5]],
  ["100000000000000000000.5", "1e+2", [100]],
  ["1.5e3", "1.5, 3", [1.5, 3]],
  ["٣ times", "3", [3]],
  ["３", "3", [3]],
  ["about 2.0 or 2", "2", [2]],
  ["4/5", "4, 5", [4, 5]],
];

describe("counting (REF)", () => {
  for (const [input, normalized, numbers] of REF_NORMALIZE) {
    it(`normalize_counting_answer(${JSON.stringify(input)})`, () => {
      expect(normalizeCountingAnswer(input)).toBe(normalized);
      const s = scoreCounting(input, input);
      expect(s.match).toBe(normalized !== "");
      expect(s.truthValue).toBe(numbers.length ? numbers[0] : null);
    });
  }

  it("pyFloatStr reproduces Python repr(float) (PY)", () => {
    const py: [number, string][] = [
      [0.1, "0.1"],
      [1e16, "1e+16"],
      [1e15, "1000000000000000.0"],
      [1.5e-5, "1.5e-05"],
      [123.456, "123.456"],
      [1e22, "1e+22"],
      [5e-324, "5e-324"],
      [0.0001, "0.0001"],
      [0.00001, "1e-05"],
      [1 / 3, "0.3333333333333333"],
      [-2, "-2.0"],
      [1234567890123456.7, "1234567890123456.8"],
      [9007199254740993, "9007199254740992.0"],
      [100, "100.0"],
      [1e-7, "1e-07"],
    ];
    for (const [x, s] of py) expect(pyFloatStr(x)).toBe(s);
  });

  it("errors use the smallest number; no number means no error (HAND)", () => {
    expect(scoreCounting("3", "5 people (2 men, 3 women)")).toMatchObject({ match: false, absError: 1, sqError: 1 });
    expect(scoreCounting("3", "three")).toMatchObject({ match: false, absError: null, predictionValue: null });
    expect(scoreCounting("", "")).toMatchObject({ match: false, absError: null });
  });

  it("normalisation is idempotent and order-free (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1000 }), { maxLength: 6 }), (ns) => {
        const a = normalizeCountingAnswer(ns.join(" and "));
        expect(normalizeCountingAnswer(a)).toBe(a);
        expect(normalizeCountingAnswer([...ns].reverse().join(", "))).toBe(a);
      }),
    );
  });
});

describe("enumeration matching (HAND)", () => {
  it("normalizeItem is case/punctuation/whitespace/article insensitive", () => {
    expect(normalizeItem("  The Man-made Wings! ")).toBe("man made wings");
    expect(normalizeItem("a  Hot spring with a waterfall")).toBe("hot spring with waterfall");
    expect(normalizeItem("Andy")).toBe("andy");
  });

  it("one-to-one matching: duplicates count once each", () => {
    const m = normalizedItemMatcher(["Serena", "Serena", "Venus"], ["serena", "SERENA", "serena", "Naomi"]);
    expect([m.tp, m.fp, m.fn]).toEqual([2, 2, 1]);
  });

  it("maximumMatching is optimal where greedy is not", () => {
    // left 0 can take right 0 or 1, left 1 only right 0: greedy 0→0 gives 1 pair.
    const adj = [
      [true, true],
      [true, false],
    ];
    expect(maximumMatching(2, 2, (i, j) => adj[i][j])).toEqual([
      [0, 1],
      [1, 0],
    ]);
    const prefix = equivalenceMatcher((a, b) => a.startsWith(b) || b.startsWith(a));
    expect(prefix(["fire", "fire truck"], ["fire truck", "fi"])).toMatchObject({ tp: 2, fp: 0, fn: 0 });
  });

  it("precision/recall/F1 with zero denominators", () => {
    expect(precisionRecallF1(0, 0, 0)).toEqual({ precision: 0, recall: 0, f1: 0 });
    expect(precisionRecallF1(2, 0, 1)).toEqual({ precision: 1, recall: 2 / 3, f1: 0.8 });
  });

  it("scoreEnumeration: agreement (precision 1) vs complete", () => {
    const partial = scoreEnumeration("cat, dog, bird", "Cat, the dog");
    expect(partial).toMatchObject({ tp: 2, fp: 0, fn: 1, precisionIsOne: true, complete: false });
    const full = scoreEnumeration("Crack the coconut → Pound onion, chili, and salt", "crack coconut -> pound onion chili and salt");
    expect(full).toMatchObject({ tp: 2, fp: 0, fn: 0, precisionIsOne: true, complete: true });
    const empty = scoreEnumeration("a, b", "");
    expect(empty).toMatchObject({ tp: 0, fp: 0, fn: 2, precision: 0, precisionIsOne: false, complete: false });
  });

  it("judgedCounts reads counts or reference-style item lists, rejects bad counts", () => {
    expect(judgedCounts({ tp: 2, fp: 1, fn: 0 })).toEqual({ tp: 2, fp: 1, fn: 0 });
    expect(judgedCounts({ tp_items: ["a", " "], fp_items: [], fn_items: ["b"] })).toEqual({ tp: 1, fp: 0, fn: 1 });
    expect(judgedCounts({ tp: -1, fp: 0, fn: 0 })).toBeNull();
    expect(judgedCounts({ tp: 1.5, fp: 0, fn: 0 })).toBeNull();
  });

  it("F1 is in [0,1] and the matcher is symmetric in tp (property)", () => {
    const items = fc.array(fc.constantFrom("cat", "Dog", "the bird", "fish", "cat."), { maxLength: 6 });
    fc.assert(
      fc.property(items, items, (a, b) => {
        const ab = normalizedItemMatcher(a, b);
        const ba = normalizedItemMatcher(b, a);
        expect(ab.tp).toBe(ba.tp);
        expect(ab.fp).toBe(ba.fn);
        const { f1 } = precisionRecallF1(ab.tp, ab.fp, ab.fn);
        expect(f1).toBeGreaterThanOrEqual(0);
        expect(f1).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe("evidence tIoU variants (HAND)", () => {
  it("reference = union of merged intervals, paper = hull", () => {
    const t: [number, number][] = [[0, 10], [20, 30]];
    const p: [number, number][] = [[5, 25]];
    expect(evidenceIoU(t, p)).toBeCloseTo(10 / 30, 15);
    expect(evidenceIoU(t, p, "paper")).toBeCloseTo(20 / 30, 15);
    expect(evidenceIoU([], [])).toBeNull();
  });
});

/* Inline rows; `j` = judged (tp, fp, fn) handed to both the reference stub and here. */
const INLINE: { qid: string; cat: string; task: string; clips: string; answer: string; pred: string; predClips: string; j?: [number, number, number] }[] = [
  { qid: "1", cat: "A", task: "Counting", clips: "[0:00:10,0:00:20]", answer: "3", pred: "3", predClips: "[0:00:10,0:00:20]" },
  { qid: "2", cat: "A", task: "Counting", clips: "[0:00:10,0:00:20], [0:00:40,0:00:50]", answer: "5", pred: "I saw 7 (maybe 8)", predClips: "[0:00:15,0:00:45]" },
  { qid: "3", cat: "B", task: "Counting", clips: "", answer: "2", pred: "none", predClips: "" },
  { qid: "4", cat: "B", task: "Counting", clips: "[0:01:00,0:01:05]", answer: "4", pred: "  ", predClips: "[0:01:00,0:01:05]" },
  { qid: "5", cat: "C", task: "Enumeration", clips: "[0:02:00,0:02:30]", answer: "cat, dog, bird", pred: "cat, dog", predClips: "[0:02:10,0:02:40]", j: [2, 0, 1] },
  { qid: "6", cat: "C", task: "Enumeration", clips: "[0:03:00,0:03:10]", answer: "red → green", pred: "red → blue → green", predClips: "", j: [2, 1, 0] },
  { qid: "7", cat: "D", task: "Enumeration", clips: "[0:04:00,0:04:10]", answer: "A, B", pred: "C", predClips: "[0:04:00,0:04:10]", j: [0, 1, 2] },
  { qid: "8", cat: "D", task: "Other", clips: "[0:05:00,0:05:10]", answer: "x", pred: "y", predClips: "[0:05:05,0:05:10]" },
  { qid: "9", cat: "", task: "Counting", clips: "[0:06:00,0:06:00]", answer: "1", pred: "1.0", predClips: "[0:06:00,0:06:00]" },
];

function inlineRows(withJudged: boolean): EcRow[] {
  return INLINE.map((r) => ({
    questionId: r.qid,
    category: r.cat,
    genre: r.qid === "9" ? " Sports " : "cartoon",
    taskType: r.task,
    truthAnswer: r.answer,
    predictionAnswer: r.pred,
    truthClips: parseClipListReference(r.clips),
    predictionClips: parseClipListReference(r.predClips),
    judged: withJudged && r.j ? { tp: r.j[0], fp: r.j[1], fn: r.j[2] } : undefined,
  }));
}

const REF_SUMMARY = {
  counting_total: 4,
  counting_match: 2,
  counting_match_rate_percent: 50.0,
  counting_mae: 0.6666666666666666,
  counting_rmse: 1.1547005383792515,
  enumeration_total: 3,
  enumeration_tp_total: 4,
  enumeration_fp_total: 2,
  enumeration_fn_total: 3,
  enumeration_precision: 0.6666666666666666,
  enumeration_recall: 0.5714285714285714,
  enumeration_f1: 0.6153846153846153,
  enumeration_agreement_count: 1,
  enumeration_agreement_rate_percent: 33.33333333333333,
  overall_accuracy_percent: 42.857142857142854,
  clip_miou: 0.4642857142857143,
  A: 50.0,
  B: 0.0,
  C: 50.0,
  D: 0.0,
  E: 0.0,
  F: 0.0,
};

describe("scoreEcBench", () => {
  it("matches the reference summary on inline rows with judged counts (REF)", () => {
    const { summary } = scoreEcBench(inlineRows(true));
    for (const [k, v] of Object.entries(REF_SUMMARY)) {
      expect(summary[k as keyof typeof summary], k).toBeCloseTo(v, 12);
    }
    expect(summary.enumeration_judged_count).toBe(3);
    expect(summary.skipped_blank_prediction).toBe(1);
    expect(summary.unsupported_task_type).toBe(1);
  });

  it("judgedOnly (people matching in progress): unjudged enumeration rows await judgement, the rest is scored over the judged ones (HAND)", () => {
    const rows = inlineRows(true);
    const enumIds = rows.filter((r) => r.taskType === "Enumeration" && r.judged).map((r) => r.questionId);
    expect(enumIds.length).toBe(3);
    // The first enumeration row loses its judged counts: 2 of 3 judged.
    const partial = rows.map((r) => (r.questionId === enumIds[0] ? { ...r, judged: undefined } : r));
    const full = scoreEcBench(rows, { judgedOnly: true });
    const auto = scoreEcBench(partial);
    const judged = scoreEcBench(partial, { judgedOnly: true });
    // Every enumeration row judged: the option changes nothing.
    expect(full.summary).toEqual({ ...scoreEcBench(rows).summary });
    expect(full.summary.enumeration_awaiting_judgement).toBe(0);
    // Without the option the unjudged row is matched automatically and counted.
    expect(auto.summary).toMatchObject({ enumeration_total: 3, enumeration_judged_count: 2, enumeration_awaiting_judgement: 0 });
    // With it, the row awaits judgement: the enumeration figures are over the 2 judged rows,
    // exactly those of the rows without it; its evidence tIoU still counts.
    expect(judged.summary).toMatchObject({ enumeration_total: 2, enumeration_judged_count: 2, enumeration_awaiting_judgement: 1 });
    const without = scoreEcBench(partial.filter((r) => r.questionId !== enumIds[0]));
    for (const k of ["enumeration_tp_total", "enumeration_fp_total", "enumeration_fn_total", "enumeration_f1", "enumeration_agreement_rate_percent", "overall_accuracy_percent", "counting_total"] as const) {
      expect(judged.summary[k], k).toBe(without.summary[k]);
    }
    expect(judged.summary.clip_iou_count).toBe(auto.summary.clip_iou_count);
    const row = judged.details.find((d) => d.questionId === enumIds[0])!;
    expect(row.status).toBe("awaiting_judgement");
    expect(row.enumeration).toBeUndefined();
  });

  it("paper variant: hull tIoU and complete-list accuracy (HAND)", () => {
    const { summary } = scoreEcBench(inlineRows(true), { variant: "paper" });
    // No enumeration row is complete (FP = FN = 0): 5 has FN, 6 has FP, 7 both.
    expect(summary.enumeration_complete_count).toBe(0);
    expect(summary.overall_accuracy_percent).toBeCloseTo((2 / 7) * 100, 12);
    expect(summary.C).toBe(0);
    // Hull IoUs: q1 1, q2 hull [10,50] vs [15,45] = 30/40, q5 20/40, q6 0, q7 1, q8 0.5, q9 0.
    expect(summary.clip_miou).toBeCloseTo((1 + 0.75 + 0.5 + 0 + 1 + 0.5 + 0) / 7, 12);
    expect(summary.clip_miou_union).toBeCloseTo(REF_SUMMARY.clip_miou, 12);
  });

  it("deterministic matcher without judged counts (HAND)", () => {
    const { summary, details } = scoreEcBench(inlineRows(false));
    // q5 cat,dog vs cat,dog,bird → 2/0/1; q6 → 2/1/0; q7 "C" vs "A","B" → 0/1/2.
    expect([summary.enumeration_tp_total, summary.enumeration_fp_total, summary.enumeration_fn_total]).toEqual([4, 2, 3]);
    expect(details.find((d) => d.questionId === "4")?.status).toBe("skipped_blank_prediction");
    expect(summary.by_genre.sport.counting_total).toBe(1);
    expect(Object.keys(summary.by_category)).toEqual(["A", "B", "C", "D"]);
    expect(summary.by_category.A).toMatchObject({ counting_total: 2, counting_match: 1, counting_mae: 1 });
  });

  it("empty input gives zeros, not NaN (reference zero-division rules)", () => {
    const { summary } = scoreEcBench([]);
    expect(summary.counting_mae).toBe(0);
    expect(summary.enumeration_f1).toBe(0);
    expect(summary.clip_miou).toBe(0);
    expect(summary.overall_accuracy_percent).toBe(0);
  });

  it("truth copied as prediction is perfect (property)", () => {
    const rowArb = fc.record({
      task: fc.constantFrom("Counting", "Enumeration"),
      n: fc.nat({ max: 50 }),
      items: fc.uniqueArray(fc.constantFrom("lion", "zebra", "Hot spring", "Castle", "Frog"), { minLength: 1, maxLength: 5 }),
      s: fc.nat({ max: 3000 }),
      len: fc.integer({ min: 1, max: 60 }),
    });
    fc.assert(
      fc.property(fc.array(rowArb, { minLength: 1, maxLength: 10 }), (specs) => {
        const rows: EcRow[] = specs.map((x, i) => {
          const answer = x.task === "Counting" ? String(x.n) : x.items.join(", ");
          const clips: [number, number][] = [[x.s, x.s + x.len]];
          return { questionId: String(i), taskType: x.task, truthAnswer: answer, predictionAnswer: answer, truthClips: clips, predictionClips: clips };
        });
        const { summary } = scoreEcBench(rows);
        expect(summary.overall_accuracy_percent).toBe(100);
        expect(summary.clip_miou).toBe(1);
        if (summary.enumeration_total > 0) expect(summary.enumeration_f1).toBe(1);
      }),
    );
  });

  it("genreKey folds spelling variants", () => {
    expect(genreKey(" Sports")).toBe("sport");
    expect(genreKey(" ")).toBe("(none)");
    expect(genreKey("TV")).toBe("tv");
  });
});
