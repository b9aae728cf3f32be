import { describe, expect, it } from "vitest";
import { parseResourceParam, segmentSignature, signedResourcePath, verifySegmentSignature } from "./sign-segment-url";

const key = "k".repeat(43);
const base = { sessionId: "sess1", userId: "user1", resource: 3 as const };
const now = 1_800_000_000;

function parts(path: string) {
  const url = new URL(path, "http://x");
  return { exp: url.searchParams.get("exp"), sig: url.searchParams.get("sig"), path: url.pathname };
}

describe("signed segment URLs", () => {
  it("signs indices only into the path and verifies", () => {
    const p = parts(signedResourcePath(key, { ...base, exp: now + 60 }));
    expect(p.path).toBe("/api/segments/sess1/3");
    expect(verifySegmentSignature(key, base, p.exp, p.sig, now)).toBe("ok");
  });

  it("init and media resources", () => {
    expect(parts(signedResourcePath(key, { ...base, resource: "init", exp: now })).path).toBe("/api/segments/sess1/init");
    expect(parts(signedResourcePath(key, { ...base, resource: "media", exp: now })).path).toBe("/api/sessions/sess1/media");
  });

  it("refuses tampering: other index, session, user, key, expiry, signature", () => {
    const { exp, sig } = parts(signedResourcePath(key, { ...base, exp: now + 60 }));
    expect(verifySegmentSignature(key, { ...base, resource: 4 }, exp, sig, now)).toBe("bad_signature");
    expect(verifySegmentSignature(key, { ...base, resource: "init" }, exp, sig, now)).toBe("bad_signature");
    expect(verifySegmentSignature(key, { ...base, sessionId: "sess2" }, exp, sig, now)).toBe("bad_signature");
    expect(verifySegmentSignature(key, { ...base, userId: "user2" }, exp, sig, now)).toBe("bad_signature");
    expect(verifySegmentSignature("other-key", base, exp, sig, now)).toBe("bad_signature");
    expect(verifySegmentSignature(key, base, String(now + 6000), sig, now)).toBe("bad_signature");
    const flipped = (sig![0] === "A" ? "B" : "A") + sig!.slice(1);
    expect(verifySegmentSignature(key, base, exp, flipped, now)).toBe("bad_signature");
  });

  it("expires", () => {
    const { exp, sig } = parts(signedResourcePath(key, { ...base, exp: now - 1 }));
    expect(verifySegmentSignature(key, base, exp, sig, now)).toBe("expired");
    const edge = parts(signedResourcePath(key, { ...base, exp: now }));
    expect(verifySegmentSignature(key, base, edge.exp, edge.sig, now)).toBe("ok");
  });

  it("malformed parameters", () => {
    const sig = segmentSignature(key, { ...base, exp: now });
    expect(verifySegmentSignature(key, base, null, sig, now)).toBe("malformed");
    expect(verifySegmentSignature(key, base, String(now), null, now)).toBe("malformed");
    expect(verifySegmentSignature(key, base, "12e9", sig, now)).toBe("malformed");
    expect(verifySegmentSignature(key, base, String(now), sig.slice(1), now)).toBe("malformed");
    expect(verifySegmentSignature(key, base, String(now), `${sig.slice(0, 42)}=`, now)).toBe("malformed");
  });

  it("parses index parameters strictly", () => {
    expect(parseResourceParam("0")).toBe(0);
    expect(parseResourceParam("12")).toBe(12);
    expect(parseResourceParam("init")).toBe("init");
    for (const bad of ["", "-1", "01", "1.0", "media", "seg-00001.m4s", "../x", "1e3", "12345678"]) expect(parseResourceParam(bad)).toBeNull();
  });
});
