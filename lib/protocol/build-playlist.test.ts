import { describe, expect, it } from "vitest";
import { parseMediaPlaylist } from "@/lib/video/segment-video";
import { buildStretchPlaylist } from "./build-playlist";
import { streamingCutTimes } from "./cut-times";

describe("stretch playlist", () => {
  it("lists only the given entries, VOD, with the init map", () => {
    const text = buildStretchPlaylist("/i?x=1", [
      { index: 4, durationSec: 2.5, uri: "/api/segments/s/4?exp=1&sig=a" },
      { index: 5, durationSec: 1, uri: "/api/segments/s/5?exp=1&sig=b" },
    ]);
    expect(text).toContain("#EXT-X-MEDIA-SEQUENCE:4");
    expect(text).toContain('#EXT-X-MAP:URI="/i?x=1"');
    expect(text).toContain("#EXT-X-TARGETDURATION:3");
    expect(text.trim().endsWith("#EXT-X-ENDLIST")).toBe(true);
    expect(parseMediaPlaylist(text)).toEqual([
      { duration: 2.5, uri: "/api/segments/s/4?exp=1&sig=a" },
      { duration: 1, uri: "/api/segments/s/5?exp=1&sig=b" },
    ]);
  });
});

describe("cut times", () => {
  const table = { timeBase: { num: 1, den: 30 }, pts: Array.from({ length: 300 }, (_, i) => i), endPts: 300 };
  it("cuts after each query frame, plus regular cuts away from them", () => {
    const cuts = streamingCutTimes(table as never, [59, 150, 299], 4);
    expect(cuts).toContain(2); // frame 60 starts at 2 s: the segment before ends with frame 59
    expect(cuts).toContain(151 / 30);
    expect(cuts).not.toContain(10); // last frame: no cut
    expect(cuts.filter((t) => Math.abs(t - 4) < 1e-9)).toHaveLength(1);
    expect(cuts.some((t) => Math.abs(t - 5) < 0.5 && Math.abs(t - 151 / 30) > 1e-9)).toBe(false);
    expect([...cuts].sort((a, b) => a - b)).toEqual(cuts);
  });
});
