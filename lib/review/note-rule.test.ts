import { describe, expect, it } from "vitest";
import { noteRequired } from "./note-rule";
import { e1Doc, tocbenchDoc } from "./test-docs";

const video = { fps: 30, frameCount: 300 };

describe("noteRequired", () => {
  it("is false when the result agrees with one of the annotations", () => {
    const a = e1Doc([10, 50], [100]);
    const b = e1Doc([10, 90], [100]);
    expect(noteRequired(structuredClone(a), [a, b], video)).toBe(false);
    expect(noteRequired(structuredClone(b), [a, b], video)).toBe(false);
    // Within the tolerance (2 frames) of A's marks: still A's answer.
    expect(noteRequired(e1Doc([11, 51], [100]), [a, b], video)).toBe(false);
  });

  it("is true when the result agrees with none (mixed picks, or an edit)", () => {
    const a = e1Doc([10, 50], [100]);
    const b = e1Doc([10, 90], [100]);
    expect(noteRequired(e1Doc([10, 50, 90], [100]), [a, b], video)).toBe(true);
    expect(noteRequired(e1Doc([10], [100]), [a, b], video)).toBe(true);
  });

  it("labels: taking one decision agrees with it; a third one does not", () => {
    const keep = tocbenchDoc({ decision: "keep" });
    const remove = tocbenchDoc({ decision: "remove", removalReason: "mismatch" });
    expect(noteRequired(structuredClone(keep), [keep, remove], video)).toBe(false);
    expect(noteRequired(tocbenchDoc({ decision: "revise" }), [keep, remove], video)).toBe(true);
  });

  it("expert kind (one annotation): confirming needs no note, an edit does", () => {
    const a = e1Doc([10, 50], [100]);
    expect(noteRequired(structuredClone(a), [a], video)).toBe(false);
    expect(noteRequired(e1Doc([10, 50, 200], [100]), [a], video)).toBe(true);
  });
});
