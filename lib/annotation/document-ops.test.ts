import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { AnnotationDocument, EcbenchDocument, VcbenchDocument } from "./document";
import {
  addMark,
  addQueryPoint,
  adjacentMarkFrame,
  deleteEntity,
  documentTracks,
  moveEntity,
  nudgeEntity,
  setEntityComment,
  setEntityLabel,
  setSpanEnd,
  setSpanStart,
  shiftSpan,
  timelineEntities,
  WINDOW_ID,
  type FrameClock,
} from "./document-ops";
import { entityProblems, entityWarnings } from "./submit-rules";
import { inTimeOrder } from "./time-order";

// 25 fps with a first-frame offset already removed: sec = frame / 25.
const clock: FrameClock = { frameTime: (frame) => ({ frame, sec: frame / 25 }), frameCount: 250 };
const t = clock.frameTime;

function vc(subtype: VcbenchDocument["subtype"], patch: Partial<VcbenchDocument> = {}): VcbenchDocument {
  return { benchmark: "VCBENCH", v: 1, subtype, moments: [], occurrences: [], identities: [], window: null, countAtStart: null, countAtEnd: null, queryPoints: [], notes: "", ...patch };
}
function ec(patch: Partial<EcbenchDocument> = {}): EcbenchDocument {
  return { benchmark: "ECBENCH", v: 1, feasible: null, invalidReason: "", answer: "", answerRevised: false, evidence: [], notes: "", ...patch };
}

describe("adding marks", () => {
  it("E1: a moment at the frame, appended; the store's normaliser puts it in time order", () => {
    let doc: AnnotationDocument = vc("E1-Action");
    doc = addMark(doc, t(100), "a").doc;
    doc = addMark(doc, t(40), "b").doc;
    expect((doc as VcbenchDocument).moments.map((m) => [m.id, m.at.frame, m.at.sec])).toEqual([
      ["a", 100, 4],
      ["b", 40, 1.6],
    ]);
    const sorted = inTimeOrder(doc) as VcbenchDocument;
    expect(sorted.moments.map((m) => m.id)).toEqual(["b", "a"]);
    expect(timelineEntities(sorted).map((e) => e.name)).toEqual(["Occurrence 1", "Occurrence 2"]);
    expect(entityProblems(sorted).size).toBe(0);
  });

  it("O2: an identity #n first appearing at the frame; O1: a query point", () => {
    const o2 = addMark(addMark(vc("O2-Unique"), t(10), "x").doc, t(20), "y").doc as VcbenchDocument;
    expect(o2.identities.map((d) => [d.key, d.firstAppearance.frame])).toEqual([
      ["#1", 10],
      ["#2", 20],
    ]);
    const o1 = addMark(vc("O1-Snap"), t(30), "q").doc as VcbenchDocument;
    expect(o1.queryPoints).toEqual([{ id: "q", at: t(30), count: null }]);
  });

  it("E2-Periodic: a split point only inside an occurrence", () => {
    const doc = vc("E2-Periodic", { occurrences: [{ id: "o1", start: t(10), end: t(50), label: "", comment: "", splits: [] }] });
    const outside = addMark(doc, t(60), "s");
    expect(outside.doc).toBe(doc);
    expect(outside.message).toMatch(/inside an occurrence/);
    const inside = addMark(doc, t(30), "s").doc as VcbenchDocument;
    expect(inside.occurrences[0].splits.map((s) => s.at.frame)).toEqual([30]);
  });

  it("TOC-Bench has no marks: unchanged with a message", () => {
    const doc: AnnotationDocument = { benchmark: "TOCBENCH", v: 1, decision: null, revision: null, removalReason: null, removalNote: "", notes: "" };
    const r = addMark(doc, t(1), "a");
    expect(r.doc).toBe(doc);
    expect(r.id).toBeNull();
    expect(addQueryPoint(doc, t(1), "q").doc).toBe(doc);
  });
});

describe("spans", () => {
  it("start opens a span, end closes the last open one", () => {
    let doc: AnnotationDocument = ec();
    doc = setSpanStart(doc, t(50), "s1", null).doc;
    expect((doc as EcbenchDocument).evidence[0].end).toBeNull();
    doc = setSpanEnd(doc, t(75), "unused", null).doc;
    expect((doc as EcbenchDocument).evidence).toEqual([{ id: "s1", start: t(50), end: t(75), label: "", comment: "" }]);
  });

  it("start / end of the selected span change that span", () => {
    let doc: AnnotationDocument = vc("E2-Episode", {
      occurrences: [
        { id: "a", start: t(10), end: t(20), label: "", comment: "", splits: [] },
        { id: "b", start: t(30), end: t(40), label: "", comment: "", splits: [] },
      ],
    });
    doc = setSpanStart(doc, t(5), "new", "a").doc;
    doc = setSpanEnd(doc, t(45), "new", "b").doc;
    const occ = (doc as VcbenchDocument).occurrences;
    expect(occ.map((o) => [o.id, o.start.frame, o.end?.frame])).toEqual([
      ["a", 5, 20],
      ["b", 30, 45],
    ]);
  });

  it("an end before the start becomes an empty span (end at the start) that the checks name, never a reversed one", () => {
    const doc = setSpanEnd(setSpanStart(ec(), t(100), "s", null).doc, t(80), "x", null).doc as EcbenchDocument;
    expect(doc.evidence[0].start.frame).toBe(100);
    expect(doc.evidence[0].end!.frame).toBe(80);
    const fixed = inTimeOrder(doc) as EcbenchDocument;
    expect(fixed.evidence[0].end!.frame).toBe(100);
    expect(entityProblems(fixed).get("s")).toBe("Clip 1 must end after it starts (4 s–4 s)");
  });

  it("overlapping clips are a warning on the later one (never a problem: submit accepts them)", () => {
    const doc = ec({
      evidence: [
        { id: "a", start: t(0), end: t(50), label: "", comment: "" },
        { id: "b", start: t(40), end: t(90), label: "", comment: "" },
        { id: "c", start: t(100), end: t(110), label: "", comment: "" },
      ],
    });
    const warnings = entityWarnings(doc);
    expect(warnings.get("b")).toBe("Clip 2 overlaps clip 1: merge them into one clip");
    expect(warnings.has("a")).toBe(false);
    expect(warnings.has("c")).toBe(false);
    expect(entityProblems(doc, { activities: ["evidence"] }).size).toBe(0);
  });
});

describe("move, nudge, delete", () => {
  const base = vc("E2-Periodic", {
    moments: [],
    occurrences: [{ id: "o", start: t(10), end: t(50), label: "", comment: "", splits: [{ id: "s", at: t(20), label: "", comment: "" }] }],
    queryPoints: [{ id: "q", at: t(100), count: 3 }],
    window: { start: t(0), end: t(200) },
  });

  it("moves each part to the given frame and keeps everything else", () => {
    const a = moveEntity(base, "o", "end", t(60)) as VcbenchDocument;
    expect(a.occurrences[0].end).toEqual(t(60));
    expect(a.occurrences[0].start).toEqual(t(10));
    const b = moveEntity(base, "s", "at", t(30)) as VcbenchDocument;
    expect(b.occurrences[0].splits[0].at).toEqual(t(30));
    const c = moveEntity(base, "q", "at", t(120)) as VcbenchDocument;
    expect(c.queryPoints[0]).toEqual({ id: "q", at: t(120), count: 3 });
    const w = moveEntity(base, WINDOW_ID, "start", t(12)) as VcbenchDocument;
    expect(w.window).toEqual({ start: t(12), end: t(200) });
    expect(moveEntity(base, "nope", "at", t(1))).toBe(base);
    expect(moveEntity(base, "q", "at", t(100))).toBe(base);
    expect(base.occurrences[0].end).toEqual(t(50)); // input untouched
  });

  it("nudges by one frame, clamped to the video", () => {
    const plus = nudgeEntity(base, "q", null, 1, clock) as VcbenchDocument;
    expect(plus.queryPoints[0].at).toEqual(t(101));
    const end = nudgeEntity(base, "o", "end", -1, clock) as VcbenchDocument;
    expect(end.occurrences[0].end).toEqual(t(49));
    const atZero = moveEntity(base, "q", "at", t(0));
    expect(nudgeEntity(atZero, "q", null, -1, clock)).toBe(atZero);
    const last = moveEntity(base, "q", "at", t(249));
    expect(nudgeEntity(last, "q", null, 1, clock)).toBe(last);
  });

  it("shifts a whole span, keeping its length, clamped", () => {
    const s = shiftSpan(base, "o", 5, clock) as VcbenchDocument;
    expect([s.occurrences[0].start.frame, s.occurrences[0].end!.frame]).toEqual([15, 55]);
    const clamped = shiftSpan(base, "o", -100, clock) as VcbenchDocument;
    expect([clamped.occurrences[0].start.frame, clamped.occurrences[0].end!.frame]).toEqual([0, 40]);
  });

  it("deletes splits, occurrences, query points and the window", () => {
    expect((deleteEntity(base, "s") as VcbenchDocument).occurrences[0].splits).toEqual([]);
    expect((deleteEntity(base, "o") as VcbenchDocument).occurrences).toEqual([]);
    expect((deleteEntity(base, "q") as VcbenchDocument).queryPoints).toEqual([]);
    expect((deleteEntity(base, WINDOW_ID) as VcbenchDocument).window).toBeNull();
    expect(deleteEntity(base, "missing")).toBe(base);
  });

  it("labels and comments; an identity's label is its key and may not be empty", () => {
    const l = setEntityComment(setEntityLabel(base, "o", "first cycle"), "o", "hard to see") as VcbenchDocument;
    expect([l.occurrences[0].label, l.occurrences[0].comment]).toEqual(["first cycle", "hard to see"]);
    const ids = vc("O2-Unique", { identities: [{ id: "i", key: "#1", note: "", firstAppearance: t(3) }] });
    expect((setEntityLabel(ids, "i", " red shirt ") as VcbenchDocument).identities[0].key).toBe("red shirt");
    expect(setEntityLabel(ids, "i", "  ")).toBe(ids);
    expect((setEntityComment(ids, "i", "enters left") as VcbenchDocument).identities[0].note).toBe("enters left");
  });
});

describe("next / previous mark and tracks", () => {
  it("steps through every start and end across lists", () => {
    const doc = vc("E2-Episode", {
      occurrences: [{ id: "o", start: t(10), end: t(50), label: "", comment: "", splits: [] }],
      queryPoints: [{ id: "q", at: t(30), count: null }],
    });
    expect(adjacentMarkFrame(doc, 0, 1)).toBe(10);
    expect(adjacentMarkFrame(doc, 10, 1)).toBe(30);
    expect(adjacentMarkFrame(doc, 30, 1)).toBe(50);
    expect(adjacentMarkFrame(doc, 50, 1)).toBeNull();
    expect(adjacentMarkFrame(doc, 50, -1)).toBe(30);
    expect(adjacentMarkFrame(doc, 10, -1)).toBeNull();
    expect(documentTracks(doc)).toEqual(["occurrences", "queryPoints"]);
    expect(documentTracks(vc("O1-Delta"))).toEqual(["window", "queryPoints"]);
  });

  it("property: next after every frame is the smallest mark frame above it", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 249 }), { maxLength: 30 }), fc.integer({ min: 0, max: 249 }), (frames, f) => {
        const doc = vc("E1-Action", { moments: frames.map((fr, i) => ({ id: `m${i}`, at: t(fr), label: "", comment: "" })) });
        const above = frames.filter((x) => x > f);
        expect(adjacentMarkFrame(doc, f, 1)).toBe(above.length ? Math.min(...above) : null);
        expect(timelineEntities(doc).map((e) => e.id)).toEqual(frames.map((_, i) => `m${i}`));
      }),
    );
  });
});
