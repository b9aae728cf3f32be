import { describe, expect, it } from "vitest";
import { formatBytes, formatDuration, formatFps } from "./format";

describe("format", () => {
  it("bytes", () => {
    expect(formatBytes(512)).toBe("512 bytes");
    expect(formatBytes(1536)).toBe("1.5 KiB");
    expect(formatBytes(4 * 1024 ** 3)).toBe("4 GiB");
  });
  it("durations", () => {
    expect(formatDuration(75.5)).toBe("1:15.500");
    expect(formatDuration(3725)).toBe("1:02:05.000");
  });
  it("frame rates", () => {
    expect(formatFps(30)).toBe("30");
    expect(formatFps(30000 / 1001)).toBe("29.97");
    expect(formatFps(null)).toBe("–");
  });
});
