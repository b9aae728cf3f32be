import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "./schemas";
import { hashSecretToken, looksLikeToken, newSecretToken, tokenDisplayPrefix } from "./secret-token";

describe("secret tokens", () => {
  it("are prefixed, random, url-safe and recognisable", () => {
    const a = newSecretToken("ph_");
    const b = newSecretToken("ph_");
    expect(a).not.toBe(b);
    expect(a).toMatch(/^ph_[A-Za-z0-9_-]{43}$/);
    expect(looksLikeToken(a, "ph_")).toBe(true);
    expect(looksLikeToken(a, "inv_")).toBe(false);
    expect(looksLikeToken("ph_short", "ph_")).toBe(false);
    expect(looksLikeToken(newSecretToken("inv_"), "inv_")).toBe(true);
  });

  it("hash to SHA-256 hex and show only a short prefix", () => {
    const token = newSecretToken("ph_");
    expect(hashSecretToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSecretToken(token)).toBe(hashSecretToken(token));
    expect(tokenDisplayPrefix(token)).toBe(token.slice(0, 10));
  });
});

describe("safeCallbackPath", () => {
  it("keeps same-site paths and refuses everything else", () => {
    expect(safeCallbackPath("/admin/users?x=1")).toBe("/admin/users?x=1");
    expect(safeCallbackPath(null)).toBe("/");
    expect(safeCallbackPath("https://evil.example/")).toBe("/");
    expect(safeCallbackPath("//evil.example/")).toBe("/");
    expect(safeCallbackPath("/\\evil.example")).toBe("/");
    expect(safeCallbackPath("/sign-in?callbackUrl=/x")).toBe("/");
  });
});
