import { describe, expect, it } from "vitest";
import { compareAnnotations } from "./compare";
import { fromStoredAgreement, toStoredAgreement } from "./stored-agreement";
import { e1Doc } from "./test-docs";

describe("stored agreement", () => {
  it("round-trips a comparison through JSON, undefined statistics back to NaN", () => {
    const docs = [e1Doc([], [60]), e1Doc([], [60])];
    const comparison = compareAnnotations(docs, { fps: 30, frameCount: 300 });
    const text = JSON.stringify(toStoredAgreement(["u1", "u2"], ["a1", "a2"], comparison));
    const back = fromStoredAgreement(JSON.parse(text));
    expect(back?.annotators).toEqual(["u1", "u2"]);
    expect(back?.comparison.verdict).toBe(comparison.verdict);
    const facet = back?.comparison.facets.find((f) => f.kind === "timestamps");
    const original = comparison.facets.find((f) => f.kind === "timestamps");
    expect(facet && facet.kind === "timestamps" && facet.pairs[0].meanAbsOffsetFrames).toBeNaN();
    expect(original && original.kind === "timestamps" && original.pairs[0].meanAbsOffsetFrames).toBeNaN();
  });

  it("refuses what is not a stored agreement", () => {
    expect(fromStoredAgreement(null)).toBeNull();
    expect(fromStoredAgreement({ schema: 2, annotators: [], annotationIds: [], comparison: {} })).toBeNull();
    expect(fromStoredAgreement({ schema: 1, annotators: "x", annotationIds: [], comparison: {} })).toBeNull();
  });
});
