import { describe, expect, it } from "vitest";
import { annotationDocumentSchema, type AnnotationDocument } from "./document";
import { submitProblems } from "./submit-rules";

const doc = (d: Record<string, unknown>) => annotationDocumentSchema.parse({ v: 1, ...d }) as AnnotationDocument;
const t = (frame: number) => ({ frame, sec: frame / 30 });
const qp = (...frames: number[]) => frames.map((f, i) => ({ id: `q${i}`, at: t(f), count: null }));
const fields = (d: AnnotationDocument, ctx = {}) => submitProblems(d, ctx).map((p) => p.field);

describe("VCBench submit rules", () => {
  it("3-8 query points in increasing time", () => {
    expect(fields(doc({ benchmark: "VCBENCH", subtype: "E1-Action", queryPoints: qp(10, 20) }))).toEqual(["queryPoints"]);
    expect(fields(doc({ benchmark: "VCBENCH", subtype: "E1-Action", queryPoints: qp(10, 20, 30) }))).toEqual([]);
    expect(fields(doc({ benchmark: "VCBENCH", subtype: "E1-Action", queryPoints: qp(1, 2, 3, 4, 5, 6, 7, 8, 9) }))).toEqual(["queryPoints"]);
    expect(fields(doc({ benchmark: "VCBENCH", subtype: "E1-Action", queryPoints: qp(10, 30, 20) }))).toEqual(["queryPoints[2].at"]);
    expect(fields(doc({ benchmark: "VCBENCH", subtype: "E1-Action", queryPoints: qp(10, 10, 20) }))).toEqual(["queryPoints[1].at"]);
    // A project that does not design query points skips the rule.
    expect(fields(doc({ benchmark: "VCBENCH", subtype: "E1-Action", queryPoints: [] }), { activities: ["events"] })).toEqual([]);
  });

  it("O1-Delta / O2-Gain: one query point at the window end; O1-Delta both counts", () => {
    const window = { start: t(10), end: t(40) };
    expect(fields(doc({ benchmark: "VCBENCH", subtype: "O2-Gain", window, queryPoints: qp(40) }))).toEqual([]);
    expect(fields(doc({ benchmark: "VCBENCH", subtype: "O2-Gain", window, queryPoints: qp(39) }))).toEqual(["queryPoints[0].at"]);
    expect(fields(doc({ benchmark: "VCBENCH", subtype: "O2-Gain", window, queryPoints: qp(20, 30, 40) }))).toEqual(["queryPoints"]);
    expect(fields(doc({ benchmark: "VCBENCH", subtype: "O2-Gain", queryPoints: qp(40) }))).toEqual(["window"]);
    expect(fields(doc({ benchmark: "VCBENCH", subtype: "O1-Delta", window, queryPoints: qp(40), countAtStart: 2 }))).toEqual(["countAtEnd"]);
    expect(fields(doc({ benchmark: "VCBENCH", subtype: "O1-Delta", window: { start: t(40), end: t(40) }, queryPoints: qp(40), countAtStart: 2, countAtEnd: 0 }))).toEqual(["window.end"]);
  });

  it("E2: every occurrence closed and ending after its start; splits inside the cycle", () => {
    const occ = (s: number, e: number | null, splits: number[] = []) => ({ id: `o${s}`, start: t(s), end: e === null ? null : t(e), splits: splits.map((f) => ({ id: `s${f}`, at: t(f) })) });
    const d = doc({ benchmark: "VCBENCH", subtype: "E2-Periodic", queryPoints: qp(10, 20, 30), occurrences: [occ(1, 5, [3, 9]), occ(6, null), occ(8, 8)] });
    expect(fields(d)).toEqual(["occurrences[0].splits[1].at", "occurrences[1].end", "occurrences[2].end"]);
  });

  it("O1-Snap: a count at every query point", () => {
    const d = doc({ benchmark: "VCBENCH", subtype: "O1-Snap", queryPoints: [{ id: "a", at: t(1), count: 2 }, { id: "b", at: t(2), count: null }, { id: "c", at: t(3), count: 0 }] });
    expect(fields(d)).toEqual(["queryPoints[1].count"]);
  });
});

describe("EC-Bench, TOC-Bench, VSTAT, VSAS submit rules", () => {
  it("EC-Bench: feasibility, reason, answer, evidence when revised", () => {
    expect(fields(doc({ benchmark: "ECBENCH" }))).toEqual(["feasible", "answer"]);
    expect(fields(doc({ benchmark: "ECBENCH", feasible: false }))).toEqual(["invalidReason"]);
    expect(fields(doc({ benchmark: "ECBENCH", feasible: false, invalidReason: "the video is black" }))).toEqual([]);
    expect(fields(doc({ benchmark: "ECBENCH", feasible: true, answer: "three" }), { format: "counting" })).toEqual(["answer"]);
    expect(fields(doc({ benchmark: "ECBENCH", feasible: true, answer: "4", answerRevised: true }), { format: "counting" })).toEqual(["evidence"]);
    const ev = [{ id: "e", start: t(30), end: t(90) }];
    expect(fields(doc({ benchmark: "ECBENCH", feasible: true, answer: "4", answerRevised: true, evidence: ev }), { format: "counting" })).toEqual([]);
    expect(fields(doc({ benchmark: "ECBENCH", feasible: true, answer: "a → b", evidence: [{ id: "e", start: t(30), end: null }] }), { format: "enumeration" })).toEqual(["evidence[0].end"]);
  });

  it("TOC-Bench: decision, real revision, removal reason", () => {
    expect(fields(doc({ benchmark: "TOCBENCH" }))).toEqual(["decision"]);
    expect(fields(doc({ benchmark: "TOCBENCH", decision: "keep" }))).toEqual([]);
    expect(fields(doc({ benchmark: "TOCBENCH", decision: "revise", revision: {} }))).toEqual(["revision"]);
    expect(fields(doc({ benchmark: "TOCBENCH", decision: "revise", revision: { answer: "C" } }))).toEqual([]);
    expect(fields(doc({ benchmark: "TOCBENCH", decision: "remove" }))).toEqual(["removalReason"]);
    expect(fields(doc({ benchmark: "TOCBENCH", decision: "remove", removalReason: "tracking_error" }))).toEqual([]);
  });

  it("VSTAT: labels complete, decision; VSAS: no empty caption", () => {
    expect(fields(doc({ benchmark: "VSTAT", decision: "keep" }))).toEqual(["stateElement", "stateStructure"]);
    expect(fields(doc({ benchmark: "VSTAT", stateElement: "count", stateStructure: "atomic", decision: "remove" }))).toEqual(["removalNote"]);
    expect(fields(doc({ benchmark: "VSTAT", stateElement: "count", stateStructure: "atomic" }), { activities: ["taxonomy"] })).toEqual([]);
    expect(fields(doc({ benchmark: "VSAS", captions: [{ second: 0, text: "a" }, { second: 1, text: " " }] }))).toEqual(["captions[1].text"]);
    expect(fields(doc({ benchmark: "VSAS" }))).toEqual(["captions"]);
  });
});
