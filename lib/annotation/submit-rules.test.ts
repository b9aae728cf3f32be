import { describe, expect, it } from "vitest";
import { annotationDocumentSchema, type AnnotationDocument } from "./document";
import { documentChecks, entityProblems, entityWarnings, submitProblems } from "./submit-rules";

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
    // Messages in the panel's words: 1-based, times as the panel shows them, plural rules.
    expect(submitProblems(doc({ benchmark: "VCBENCH", subtype: "E1-Action", queryPoints: qp(10, 10, 20) })).map((p) => p.message)).toEqual([
      "Query point 2 is on the same frame as query point 1 (0:00.333 (frame 10))",
    ]);
    expect(submitProblems(doc({ benchmark: "VCBENCH", subtype: "E1-Action", queryPoints: qp(10) }))[0].message).toBe("Place 3-8 query points (1 query point placed)");
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
    expect(submitProblems(d).map((p) => p.message)).toEqual([
      "Split point 2 of cycle 1 (0:00.300 (frame 9)) is outside its cycle (0:00.033–0:00.167 (frames 1–5))",
      "Cycle 2 is not closed: set where this cycle ends",
      "Cycle 3 must end after it starts (0:00.267–0:00.267 (frames 8–8))",
    ]);
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

describe("one set of checks for the timeline, the panel and submit", () => {
  it("what the timeline draws red is exactly what submit refuses; warnings never block", () => {
    const ev = (id: string, s: number, e: number | null) => ({ id, start: t(s), end: e === null ? null : t(e) });
    const d = doc({ benchmark: "ECBENCH", feasible: true, answer: "2", evidence: [ev("a", 30, 90), ev("b", 60, 120), ev("c", 150, 150), ev("d", 200, null)] });
    const checks = documentChecks(d, { format: "counting" });
    expect([...entityProblems(d, { format: "counting" }).keys()]).toEqual(["c", "d"]);
    expect(submitProblems(d, { format: "counting" }).map((p) => p.field)).toEqual(["evidence[2].end", "evidence[3].end"]);
    expect(checks.problems.every((p) => p.entityId)).toBe(true);
    expect([...entityWarnings(d).entries()]).toEqual([["b", "Clip 2 overlaps clip 1: merge them into one clip"]]);
  });

  it("two individuals first seen on one frame are fine; two occurrences on one frame are a warning", () => {
    const idn = (id: string, key: string, f: number) => ({ id, key, firstAppearance: t(f) });
    expect(documentChecks(doc({ benchmark: "VCBENCH", subtype: "O2-Unique", queryPoints: qp(10, 20, 30), identities: [idn("x", "#1", 5), idn("y", "#2", 5)] }))).toEqual({ problems: [], warnings: [] });
    const m = (id: string, f: number) => ({ id, at: t(f) });
    const w = documentChecks(doc({ benchmark: "VCBENCH", subtype: "E1-Action", queryPoints: qp(10, 20, 30), moments: [m("a", 5), m("b", 5)] }));
    expect(w.problems).toEqual([]);
    expect(w.warnings.map((x) => x.message)).toEqual(["Occurrence 2 is on the same frame as occurrence 1 (0:00.167 (frame 5)): counted twice"]);
  });
});
