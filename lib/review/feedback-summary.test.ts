import { describe, expect, it } from "vitest";
import { compareAnnotations } from "./compare";
import { facetSummaries, markOffsets, timelineRows } from "./feedback-summary";
import { at, e1Doc, e2Doc, vcbenchDoc } from "./test-docs";

describe("feedback summary", () => {
  it("says per facet how the annotator's document compares with the final one", () => {
    const mine = e1Doc([20], [100]);
    const final = e1Doc([20, 80], [100]);
    const rows = facetSummaries(compareAnnotations([mine, final], { fps: 30, frameCount: 300 }));
    expect(rows.find((r) => r.facet === "moments")).toMatchObject({
      kind: "timestamps",
      agreed: false,
      figures: "you 1, final 2, matched 1 within 2 frames; F1 0.667; mean offset 0.000 frames (each of your marks to the nearest final mark)",
      details: ["final mark at frame 80: you have none within 2 frames (nearest: frame 20)"],
    });
    expect(rows.find((r) => r.kind === "counts")?.figures).toBe("0 of 1 counts equal (yours 1; final 2)");
    // Details name the sides as the page does, never A / B.
    expect(rows.find((r) => r.kind === "counts")?.details).toEqual(["queryPoints count (from the marks): yours 1, final 2"]);
  });

  it("counts a mark far off in the mean offset (issue 19.9: 150, 330 against 150, 364 said 0.000)", () => {
    const o2 = (frames: number[]) => vcbenchDoc({ subtype: "O2-Unique", identities: frames.map((f, i) => ({ id: `i${f}`, key: `#${i + 1}`, note: "", firstAppearance: at(f) })) });
    const c = compareAnnotations([o2([150, 330]), o2([150, 364])], { fps: 30, frameCount: 480 });
    // The comparison's own figure averages matched marks only: that is the 0.000 the page showed.
    const pair = c.facets.find((f) => f.name === "identities");
    expect(pair?.kind === "timestamps" && pair.pairs[0].meanAbsOffsetFrames).toBe(0);
    const row = facetSummaries(c).find((r) => r.facet === "identities")!;
    expect(row.figures).toContain("matched 1 within 2 frames");
    expect(row.figures).toContain("mean offset 17.000 frames");
    expect(row.details).toEqual([
      "your mark at frame 330: 34 frames before the nearest final mark (frame 364)",
      "final mark at frame 364: you have none within 2 frames (nearest: frame 330)",
    ]);
    expect(row.details.join(" ")).not.toMatch(/\b[AB]\b/);
  });

  it("markOffsets: nearest final mark per mark of yours; none on a side", () => {
    expect(markOffsets([10, 50], [11, 80], 2)).toEqual({ meanAbsFrames: (1 + 30) / 2, details: ["your mark at frame 50: 30 frames before the nearest final mark (frame 80)", "final mark at frame 80: you have none within 2 frames (nearest: frame 50)"] });
    expect(markOffsets([10], [], 2)).toEqual({ meanAbsFrames: Number.NaN, details: ["your mark at frame 10: the final document has no mark"] });
    expect(markOffsets([], [5], 2).details).toEqual(["final mark at frame 5: you have no mark"]);
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
