import { describe, expect, it } from "vitest";
import { clientIp } from "./client-ip";

describe("clientIp", () => {
  it("takes the first X-Forwarded-For hop, then X-Real-IP, else empty", () => {
    expect(clientIp(new Headers({ "x-forwarded-for": "203.0.113.9, 10.0.0.1" }))).toBe("203.0.113.9");
    expect(clientIp(new Headers({ "x-real-ip": "198.51.100.4" }))).toBe("198.51.100.4");
    expect(clientIp(new Headers())).toBe("");
    expect(clientIp(null)).toBe("");
  });

  it("reads plain header records (next-auth) and normalises IPv4-mapped IPv6", () => {
    expect(clientIp({ "x-forwarded-for": "::ffff:10.1.2.3" })).toBe("10.1.2.3");
    expect(clientIp({ "x-forwarded-for": ["192.0.2.1", "x"] })).toBe("192.0.2.1");
    expect(clientIp({ "x-forwarded-for": "2001:db8::1" })).toBe("2001:db8::1");
  });

  it("bounds the stored length", () => {
    expect(clientIp({ "x-forwarded-for": "x".repeat(500) })).toHaveLength(100);
  });
});
