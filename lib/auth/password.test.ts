import { describe, expect, it } from "vitest";
import { hashPassword, MAX_PASSWORD_LENGTH, needsRehash, verifyAgainstDummy, verifyPassword } from "./password";

describe("password hashing (scrypt)", () => {
  it("encodes scrypt$N$r$p$salt$hash with N=2^15, r=8, p=1, a 16-byte salt and a 32-byte key", async () => {
    const encoded = await hashPassword("correct horse battery");
    const [scheme, n, r, p, salt, key] = encoded.split("$");
    expect(scheme).toBe("scrypt");
    expect([n, r, p]).toEqual(["32768", "8", "1"]);
    expect(Buffer.from(salt, "base64")).toHaveLength(16);
    expect(Buffer.from(key, "base64")).toHaveLength(32);
    expect(encoded).not.toContain("correct horse");
  });

  it("verifies the right password and refuses a wrong one", async () => {
    const encoded = await hashPassword("s3cret-Passw0rd");
    expect(await verifyPassword("s3cret-Passw0rd", encoded)).toBe(true);
    expect(await verifyPassword("s3cret-passw0rd", encoded)).toBe(false);
    expect(await verifyPassword("s3cret-Passw0rd ", encoded)).toBe(false);
    expect(await verifyPassword("", encoded)).toBe(false);
  });

  it("salts: the same password hashes differently each time, and both verify", async () => {
    const a = await hashPassword("same password");
    const b = await hashPassword("same password");
    expect(a).not.toBe(b);
    expect(await verifyPassword("same password", a)).toBe(true);
    expect(await verifyPassword("same password", b)).toBe(true);
  });

  it("treats Unicode compositions of the same text as the same password (NFC)", async () => {
    const encoded = await hashPassword("caf\u00e9-p\u00e4ss");
    expect(await verifyPassword("cafe\u0301-pa\u0308ss", encoded)).toBe(true);
  });

  it("verifies hashes made with other (bounded) parameters, and flags them for re-hashing", async () => {
    const { scryptSync, randomBytes } = await import("node:crypto");
    const salt = randomBytes(16);
    const key = scryptSync("old password", salt, 32, { N: 2 ** 14, r: 8, p: 1 });
    const old = `scrypt$16384$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
    expect(await verifyPassword("old password", old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword("x"))).toBe(false);
  });

  it("returns false (never throws) for missing, malformed or tampered hashes", async () => {
    const good = await hashPassword("pw-12345678");
    const parts = good.split("$");
    const cases = [
      null,
      undefined,
      "",
      "plain-text-password",
      "bcrypt$10$abc",
      parts.slice(0, 5).join("$"),
      ["scrypt", String(2 ** 24), ...parts.slice(2)].join("$"), // absurd N: refused, not computed
      ["scrypt", "1000", ...parts.slice(2)].join("$"), // not a power of two
      ["scrypt", ...parts.slice(1, 5), Buffer.from("short").toString("base64")].join("$"),
    ];
    for (const encoded of cases) expect(await verifyPassword("pw-12345678", encoded)).toBe(false);
  });

  it("bounds the password length", async () => {
    await expect(hashPassword("x".repeat(MAX_PASSWORD_LENGTH + 1))).rejects.toThrow(/at most/);
    await expect(hashPassword("")).rejects.toThrow(/non-empty/);
    expect(await verifyPassword("x".repeat(MAX_PASSWORD_LENGTH + 1), await hashPassword("x"))).toBe(false);
  });

  it("dummy verification always fails", async () => {
    expect(await verifyAgainstDummy("playhead-dummy-password")).toBe(false);
    expect(await verifyAgainstDummy("")).toBe(false);
  });
});
