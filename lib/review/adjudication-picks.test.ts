import { describe, expect, it } from "vitest";
import { compareAnnotations } from "./compare";
import { listDifferences } from "./differences";
import { differenceMembers, indexOfDifference, nextUnresolved, pickStateOf, setPick, stepDifference, takeRefusal } from "./adjudication-picks";
import { e1Doc, e2Doc } from "./test-docs";

const video = { fps: 30, frameCount: 300 };

describe("stepDifference", () => {
  it("steps forward and back, wrapping around", () => {
    expect(stepDifference(3, 0, 1)).toBe(1);
    expect(stepDifference(3, 2, 1)).toBe(0);
    expect(stepDifference(3, 0, -1)).toBe(2);
    expect(stepDifference(3, -1, 1)).toBe(0);
    expect(stepDifference(3, -1, -1)).toBe(2);
    expect(stepDifference(0, 0, 1)).toBe(-1);
  });
});

describe("picks of a disputed E1 item", () => {
  // A: marks at 10, 50, 100; B: 12, 100, 200. 50 and 200 are unmatched (blocking); 10/12 is an offset; 100 is identical.
  const a = e1Doc([10, 50, 100], [250], "a");
  const b = e1Doc([12, 100, 200], [250], "b");
  const diffs = listDifferences(compareAnnotations([a, b], video));

  it("lists the differences the view steps through", () => {
    expect(diffs.map((d) => [d.id, d.type, d.blocking, d.frame])).toEqual([
      ["moments:0.a0+1.b0", "offset", false, 10],
      ["moments:0.a1", "unmatched", true, 50],
      ["moments:1.b2", "unmatched", true, 200],
    ]);
  });

  it("finds the next blocking difference without a pick, wrapping", () => {
    const first = diffs.findIndex((d) => d.id === "moments:0.a1");
    const second = diffs.findIndex((d) => d.id === "moments:1.b2");
    expect([first, second]).toEqual([1, 2]);
    expect(nextUnresolved(diffs, [], 0)).toBe(first);
    expect(nextUnresolved(diffs, [{ differenceId: "moments:0.a1", take: 0 }], 0)).toBe(second);
    expect(nextUnresolved(diffs, [], second + 1)).toBe(first);
    expect(nextUnresolved(diffs, [{ differenceId: "moments:0.a1", take: 1 }, { differenceId: "moments:1.b2", take: 0 }], 0)).toBe(-1);
  });

  it("says what each difference's decision is", () => {
    const unmatched = diffs.find((d) => d.id === "moments:0.a1")!;
    const offset = diffs.find((d) => d.id === "moments:0.a0+1.b0")!;
    expect(pickStateOf(unmatched, []).label).toBe("needs a decision");
    expect(pickStateOf(unmatched, [{ differenceId: unmatched.id, take: 1 }])).toEqual({ kind: "take", annotator: 1, label: "take B" });
    expect(pickStateOf(offset, []).label).toBe("default: mean frame");
    expect(pickStateOf(offset, [{ differenceId: offset.id, edit: null }]).label).toBe("edited");
  });

  it("replaces and clears one difference's pick, keeping the others", () => {
    let picks = setPick([], "x", { take: 0 });
    picks = setPick(picks, "y", { edit: { frame: 3, sec: 0.1 } });
    picks = setPick(picks, "x", { take: 1 });
    expect(picks).toEqual([
      { differenceId: "y", edit: { frame: 3, sec: 0.1 } },
      { differenceId: "x", take: 1 },
    ]);
    expect(setPick(picks, "y", null)).toEqual([{ differenceId: "x", take: 1 }]);
  });

  it("names the elements of each annotator a difference is about", () => {
    expect(differenceMembers({ id: "moments:0.a3+1.b7", facet: "moments" }, 2)).toEqual([["a3"], ["b7"]]);
    expect(differenceMembers({ id: "moments:1.b2", facet: "moments" }, 3)).toEqual([[], ["b2"], []]);
    expect(differenceMembers({ id: "queryPoints:0.q1+1.q1:count", facet: "queryPoints" }, 2)).toEqual([["q1"], ["q1"]]);
    expect(differenceMembers({ id: "occurrences:0.s1+0.s2+1.s5", facet: "occurrences" }, 2)).toEqual([["s1", "s2"], ["s5"]]);
    expect(differenceMembers({ id: "decision", facet: "decision" }, 2)).toEqual([[], []]);
  });

  it("refuses to take from a derived count or a missing annotator", () => {
    const spans = listDifferences(compareAnnotations([e2Doc([[10, 29]], [100]), e2Doc([[40, 60]], [100])], video));
    const derived = spans.find((d) => d.derived);
    if (derived) expect(takeRefusal(derived, 0, 2)).toMatch(/computed from the marks/);
    expect(takeRefusal(diffs[0], 2, 2)).toBe("there is no annotation C (only 2)");
    expect(takeRefusal(diffs[0], 1, 2)).toBeNull();
  });

  it("resumes at the stored difference id, else the first", () => {
    expect(indexOfDifference(diffs, "moments:1.b2")).toBe(diffs.findIndex((d) => d.id === "moments:1.b2"));
    expect(indexOfDifference(diffs, "gone")).toBe(0);
    expect(indexOfDifference([], "gone")).toBe(-1);
  });
});
