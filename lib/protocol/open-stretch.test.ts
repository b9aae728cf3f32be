import { describe, expect, it } from "vitest";
import { tenSegmentPlan as plan } from "./plan-test-fixtures";
import { openStretch } from "./stretch";

const at = (unlockedIndex: number, status = "ACTIVE") => ({ status, unlockedIndex, answeredIndex: unlockedIndex - 1 });

describe("openStretch: is there a stretch to play, and which", () => {
  it("gives the ask the participant is at and its whole stretch", () => {
    const p = plan();
    const first = openStretch(p, at(0));
    expect(first?.askIndex).toBe(0);
    expect(first?.stretch.segments.map((s) => s.index)).toEqual([0, 1]);
    const second = openStretch(p, at(1));
    expect(second?.askIndex).toBe(1);
    expect(second?.stretch.segments.map((s) => s.index)).toEqual([2, 3, 4]);
    expect(openStretch(p, at(3))?.stretch.segments.map((s) => s.index)).toEqual([5, 6, 7, 8, 9]);
  });

  it("gives an empty stretch, not none, for a second question at the same frame (answered without video)", () => {
    const same = openStretch(plan(), at(2));
    expect(same?.askIndex).toBe(2);
    expect(same?.stretch.segments).toEqual([]);
  });

  it("gives none once every ask is answered, or the session is not active", () => {
    const p = plan();
    expect(openStretch(p, at(4))).toBeNull();
    for (const status of ["COMPLETED", "ABANDONED", "EXPIRED"]) expect(openStretch(p, at(1, status))).toBeNull();
  });
});
