import { describe, expect, it } from "vitest";
import { parseTocBenchFile } from "./tocbench-schema";

// Item shape copied from the real answer_final.json (qa_id a34a83a3afe7).
const sp = {
  qa_id: "a34a83a3afe7",
  video_id: "perception_test_video_5866",
  format: "sp",
  question: "Does brown bottle ever enter the frame in the video?",
  statement_A: "brown bottle never enters the frame",
  statement_B: "brown bottle does enter the frame",
  correct_answer: "B",
  metadata: { dim: "event_existence", tier: "tier1", subject_label: "brown bottle", hallucination: null, has_hallucination_distractor: false },
};

describe("parseTocBenchFile", () => {
  it("accepts the native file shape and a bare item list", () => {
    expect(parseTocBenchFile({ benchmark: "TOC-Bench", items: [sp] }).items).toHaveLength(1);
    expect(parseTocBenchFile([sp]).items[0].qa_id).toBe("a34a83a3afe7");
  });

  it("reports invalid items by index and field, keeps duplicates", () => {
    const r = parseTocBenchFile({
      items: [sp, { ...sp, qa_id: "x", format: "ordering_3", correct_order: [] }, { ...sp, qa_id: 5 }, { ...sp, correct_answer: undefined, qa_id: "y" }, sp],
    });
    expect(r.items.map((i) => i.qa_id)).toEqual(["a34a83a3afe7", "a34a83a3afe7"]);
    expect(r.problems.map((p) => [p.code, p.field])).toEqual([
      ["invalid_truth_item", "items[1].correct_order"],
      ["invalid_truth_item", "items[2].qa_id"],
      ["invalid_truth_item", "items[3].correct_answer"],
      ["duplicate_truth_id", "items[4].qa_id"],
    ]);
  });

  it("is fatal without an item list", () => {
    expect(parseTocBenchFile({ benchmark: "x" }).fatal).toMatch(/items/);
    expect(parseTocBenchFile(null).fatal).toBeDefined();
  });
});
