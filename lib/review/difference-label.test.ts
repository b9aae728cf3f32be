import { describe, expect, it } from "vitest";
import { compareAnnotations } from "./compare";
import { differenceLabel, differenceLabels, facetNoun, labelOfDifferenceId } from "./difference-label";
import { listDifferences } from "./differences";
import { at, e1Doc, e2Doc, vcbenchDoc, vsasDoc } from "./test-docs";

const ctx = { fps: 30, frameCount: 600 };

describe("differenceLabel: differences named as the adjudication list shows them, never by id", () => {
  it("names unmatched first appearances by frame and who has them (issue 19.9: frame 330 / frame 364)", () => {
    const a = vcbenchDoc({ subtype: "O2-Unique", identities: [{ id: "id-a15a3c66", key: "#1", note: "", firstAppearance: at(30) }, { id: "id-x", key: "#2", note: "", firstAppearance: at(330) }] });
    const b = vcbenchDoc({ subtype: "O2-Unique", identities: [{ id: "id-b1", key: "#1", note: "", firstAppearance: at(30) }, { id: "id-c418767b", key: "#2", note: "", firstAppearance: at(364) }] });
    const diffs = listDifferences(compareAnnotations([a, b], ctx)).filter((d) => d.facet === "identities");
    const labels = diffs.map(differenceLabel);
    expect(labels).toEqual(["First appearance at frame 330 (A only)", "First appearance at frame 364 (B only)"]);
    for (const l of labels) expect(l).not.toMatch(/identities:|id-/);
  });

  it("marks everyone has at different frames, and counts at query points", () => {
    const diffs = listDifferences(compareAnnotations([e1Doc([10, 40], [60, 150], "a"), e1Doc([10, 41, 100], [60, 150], "b")], ctx));
    const labels = diffs.map(differenceLabel);
    expect(labels).toContain("Moment at frame 40");
    expect(labels).toContain("Moment at frame 100 (B only)");
    expect(labels).toContain("Query point count at frame 150");
  });

  it("spans by their first frame, captions by second", () => {
    const spans = listDifferences(compareAnnotations([e2Doc([[60, 120]], [200], "a"), e2Doc([[60, 150]], [200], "b")], ctx));
    expect(spans.map(differenceLabel)).toContain("Occurrence from frame 60");
    const caps = (text: string) => vsasDoc({ captions: [{ second: 0, text: "same", corrected: false, inconsistentWith: null, note: "" }, { second: 3, text, corrected: false, inconsistentWith: null, note: "" }] });
    const captions = listDifferences(compareAnnotations([caps("a dog"), caps("a cat")], ctx));
    expect(captions.map(differenceLabel)).toEqual(["Caption at second 3"]);
  });

  it("labels by name, window counts by end, unknown facets in words", () => {
    expect(differenceLabel({ id: "decision", facet: "decision", type: "label", frame: null })).toBe("Decision");
    expect(differenceLabel({ id: "challenge:occlusion", facet: "challenge:occlusion", type: "label", frame: null })).toBe("Challenge occlusion");
    expect(differenceLabel({ id: "windowCounts:0.countAtEnd+1.countAtEnd:count", facet: "windowCounts", type: "count", frame: null })).toBe("Window count at end");
    expect(facetNoun("someNewFacet")).toBe("Some new facet");
  });

  it("maps stored ids to labels, the expert's whole-document decision included", () => {
    const diffs = listDifferences(compareAnnotations([e1Doc([10, 40], [60], "a"), e1Doc([10, 120], [60], "b")], ctx));
    const labels = differenceLabels(diffs);
    expect(labelOfDifferenceId(labels, "moments:1.b1")).toBe("Moment at frame 120 (B only)");
    expect(labelOfDifferenceId(labels, "document")).toBe("The document");
  });
});
