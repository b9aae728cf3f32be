import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AXIS_H, CUT_TICK, fitText, LABEL_W, paintCuts, placeTickLabels } from "./timeline-paint";

/** Records the drawing calls a path and a context receive (no canvas in Node). */
class FakePath {
  static made: FakePath[] = [];
  ops: string[] = [];
  constructor() {
    FakePath.made.push(this);
  }
  moveTo(x: number, y: number) {
    this.ops.push(`M${x},${y}`);
  }
  lineTo(x: number, y: number) {
    this.ops.push(`L${x},${y}`);
  }
}

const g = globalThis as { Path2D?: unknown };
const had = g.Path2D;
beforeAll(() => {
  g.Path2D = FakePath;
});
afterAll(() => {
  g.Path2D = had;
});

function fakeCtx() {
  const calls: string[] = [];
  const ctx = {
    lineWidth: 0,
    strokeStyle: "",
    stroke: (p: FakePath) => calls.push(`stroke ${ctx.strokeStyle} ${ctx.lineWidth} ${p.ops.length / 2} ticks`),
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, calls };
}

describe("paintCuts", () => {
  // 100 px of track for 10 s: 10 px per second, starting at LABEL_W.
  const X = (sec: number) => LABEL_W + sec * 10;

  it("draws every cut in view as one grey 1 px tick across the axis, in a single stroke", () => {
    FakePath.made = [];
    const { ctx, calls } = fakeCtx();
    paintCuts(ctx, Float64Array.from([-1, 2, 4.04, 9.5, 12]), { start: 0, end: 10 }, X, LABEL_W + 100);
    expect(calls).toEqual([`stroke ${CUT_TICK} 1 3 ticks`]);
    expect(FakePath.made[0].ops).toEqual([`M${LABEL_W + 20.5},2`, `L${LABEL_W + 20.5},${AXIS_H}`, `M${LABEL_W + 40.5},2`, `L${LABEL_W + 40.5},${AXIS_H}`, `M${LABEL_W + 95.5},2`, `L${LABEL_W + 95.5},${AXIS_H}`]);
  });

  it("draws cuts that fall in the same pixel column once (zoomed-out long videos)", () => {
    FakePath.made = [];
    const { ctx, calls } = fakeCtx();
    const cuts = Float64Array.from({ length: 5000 }, (_, i) => i * 0.002);
    paintCuts(ctx, cuts, { start: 0, end: 10 }, X, LABEL_W + 100);
    // 0 s .. 9.998 s land on the 101 pixel columns 0..100 of the track
    expect(calls).toEqual([`stroke ${CUT_TICK} 1 101 ticks`]);
  });
});

describe("fitText (track titles stay in their column)", () => {
  const measure = (s: string) => s.length * 6;
  it("keeps a title that fits, shortens a long one with … to the width", () => {
    expect(fitText("Moments", 100, measure)).toBe("Moments");
    const t = fitText("A · First appearances", 100, measure);
    expect(t.endsWith("…")).toBe(true);
    expect(measure(t)).toBeLessThanOrEqual(100);
    expect(t.length).toBe(16);
  });
  it("gives … or nothing when the column is tiny", () => {
    expect(fitText("Moments", 6, measure)).toBe("…");
    expect(fitText("Moments", 3, measure)).toBe("");
  });
});

describe("placeTickLabels (tick labels whole inside the axis)", () => {
  const measure = (s: string) => s.length * 6;
  it("moves the label of a tick on the right edge inside it (the last second of the video)", () => {
    const placed = placeTickLabels([{ x: 150, text: "0:05" }, { x: 400, text: "0:10" }], 112, 399, measure);
    expect(placed.at(-1)).toEqual({ x: 399 - 12, text: "0:10" });
    for (const p of placed) {
      expect(p.x - measure(p.text) / 2).toBeGreaterThanOrEqual(112);
      expect(p.x + measure(p.text) / 2).toBeLessThanOrEqual(399);
    }
  });
  it("moves the first label right of the title column, and leaves out one that would overlap the one before", () => {
    const placed = placeTickLabels([{ x: 112, text: "0:00" }, { x: 125, text: "0:01" }, { x: 200, text: "0:02" }], 112, 400, measure);
    expect(placed).toEqual([{ x: 124, text: "0:00" }, { x: 200, text: "0:02" }]);
  });
});
