import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AXIS_H, CUT_TICK, LABEL_W, paintCuts } from "./timeline-paint";

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
