import { describe, expect, it } from "vitest";
import { DEFAULT_FRAME_RATE, measuredFrameRate, parseFrameRate, videoFrameRate } from "./frame-rate";

const video = (avgFrameRate: string | null, nominalFrameRate: string | null, frameCount: number, durationSec: number) => ({ avgFrameRate, nominalFrameRate, frameCount, durationSec });

describe("video frame rate", () => {
  it("reads rates as ffprobe writes them", () => {
    expect(parseFrameRate("30000/1001")).toBeCloseTo(29.97, 2);
    expect(parseFrameRate("25")).toBe(25);
    expect(parseFrameRate("0/0")).toBeNull();
    expect(parseFrameRate("0")).toBeNull();
    expect(parseFrameRate("abc")).toBeNull();
    expect(parseFrameRate(null)).toBeNull();
  });

  it("takes the average rate, else the nominal one, else frames / duration, else 30", () => {
    expect(videoFrameRate(video("24", "30", 300, 10))).toBe(24);
    expect(videoFrameRate(video("0/0", "25", 300, 10))).toBe(25);
    expect(videoFrameRate(video("0/0", "0/0", 300, 10))).toBe(30);
    expect(videoFrameRate(video("0/0", "0/0", 240, 10))).toBe(24);
    expect(videoFrameRate(video("0/0", null, 0, 0))).toBe(DEFAULT_FRAME_RATE);
    expect(videoFrameRate(null)).toBe(DEFAULT_FRAME_RATE);
    expect(measuredFrameRate(video(null, null, 0, 0))).toBeNull();
  });
});
