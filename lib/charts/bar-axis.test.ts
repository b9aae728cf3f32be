import { describe, expect, it } from "vitest";
import { barAxis, niceStep } from "./bar-axis";

describe("barAxis: bars start at zero, bounded measures stop at their bound", () => {
  it("starts an unbounded measure at 0, never at the lowest value (items per hour 91.1 vs 92.0)", () => {
    const a = barAxis([91.1, 92.0]);
    expect(a.domain[0]).toBe(0);
    expect(a.domain[1]).toBe(100);
    expect(a.ticks).toEqual([0, 25, 50, 75, 100]);
  });

  it("ends an agreement figure (F1, tIoU, kappa ≤ 1) at 1, not at a padded 1.05, and starts it at 0 (not 0.45)", () => {
    const a = barAxis([0.6, 0.45, 1.0, 0.98], { max: 1 });
    expect(a.domain).toEqual([0, 1]);
    expect(a.ticks).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it("takes a negative kappa from min(0, lowest) to 1", () => {
    const a = barAxis([-0.23, 0.5], { max: 1, min: -1 });
    expect(a.domain[0]).toBeLessThanOrEqual(-0.23);
    expect(a.domain[0]).toBeGreaterThanOrEqual(-0.5);
    expect(a.domain[1]).toBe(1);
    expect(a.ticks[0]).toBe(a.domain[0]);
    expect(a.ticks.at(-1)).toBe(1);
    expect(a.ticks).toContain(0);
  });

  it("never goes below a measure's lower bound", () => {
    expect(barAxis([-0.99], { max: 1, min: -1 }).domain).toEqual([-1, 1]);
  });

  it("counts interval ends: an error bar above the highest bar is not cut off", () => {
    const a = barAxis([40, 47, 53]);
    expect(a.domain[1]).toBeGreaterThanOrEqual(53);
    expect(a.domain[0]).toBe(0);
  });

  it("stops percentages at 100 and a 0-3 rubric at 3", () => {
    expect(barAxis([12.5, 88], { max: 100 }).domain).toEqual([0, 100]);
    const r = barAxis([1.2, 2.9], { max: 3 });
    expect(r.domain).toEqual([0, 3]);
    expect(r.ticks.at(-1)).toBe(3);
  });

  it("gives a usable axis with no finite values or all zero", () => {
    expect(barAxis([]).domain).toEqual([0, 1]);
    expect(barAxis([Number.NaN, 0]).domain).toEqual([0, 1]);
    expect(barAxis([], { max: 1 }).domain).toEqual([0, 1]);
  });

  it("ticks are round decimals", () => {
    expect(barAxis([0.3]).ticks).toEqual([0, 0.1, 0.2, 0.3]);
  });
});

describe("niceStep", () => {
  it("rounds up to 1, 2, 2.5 or 5 times a power of ten", () => {
    expect(niceStep(23)).toBe(25);
    expect(niceStep(0.07)).toBeCloseTo(0.1);
    expect(niceStep(0.25)).toBe(0.25);
    expect(niceStep(3)).toBe(5);
  });
});
