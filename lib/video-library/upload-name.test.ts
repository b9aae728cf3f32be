import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseUploadName } from "./upload-name";

describe("parseUploadName", () => {
  it("keeps an ordinary name", () => {
    expect(parseUploadName("clip 01.mp4")).toEqual({ ok: true, name: "clip 01.mp4" });
  });

  it("decodes percent-encoding", () => {
    expect(parseUploadName(encodeURIComponent("vidéo été.mp4"))).toEqual({ ok: true, name: "vidéo été.mp4" });
  });

  it("takes a malformed escape literally", () => {
    expect(parseUploadName("100%.mp4")).toEqual({ ok: true, name: "100%.mp4" });
  });

  it("drops directory parts, both separators", () => {
    expect(parseUploadName("../../etc/passwd.mp4")).toEqual({ ok: true, name: "passwd.mp4" });
    expect(parseUploadName(encodeURIComponent("..\\..\\x.mp4"))).toEqual({ ok: true, name: "x.mp4" });
    expect(parseUploadName("C:\\clips\\a.mov")).toEqual({ ok: true, name: "a.mov" });
  });

  it("refuses names that are only a directory", () => {
    for (const raw of ["..", "../", "a/..", "/", "  "]) expect(parseUploadName(raw).ok).toBe(false);
  });

  it("refuses control characters, encoded or not", () => {
    expect(parseUploadName("a\tb.mp4").ok).toBe(false);
    expect(parseUploadName(encodeURIComponent("a\nb.mp4")).ok).toBe(false);
    expect(parseUploadName("a%00b.mp4").ok).toBe(false);
    expect(parseUploadName(encodeURIComponent("evil\u202Ep4m.exe")).ok).toBe(false);
  });

  it("refuses a missing header and an over-long name", () => {
    expect(parseUploadName(null).ok).toBe(false);
    expect(parseUploadName("x".repeat(300)).ok).toBe(false);
  });

  it("never returns a name holding a separator or a control character", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.boolean(), (s, encode) => {
        let raw = s;
        if (encode) {
          try {
            raw = encodeURIComponent(s);
          } catch {
            return; // lone surrogate: not encodable
          }
        }
        const r = parseUploadName(raw);
        if (r.ok) {
          expect(r.name).not.toMatch(/[\\/\u0000-\u001f]/);
          expect(r.name).not.toBe("..");
          expect(r.name.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });
});
