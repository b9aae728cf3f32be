import { describe, expect, it } from "vitest";
import type { VcbenchDocument } from "@/lib/annotation/document";
import { computeVcbenchAnswers } from "@/lib/annotation/vcbench-answers";
import { applyPicks, autoMerge } from "./apply-picks";
import { compareAnnotations } from "./compare";
import { listDifferences } from "./differences";
import { at, e1Doc, e2Doc, tocbenchDoc, vcbenchDoc, vsasDoc, vstatDoc } from "./test-docs";

const video = { fps: 30, frameCount: 300 };

describe("autoMerge", () => {
  it("E1: matched marks at the mean frame (ties to the earlier frame), query points merged", () => {
    const a = e1Doc([10, 50, 100], [150], "a");
    const b = e1Doc([12, 51, 100], [150], "b");
    a.notes = "looked twice";
    const r = autoMerge([a, b], video);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    const d = r.document as VcbenchDocument;
    // (10+12)/2 = 11; (50+51)/2 = 50.5 → 50 (tie to the earlier frame); 100.
    expect(d.moments.map((m) => m.at.frame)).toEqual([11, 50, 100]);
    d.moments.forEach((m) => expect(m.at.sec).toBeCloseTo(m.at.frame / 30, 12));
    expect(d.moments.map((m) => m.id)).toEqual(["a0", "a1", "a2"]);
    expect(d.notes).toBe("A: looked twice");
    expect(computeVcbenchAnswers(d).map((x) => x.answer)).toEqual([3]);
    // Offsets are listed (not blocking) so a reviewer may still override them.
    const diffs = listDifferences(compareAnnotations([a, b], video));
    expect(diffs.map((x) => [x.id, x.type, x.blocking])).toEqual([
      ["moments:0.a0+1.b0", "offset", false],
      ["moments:0.a1+1.b1", "offset", false],
    ]);
  });

  it("E2: matched occurrences by union", () => {
    const r = autoMerge([e2Doc([[10, 29]], [100]), e2Doc([[15, 34]], [100])], video);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    const d = r.document as VcbenchDocument;
    expect(d.occurrences.map((o) => [o.start.frame, o.end?.frame])).toEqual([[10, 34]]);
  });

  it("identical documents merge to the same content", () => {
    const a = e1Doc([5, 40], [60, 90]);
    const r = autoMerge([a, structuredClone(a)], video);
    if (!r.ok) throw new Error("not ok");
    expect(r.document).toEqual(a);
    expect(r.decisions).toEqual([]);
  });

  it("same ids from two annotators stay unique", () => {
    const r = autoMerge([e1Doc([10], [], "m"), e1Doc([10], [], "m")], video);
    if (!r.ok) throw new Error("not ok");
    expect((r.document as VcbenchDocument).moments.map((m) => m.id)).toEqual(["m0"]);
  });

  it("refuses a disputed item with its reasons", () => {
    const r = autoMerge([e1Doc([10], []), e1Doc([40], [])], video);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems[0].message).toMatch(/disputed: moments: A has 1 mark, B has 1; 0 matched/);
  });
});

describe("applyPicks", () => {
  const a = e1Doc([10, 50], [150], "a");
  const b = e1Doc([10, 80], [150], "b");
  const diffs = listDifferences(compareAnnotations([a, b], video));

  it("lists unmatched marks (blocking) and derived count differences with stable ids", () => {
    expect(diffs.map((d) => [d.id, d.type, d.blocking, d.derived])).toEqual([
      ["moments:0.a1", "unmatched", true, false],
      ["moments:1.b1", "unmatched", true, false],
    ]);
    // Same documents → same ids.
    expect(listDifferences(compareAnnotations([structuredClone(a), structuredClone(b)], video)).map((d) => d.id)).toEqual(diffs.map((d) => d.id));
  });

  it("take A on one, take B on the other, and the result counts both", () => {
    const r = applyPicks([a, b], video, [
      { differenceId: "moments:0.a1", take: 0 },
      { differenceId: "moments:1.b1", take: 1 },
    ]);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    const d = r.document as VcbenchDocument;
    expect(d.moments.map((m) => [m.id, m.at.frame])).toEqual([
      ["a0", 10],
      ["a1", 50],
      ["b1", 80],
    ]);
    expect(r.decisions).toEqual([
      { differenceId: "moments:0.a1", resolution: "take A" },
      { differenceId: "moments:1.b1", resolution: "take B" },
    ]);
  });

  it("take A where B has nothing drops the mark; an edit moves it", () => {
    const r = applyPicks([a, b], video, [
      { differenceId: "moments:0.a1", edit: at(60) },
      { differenceId: "moments:1.b1", take: 0 },
    ]);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect((r.document as VcbenchDocument).moments.map((m) => m.at.frame)).toEqual([10, 60]);
  });

  it("unresolved, unknown, duplicate, out-of-range and malformed picks are problems naming the difference", () => {
    const r1 = applyPicks([a, b], video, [{ differenceId: "moments:0.a1", take: 0 }]);
    expect(r1.ok).toBe(false);
    if (!r1.ok) expect(r1.problems.map((p) => p.differenceId)).toEqual(["moments:1.b1"]);
    const r2 = applyPicks([a, b], video, [{ differenceId: "nope", take: 0 }]);
    if (!r2.ok) expect(r2.problems[0].message).toBe('no difference "nope" in this comparison');
    const r3 = applyPicks([a, b], video, [
      { differenceId: "moments:0.a1", take: 0 },
      { differenceId: "moments:0.a1", take: 1 },
    ]);
    if (!r3.ok) expect(r3.problems[0].message).toMatch(/picks.1.differenceId: picks moments:0.a1 twice/);
    const r4 = applyPicks([a, b], video, [{ differenceId: "moments:0.a1", take: 2 }]);
    if (!r4.ok) expect(r4.problems[0].message).toMatch(/only 2 annotations/);
    const r5 = applyPicks([a, b], video, [{ differenceId: "moments:0.a1", edit: { frame: -1, sec: 0 } }]);
    if (!r5.ok) expect(r5.problems[0].message).toMatch(/^Moment at frame 50 \(A only\): frame must be at least 0/);
    const r6 = applyPicks([a, b], video, [{ differenceId: "moments:0.a1" }]);
    if (!r6.ok) expect(r6.problems[0].message).toMatch(/give either take or edit/);
    expect([r2, r3, r4, r5, r6].every((r) => !r.ok)).toBe(true);
  });

  it("derived counts cannot be picked", () => {
    const x = e1Doc([10, 50], [60]);
    const y = e1Doc([10], [60]);
    const d = listDifferences(compareAnnotations([x, y], video));
    const derived = d.find((z) => z.derived);
    expect(derived?.id).toBe("queryPoints:0.q0+1.q0:count");
    const r = applyPicks([x, y], video, [{ differenceId: derived?.id, take: 0 }]);
    expect(!r.ok && r.problems[0].message).toMatch(/computed from the marks; resolve the marks instead/);
  });

  it("labels: TOC decision taken from B brings B's removal reason and note", () => {
    const ta = tocbenchDoc({ decision: "keep" });
    const tb = tocbenchDoc({ decision: "remove", removalReason: "mismatch", removalNote: "audio says 4" });
    const r = applyPicks([ta, tb], video, [{ differenceId: "decision", take: 1 }]);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.document).toMatchObject({ decision: "remove", removalReason: "mismatch", removalNote: "audio says 4" });
    const bad = applyPicks([ta, tb], video, [{ differenceId: "decision", edit: "burn" }]);
    expect(!bad.ok && bad.problems[0].message).toMatch(/^resolved document: decision /);
  });

  it("VSTAT challenges and families per difference", () => {
    const va = vstatDoc({ decision: "keep", stateElement: "count", stateStructure: "atomic", challenges: ["occlusion"] });
    const vb = vstatDoc({ decision: "keep", stateElement: "location", stateStructure: "atomic", challenges: [] });
    const r = applyPicks([va, vb], video, [
      { differenceId: "stateElement", take: 1 },
      { differenceId: "challenge:occlusion", take: 0 },
    ]);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.document).toMatchObject({ stateElement: "location", stateStructure: "atomic", challenges: ["occlusion"] });
  });

  it("spans: a split occurrence resolved by take or by edit", () => {
    const x = e2Doc([[10, 49]], [100], "x");
    const y = e2Doc([[10, 29], [30, 49]], [100], "y");
    const d = listDifferences(compareAnnotations([x, y], video));
    expect(d.map((z) => z.id)).toEqual(["occurrences:0.x0+1.y0+1.y1", "queryPoints:0.q0+1.q0:count"]);
    const rb = applyPicks([x, y], video, [{ differenceId: d[0].id, take: 1 }]);
    if (!rb.ok) throw new Error(JSON.stringify(rb.problems));
    expect(computeVcbenchAnswers(rb.document as VcbenchDocument)[0].answer).toBe(2);
    const re = applyPicks([x, y], video, [{ differenceId: d[0].id, edit: [{ start: at(12), end: at(47) }] }]);
    if (!re.ok) throw new Error(JSON.stringify(re.problems));
    expect((re.document as VcbenchDocument).occurrences.map((o) => [o.id, o.start.frame, o.end?.frame])).toEqual([["x0", 12, 47]]);
    const bad = applyPicks([x, y], video, [{ differenceId: d[0].id, edit: [{ start: at(40), end: at(12) }] }]);
    expect(!bad.ok && bad.problems[0].message).toMatch(/^Occurrence from frame 10: span 1 end must not be before start/);
  });

  it("O1-Snap typed counts are blocking; take and edit", () => {
    const snap = (n: number) => vcbenchDoc({ subtype: "O1-Snap", queryPoints: [{ id: "q", at: at(30), count: n }] });
    const d = listDifferences(compareAnnotations([snap(3), snap(4)], video));
    expect(d.map((z) => [z.id, z.blocking, z.derived])).toEqual([["queryPoints:0.q+1.q:count", true, false]]);
    const r = applyPicks([snap(3), snap(4)], video, [{ differenceId: d[0].id, edit: 5 }]);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect((r.document as VcbenchDocument).queryPoints).toEqual([{ id: "q", at: at(30), count: 5 }]);
  });

  it("VSAS captions per second", () => {
    const cap = (second: number, text: string) => ({ second, text, corrected: false, inconsistentWith: null, note: "" });
    const x = vsasDoc({ captions: [cap(0, "a"), cap(1, "b")] });
    const y = vsasDoc({ captions: [cap(0, "a"), cap(1, "B")] });
    const r = applyPicks([x, y], video, [{ differenceId: "captions:1", edit: { text: "bee", corrected: true, inconsistentWith: null, note: "" } }]);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.document).toMatchObject({ captions: [cap(0, "a"), { second: 1, text: "bee", corrected: true }] });
  });

  it("k = 3: a mark two of three annotators have is listed once with all three options", () => {
    const docs = [e1Doc([10, 50], [], "a"), e1Doc([10, 51], [], "b"), e1Doc([11], [], "c")];
    const d = listDifferences(compareAnnotations(docs, video));
    expect(d.map((z) => [z.id, z.type])).toEqual([
      ["moments:0.a0+1.b0+2.c0", "offset"],
      ["moments:0.a1+1.b1", "unmatched"],
    ]);
    expect(d[1].options).toEqual([at(50), at(51), null]);
  });
});
