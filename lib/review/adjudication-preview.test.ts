import { describe, expect, it } from "vitest";
import type { VcbenchDocument } from "@/lib/annotation/document";
import { noteProblem, previewResolution } from "./adjudication-preview";
import { e1Doc } from "./test-docs";

const video = { fps: 30, frameCount: 300 };
// A: 10, 50; B: 10, 200 → moments:0.a1 (A only, frame 50) and moments:1.b1 (B only, frame 200), both blocking.
const a = e1Doc([10, 50], [250], "a");
const b = e1Doc([10, 200], [250], "b");

describe("previewResolution", () => {
  it("is not buildable while a blocking difference is open, naming it", () => {
    const p = previewResolution([a, b], video, [{ differenceId: "moments:0.a1", take: 0 }]);
    expect(p.resolution.ok).toBe(false);
    if (p.resolution.ok) return;
    expect(p.resolution.problems.map((x) => x.differenceId)).toContain("moments:1.b1");
    expect(p.noteRequired).toBe(false);
  });

  it("taking A everywhere agrees with A: no note needed", () => {
    const p = previewResolution([a, b], video, [
      { differenceId: "moments:0.a1", take: 0 },
      { differenceId: "moments:1.b1", take: 0 },
    ]);
    if (!p.resolution.ok) throw new Error(JSON.stringify(p.resolution.problems));
    expect((p.resolution.document as VcbenchDocument).moments.map((m) => m.at.frame)).toEqual([10, 50]);
    expect(p.sameAs).toEqual([0]);
    expect(p.noteRequired).toBe(false);
    expect(noteProblem(p, "")).toBeNull();
  });

  it("A's mark and B's mark together differ from both: a note is required", () => {
    const p = previewResolution([a, b], video, [
      { differenceId: "moments:0.a1", take: 0 },
      { differenceId: "moments:1.b1", take: 1 },
    ]);
    if (!p.resolution.ok) throw new Error(JSON.stringify(p.resolution.problems));
    expect((p.resolution.document as VcbenchDocument).moments.map((m) => m.at.frame)).toEqual([10, 50, 200]);
    expect(p.noteRequired).toBe(true);
    expect(noteProblem(p, "  ")).toBe("note: required, because the result differs from every annotation");
    expect(noteProblem(p, "both marks are real")).toBeNull();
  });

  it("an edited frame differs from both", () => {
    const p = previewResolution([a, b], video, [
      { differenceId: "moments:0.a1", edit: { frame: 60, sec: 2 } },
      { differenceId: "moments:1.b1", edit: null },
    ]);
    if (!p.resolution.ok) throw new Error(JSON.stringify(p.resolution.problems));
    expect((p.resolution.document as VcbenchDocument).moments.map((m) => m.at.frame)).toEqual([10, 60]);
    expect(p.noteRequired).toBe(true);
  });
});
