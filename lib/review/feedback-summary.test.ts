import { describe, expect, it } from "vitest";
import { compareAnnotations } from "./compare";
import { facetSummaries, timelineRows } from "./feedback-summary";
import { e1Doc, e2Doc } from "./test-docs";

describe("feedback summary", () => {
  it("says per facet how the annotator's document compares with the final one", () => {
    const mine = e1Doc([20], [100]);
    const final = e1Doc([20, 80], [100]);
    const rows = facetSummaries(compareAnnotations([mine, final], { fps: 30, frameCount: 300 }));
    expect(rows.find((r) => r.facet === "moments")).toMatchObject({ kind: "timestamps", agreed: false, figures: "you 1, final 2, matched 1; F1 0.667; mean offset 0.000 frames" });
    expect(rows.find((r) => r.kind === "counts")?.figures).toBe("0 of 1 counts equal (yours 1; final 2)");
  });

  it("gives both documents' marks and spans for the timeline", () => {
    expect(timelineRows(e1Doc([20], [100]), e1Doc([20, 80], [100]))).toEqual([
      { facet: "moments", who: "yours", marks: [20], spans: [] },
      { facet: "moments", who: "final", marks: [20, 80], spans: [] },
    ]);
    const spans = timelineRows(e2Doc([[10, 40]], [100]), e2Doc([[12, 40]], [100]));
    expect(spans.filter((r) => r.spans.length > 0)).toEqual([
      { facet: "occurrences", who: "yours", marks: [], spans: [[10, 40]] },
      { facet: "occurrences", who: "final", marks: [], spans: [[12, 40]] },
    ]);
  });
});
