import { describe, expect, it } from "vitest";
import type { PtsTable } from "@/lib/video/pts-table";
import { frameAfterSeconds, videoTimingOf } from "./video-timing";

describe("frameAfterSeconds (Shift+← / → in the workspace and the adjudication view)", () => {
  it("moves one second on a 30 fps video: 30 frames, clamped into the video", () => {
    const t = videoTimingOf({ timeBase: { num: 1, den: 30 }, pts: Array.from({ length: 300 }, (_, i) => i), endPts: 300 });
    expect(frameAfterSeconds(t, 100, 1)).toBe(130);
    expect(frameAfterSeconds(t, 100, -1)).toBe(70);
    expect(frameAfterSeconds(t, 10, -1)).toBe(0);
    expect(frameAfterSeconds(t, 290, 1)).toBe(299);
  });

  it("follows the time on a variable frame rate video (frames of 1/30 s, then of 1/10 s)", () => {
    const pts = [...Array.from({ length: 30 }, (_, i) => i * 3), ...Array.from({ length: 20 }, (_, i) => 90 + i * 9)];
    const table: PtsTable = { timeBase: { num: 1, den: 90 }, pts, endPts: 90 + 20 * 9 };
    const t = videoTimingOf(table);
    // frame 0 at 0 s → 1 s later is frame 30 (the first of the slower part); 1 s after frame 30: frame 40.
    expect(frameAfterSeconds(t, 0, 1)).toBe(30);
    expect(frameAfterSeconds(t, 30, 1)).toBe(40);
  });
});
