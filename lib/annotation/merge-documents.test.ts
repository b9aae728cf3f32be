import { describe, expect, it } from "vitest";
import type { EcbenchDocument, VcbenchDocument, VsasDocument } from "./document";
import { mergeDocuments } from "./merge-documents";

const m = (id: string, frame: number, label = "") => ({ id, at: { frame, sec: frame / 25 }, label, comment: "" });
const vc = (moments: ReturnType<typeof m>[], notes = ""): VcbenchDocument => ({ benchmark: "VCBENCH", v: 1, subtype: "E1-Action", moments, occurrences: [], identities: [], window: null, countAtStart: null, countAtEnd: null, queryPoints: [], notes });

describe("three-way merge", () => {
  it("keeps marks added on both sides and one-sided changes, without conflicts", () => {
    const base = vc([m("a", 10), m("b", 20)]);
    const mine = vc([m("a", 11), m("b", 20), m("mine", 30)]);
    const theirs = vc([m("a", 10), m("b", 20, "label from the other tab"), m("theirs", 40)], "their notes");
    const r = mergeDocuments(base, mine, theirs);
    expect(r.conflicts).toEqual([]);
    expect((r.doc as VcbenchDocument).moments).toEqual([m("a", 11), m("b", 20, "label from the other tab"), m("theirs", 40), m("mine", 30)]);
    expect((r.doc as VcbenchDocument).notes).toBe("their notes");
  });

  it("deletions: one-sided deletions win over unchanged entries, a change beats a deletion (reported)", () => {
    const base = vc([m("a", 10), m("b", 20), m("c", 30)]);
    const mine = vc([m("b", 21), m("c", 30)]); // deleted a, changed b
    const theirs = vc([m("a", 10), m("c", 31)]); // deleted b, changed c
    const r = mergeDocuments(base, mine, theirs);
    expect((r.doc as VcbenchDocument).moments.map((x) => [x.id, x.at.frame])).toEqual([
      ["c", 31],
      ["b", 21],
    ]);
    expect(r.conflicts).toEqual(["Occurrence 1: deleted in the other version but changed in yours, kept"]);
  });

  it("both changed the same entry or field: mine wins and it is reported", () => {
    const base = vc([m("a", 10)], "x");
    const r = mergeDocuments(base, vc([m("a", 12)], "mine"), vc([m("a", 14)], "theirs"));
    expect((r.doc as VcbenchDocument).moments[0].at.frame).toBe(12);
    expect((r.doc as VcbenchDocument).notes).toBe("mine");
    expect(r.conflicts).toEqual(["Occurrence 1: changed in both versions, kept yours", "Notes: changed in both versions, kept yours"]);
  });

  it("VSAS captions merge by second; EC scalar fields by side", () => {
    const cap = (second: number, text: string) => ({ second, text, corrected: false, inconsistentWith: null, note: "" });
    const vs = (captions: ReturnType<typeof cap>[]): VsasDocument => ({ benchmark: "VSAS", v: 1, captions, notes: "" });
    const r = mergeDocuments(vs([cap(0, "a"), cap(1, "b")]), vs([cap(0, "A"), cap(1, "b")]), vs([cap(0, "a"), cap(1, "B")]));
    expect((r.doc as VsasDocument).captions.map((c) => c.text)).toEqual(["A", "B"]);
    const ec = (p: Partial<EcbenchDocument>): EcbenchDocument => ({ benchmark: "ECBENCH", v: 1, feasible: null, invalidReason: "", answer: "", answerRevised: false, evidence: [], notes: "", ...p });
    const e = mergeDocuments(ec({}), ec({ feasible: true }), ec({ answer: "3", answerRevised: true }));
    expect(e.doc).toMatchObject({ feasible: true, answer: "3", answerRevised: true });
    expect(e.conflicts).toEqual([]);
  });
});
