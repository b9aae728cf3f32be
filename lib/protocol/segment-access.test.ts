import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decideInitAccess, decideSegmentAccess, servableRange } from "./segment-access";
import { tenSegmentPlan } from "./plan-test-fixtures";
import { buildFreeRewatchPlan, buildStreamingPlan, type PlanSegment } from "./session-plan";

/** 10 segments of 10 frames; query points at frames 19 (ends seg 1), 49 (seg 4), 49 again, 99 (last). */
const plan = tenSegmentPlan;

const active = (unlockedIndex: number) => ({ status: "ACTIVE" as const, unlockedIndex, answeredIndex: unlockedIndex - 1 });

describe("session plan", () => {
  it("orders asks by frame, then item ordinal; end-of-video asks last", () => {
    const p = plan();
    expect(p.asks.map((a) => a.answerKey)).toEqual(["a#0", "a#1", "b#0", "c"]);
    expect(p.asks.map((a) => a.endSegment)).toEqual([1, 4, 4, 9]);
  });

  it("refuses a query point without a cut after its frame", () => {
    const p = plan();
    expect(() =>
      buildStreamingPlan([{ itemId: "x", itemOrdinal: 0, format: "count", attentionCheck: false, queryPoints: [{ id: "q", ordinal: 0, frame: 15 }] }], p.segments, 100),
    ).toThrow(/no cut after frame 15/);
  });

  it("free rewatch: one ask per item (or per query point), in item order", () => {
    const p = buildFreeRewatchPlan(
      [
        { itemId: "b", itemOrdinal: 1, format: "mcq", attentionCheck: false, queryPoints: [] },
        { itemId: "a", itemOrdinal: 0, format: "numeric", attentionCheck: true, queryPoints: [] },
      ],
      100,
    );
    expect(p.asks.map((a) => [a.answerKey, a.endSegment, a.attentionCheck])).toEqual([["a", -1, true], ["b", -1, false]]);
  });
});

describe("servable segments", () => {
  it("first stretch: segments 0..1 only", () => {
    const p = plan();
    expect(servableRange(p.asks, active(0))).toEqual({ first: 0, last: 1 });
    expect(decideSegmentAccess(p, active(0), 0)).toEqual({ allowed: true, reason: "ok" });
    expect(decideSegmentAccess(p, active(0), 1).allowed).toBe(true);
    expect(decideSegmentAccess(p, active(0), 2)).toMatchObject({ allowed: false, status: 403, reason: "beyond_unlocked" });
    expect(decideSegmentAccess(p, active(0), 9)).toMatchObject({ allowed: false, reason: "beyond_unlocked" });
  });

  it("after an answer the answered stretch is gone for ever and the next is released", () => {
    const p = plan();
    expect(decideSegmentAccess(p, active(1), 1)).toMatchObject({ allowed: false, status: 410, reason: "already_answered" });
    expect(decideSegmentAccess(p, active(1), 0)).toMatchObject({ allowed: false, reason: "already_answered" });
    for (const k of [2, 3, 4]) expect(decideSegmentAccess(p, active(1), k).allowed).toBe(true);
    expect(decideSegmentAccess(p, active(1), 5)).toMatchObject({ allowed: false, reason: "beyond_unlocked" });
  });

  it("two query points on the same frame: the second stretch is empty", () => {
    const p = plan();
    expect(servableRange(p.asks, active(2))).toEqual({ first: 5, last: 4 });
    for (let k = 0; k < 10; k++) expect(decideSegmentAccess(p, active(2), k).allowed).toBe(false);
  });

  it("all answered: nothing servable, not even the tail", () => {
    const p = plan();
    const done = { status: "ACTIVE" as const, unlockedIndex: 4, answeredIndex: 3 };
    for (let k = 0; k < 10; k++) expect(decideSegmentAccess(p, done, k).allowed).toBe(false);
    expect(decideInitAccess(p, done).allowed).toBe(false);
  });

  it("inactive sessions and bad indices are refused", () => {
    const p = plan();
    expect(decideSegmentAccess(p, { ...active(0), status: "COMPLETED" }, 0)).toMatchObject({ status: 410, reason: "session_not_active" });
    expect(decideSegmentAccess(p, { ...active(0), status: "ABANDONED" }, 0)).toMatchObject({ status: 410 });
    expect(decideSegmentAccess(p, active(0), -1)).toMatchObject({ status: 404, reason: "no_such_segment" });
    expect(decideSegmentAccess(p, active(0), 10)).toMatchObject({ status: 404 });
    expect(decideSegmentAccess(p, active(0), 1.5)).toMatchObject({ status: 404 });
    expect(decideInitAccess(p, active(0)).allowed).toBe(true);
    expect(decideInitAccess(p, { ...active(0), status: "COMPLETED" }).allowed).toBe(false);
  });

  it("free-rewatch sessions never get segments", () => {
    const p = buildFreeRewatchPlan([{ itemId: "a", itemOrdinal: 0, format: "mcq", attentionCheck: false, queryPoints: [] }], 100);
    expect(decideSegmentAccess(p, { status: "ACTIVE", unlockedIndex: 1, answeredIndex: -1 }, 0)).toMatchObject({ reason: "not_streaming" });
  });

  it("property: a segment is servable iff it lies strictly after the last answered point and at or before the unlocked one", () => {
    const p = plan();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 9 }), (unlocked, k) => {
        const progress = active(unlocked);
        const lo = unlocked > 0 ? p.asks[unlocked - 1].endSegment : -1;
        const hi = unlocked < p.asks.length ? p.asks[unlocked].endSegment : lo;
        expect(decideSegmentAccess(p, progress, k).allowed).toBe(k > lo && k <= hi);
      }),
    );
  });

  it("property: over a whole session every segment up to the last query point is servable in exactly one stretch", () => {
    const p = plan();
    const times = new Array(10).fill(0);
    for (let u = 0; u <= p.asks.length; u++) for (let k = 0; k < 10; k++) if (decideSegmentAccess(p, active(u), k).allowed) times[k] += 1;
    expect(times).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
  });
});
