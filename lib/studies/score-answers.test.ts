import { describe, expect, it } from "vitest";
import { scoreVcbenchQuestion } from "@/lib/metrics/vcbench";
import { meanRelativeAccuracy } from "@/lib/metrics/vstat";
import { aggregateScores, scoreItem, type ScoringItem } from "./score-answers";

const item = (over: Partial<ScoringItem>): ScoringItem => ({
  itemId: "i",
  externalId: "x",
  format: "count",
  videoRef: "v",
  labels: {},
  presentation: {},
  truthAnswer: null,
  truthSpans: [],
  queryPoints: [],
  ...over,
});

describe("scoring a participant's answers with lib/metrics", () => {
  it("VCBench: per query point, same numbers as scoreVcbenchQuestion", () => {
    const it1 = item({ labels: { subtype: "O2-Unique" }, truthAnswer: [1, 2, 3], queryPoints: [0, 1, 2].map((o) => ({ ordinal: o, timeSec: o + 1 })) });
    const s = scoreItem("VCBENCH", it1, [
      { itemId: "i", queryPointOrdinal: 2, value: 3 },
      { itemId: "i", queryPointOrdinal: 0, value: 1 },
      { itemId: "i", queryPointOrdinal: 1, value: 1 },
    ]);
    const ref = scoreVcbenchQuestion({ subtype: "O2-Unique", times: [1, 2, 3], truths: [1, 2, 3], predictions: [1, 1, 3] });
    expect(s.scores).toEqual({ gpa: ref.gpa, moc: ref.moc, uda: ref.uda, correct: 0 });
    expect(s.raw).toEqual([1, 1, 3]);
    const agg = aggregateScores("VCBENCH", [it1], [s]) as { vcbench: { overall: { gpa: number } } };
    expect(agg.vcbench.overall.gpa).toBeCloseTo(ref.gpa!, 12);
  });

  it("TOC-Bench formats: exact label / order", () => {
    expect(scoreItem("TOCBENCH", item({ format: "mcq_4", truthAnswer: "B" }), [{ itemId: "i", queryPointOrdinal: null, value: "B" }]).scores.correct).toBe(1);
    expect(scoreItem("TOCBENCH", item({ format: "numerical", truthAnswer: "5 or more" }), [{ itemId: "i", queryPointOrdinal: null, value: "4" }]).scores.correct).toBe(0);
    expect(scoreItem("TOCBENCH", item({ format: "ordering_3", truthAnswer: ["B", "A", "C"] }), [{ itemId: "i", queryPointOrdinal: null, value: ["B", "A", "C"] }]).scores.correct).toBe(1);
  });

  it("VSTAT: MCQ accuracy and numeric MRA", () => {
    const mcq = item({ format: "mcq", presentation: { options: [{ label: "A", text: "x" }, { label: "B", text: "y" }] }, truthAnswer: "A" });
    expect(scoreItem("VSTAT", mcq, [{ itemId: "i", queryPointOrdinal: null, value: "A" }]).scores.correct).toBe(1);
    const num = item({ format: "numeric", truthAnswer: "10" });
    expect(scoreItem("VSTAT", num, [{ itemId: "i", queryPointOrdinal: null, value: 9 }]).scores.mra).toBe(meanRelativeAccuracy(9, 10));
  });

  it("EC-Bench: counting exact match, enumeration completeness, evidence IoU", () => {
    const c = item({ format: "counting", truthAnswer: "3", truthSpans: [[0, 10]] });
    const s = scoreItem("ECBENCH", c, [{ itemId: "i", queryPointOrdinal: null, value: { count: 3, evidence: [[0, 5]] } }]);
    expect(s.scores.correct).toBe(1);
    expect(s.scores.evidence_iou).toBeCloseTo(0.5, 10);
    const e = item({ format: "enumeration", truthAnswer: "cat, dog" });
    expect(scoreItem("ECBENCH", e, [{ itemId: "i", queryPointOrdinal: null, value: { items: ["dog", "cat"] } }]).scores.correct).toBe(1);
  });

  it("missing answers are invalid", () => {
    expect(scoreItem("TOCBENCH", item({ format: "sp", truthAnswer: "A" }), [])).toMatchObject({ valid: false, scores: { correct: null } });
  });
});
