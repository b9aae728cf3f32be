import { describe, expect, it } from "vitest";
import { stretchSource } from "./stretch-source";

const playlist = '#EXTM3U\n#EXT-X-MAP:URI="/api/segments/s1/init?u=a&e=1&t=x"\n#EXTINF:2.000000,\n/api/segments/s1/3?u=a&e=2&t=y\n#EXT-X-ENDLIST\n';

describe("stretchSource", () => {
  it("gives the playlist an answer brought as a data: URL whose body decodes to the same text", () => {
    const src = stretchSource({ playlist, playlistUrl: "/api/sessions/s1/playlist.m3u8?v=3" });
    expect(src?.startsWith("data:application/x-mpegURL,")).toBe(true);
    expect(decodeURIComponent(src!.slice("data:application/x-mpegURL,".length))).toBe(playlist);
    // Nothing in the URL can end the data URL's media type or start a fragment.
    expect(src!.slice(src!.indexOf(",") + 1)).not.toMatch(/[#,;\n"]/);
  });

  it("falls back to the playlist route without an inline playlist", () => {
    expect(stretchSource({ playlist: null, playlistUrl: "/api/sessions/s1/playlist.m3u8?v=3" })).toBe("/api/sessions/s1/playlist.m3u8?v=3");
    expect(stretchSource({ playlist: null, playlistUrl: null })).toBeNull();
  });
});
