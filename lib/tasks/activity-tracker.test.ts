import { describe, expect, it } from "vitest";
import { unionLength } from "./activity-intervals";
import { ACTIVITY_IDLE_MS, createActivityTracker } from "./activity-tracker";

const S = 1000;
const T0 = 1_800_000_000_000;

describe("activity tracker", () => {
  it("counts input bursts as continuous use while gaps stay under the idle window", () => {
    const t = createActivityTracker();
    for (let s = 0; s <= 300; s += 20) t.input(T0 + s * S);
    // Five minutes of work with an input every 20 s: all of it, up to now.
    expect(unionLength(t.pending(T0 + 300 * S))).toBe(300 * S);
    expect(t.activeAt(T0 + 300 * S + 59 * S)).toBe(true);
  });

  it("stops counting one idle window after the last input", () => {
    const t = createActivityTracker();
    t.input(T0);
    t.input(T0 + 10 * S);
    expect(ACTIVITY_IDLE_MS).toBe(60 * S);
    // Away for ten minutes: the 60 s after the last input count, nothing more.
    expect(t.pending(T0 + 10 * 60 * S)).toEqual([{ start: T0, end: T0 + 70 * S }]);
    expect(t.activeAt(T0 + 10 * 60 * S)).toBe(false);
    // Back: a new interval starts at the next input.
    t.input(T0 + 10 * 60 * S);
    expect(unionLength(t.pending(T0 + 10 * 60 * S + 5 * S))).toBe(75 * S);
  });

  it("counts playback as use for as long as it lasts, and an idle window after it stops", () => {
    const t = createActivityTracker();
    t.input(T0);
    t.playback(true, T0 + S);
    expect(unionLength(t.pending(T0 + 5 * 60 * S))).toBe(5 * 60 * S);
    t.playback(false, T0 + 5 * 60 * S);
    expect(t.pending(T0 + 20 * 60 * S)).toEqual([{ start: T0, end: T0 + 6 * 60 * S }]);
  });

  it("does not count time with the page hidden; resumes when visible within the window of the last input", () => {
    const t = createActivityTracker();
    t.input(T0);
    t.visibility(false, T0 + 10 * S);
    expect(t.activeAt(T0 + 20 * S)).toBe(false);
    t.visibility(true, T0 + 30 * S);
    // Input 30 s ago, still within the window: counting again from the moment it became visible.
    expect(t.pending(T0 + 40 * S)).toEqual([
      { start: T0, end: T0 + 10 * S },
      { start: T0 + 30 * S, end: T0 + 40 * S },
    ]);
    t.visibility(false, T0 + 45 * S);
    t.visibility(true, T0 + 200 * S);
    // Hidden past the window: nothing until the next input.
    expect(t.activeAt(T0 + 201 * S)).toBe(false);
    t.input(T0 + 210 * S);
    expect(unionLength(t.pending(T0 + 215 * S))).toBe(10 * S + 15 * S + 5 * S);
  });

  it("input while hidden does not count", () => {
    const t = createActivityTracker({ visible: false });
    t.input(T0);
    expect(t.pending(T0 + 30 * S)).toEqual([]);
  });

  it("reports only what was not acknowledged; a lost report is sent again", () => {
    const t = createActivityTracker();
    t.input(T0);
    const first = t.pending(T0 + 15 * S);
    expect(first).toEqual([{ start: T0, end: T0 + 15 * S }]);
    // The report failed (not acknowledged): the next one covers it too.
    t.input(T0 + 20 * S);
    const second = t.pending(T0 + 30 * S);
    expect(second).toEqual([{ start: T0, end: T0 + 30 * S }]);
    t.acknowledge(second);
    expect(t.pending(T0 + 30 * S)).toEqual([]);
    expect(t.pending(T0 + 45 * S)).toEqual([{ start: T0 + 30 * S, end: T0 + 45 * S }]);
  });

  it("an untouched page counts nothing", () => {
    const t = createActivityTracker();
    expect(t.pending(T0 + 3600 * S)).toEqual([]);
    expect(t.activeAt(T0)).toBe(false);
  });
});
