import { describe, expect, it } from "vitest";
import { clipIntervals, subtractIntervals, unionIntervals, unionLength } from "./activity-intervals";

const iv = (start: number, end: number) => ({ start, end });

describe("unionIntervals / unionLength", () => {
  it("merges overlapping and touching intervals, keeps gaps, sorts", () => {
    expect(unionIntervals([iv(50, 60), iv(0, 10), iv(5, 20), iv(20, 30), iv(40, 45)])).toEqual([iv(0, 30), iv(40, 45), iv(50, 60)]);
    expect(unionLength([iv(50, 60), iv(0, 10), iv(5, 20), iv(20, 30), iv(40, 45)])).toBe(30 + 5 + 10);
  });

  it("counts two tabs open at once as wall time once", () => {
    const tabA = [iv(1_000, 61_000)];
    const tabB = [iv(31_000, 91_000)];
    expect(unionLength([...tabA, ...tabB])).toBe(90_000);
    expect(unionLength([...tabA, ...tabB])).toBeLessThan(unionLength(tabA) + unionLength(tabB));
  });

  it("is idempotent: a repeated report adds nothing", () => {
    const once = [iv(0, 15_000), iv(20_000, 35_000)];
    expect(unionLength([...once, ...once, ...once])).toBe(unionLength(once));
    expect(unionIntervals(unionIntervals(once))).toEqual(unionIntervals(once));
  });

  it("adds the time of a reload (disjoint intervals) in full", () => {
    expect(unionLength([iv(0, 10_000), iv(12_000, 20_000)])).toBe(18_000);
  });

  it("drops empty, reversed and non-finite intervals; does not change its input", () => {
    const input = [iv(10, 10), iv(20, 5), iv(Number.NaN, 3), iv(0, Number.POSITIVE_INFINITY), iv(1, 2)];
    const copy = JSON.parse(JSON.stringify(input.slice(0, 2)));
    expect(unionIntervals(input)).toEqual([iv(1, 2)]);
    expect(input.slice(0, 2)).toEqual(copy);
    expect(unionLength([])).toBe(0);
  });
});

describe("clipIntervals", () => {
  it("cuts to the window and drops what falls outside", () => {
    expect(clipIntervals([iv(0, 10), iv(15, 30), iv(40, 50)], 5, 20)).toEqual([iv(5, 10), iv(15, 20)]);
    expect(clipIntervals([iv(0, 10)], 10, 20)).toEqual([]);
  });
});

describe("subtractIntervals", () => {
  it("keeps only what the second list does not cover", () => {
    expect(subtractIntervals([iv(0, 100)], [iv(10, 20), iv(30, 40)])).toEqual([iv(0, 10), iv(20, 30), iv(40, 100)]);
    expect(subtractIntervals([iv(0, 10), iv(20, 30)], [iv(0, 30)])).toEqual([]);
    expect(subtractIntervals([iv(0, 10)], [])).toEqual([iv(0, 10)]);
    expect(subtractIntervals([iv(5, 15)], [iv(0, 6), iv(14, 20)])).toEqual([iv(6, 14)]);
  });

  it("measure(a ∪ b) = measure(a − b) + measure(b) on random lists", () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let k = 0; k < 200; k++) {
      const list = (n: number) => Array.from({ length: n }, () => {
        const s = Math.floor(rnd() * 1000);
        return iv(s, s + 1 + Math.floor(rnd() * 100));
      });
      const a = list(1 + Math.floor(rnd() * 6));
      const b = list(Math.floor(rnd() * 6));
      expect(unionLength([...a, ...b])).toBe(unionLength(subtractIntervals(a, b)) + unionLength(b));
    }
  });
});
