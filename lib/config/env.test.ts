import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, DEV_AUTH_SECRET, parseConfig } from "./env";

describe("configuration", () => {
  it("has documented defaults outside production", () => {
    const config = parseConfig({ NODE_ENV: "development" });
    expect(config.authSecret).toBe(DEV_AUTH_SECRET);
    expect(config.usingDevSecret).toBe(true);
    expect(config.dataDir).toBe(path.resolve("data"));
    expect(config.maxUploadBytes).toBe(4 * 1024 ** 3);
    expect(config.signInMaxFailures).toBe(10);
    expect(config.signInWindowSeconds).toBe(60);
    expect(config.inviteTtlHours).toBe(168);
    expect(config.secureCookies).toBe(false);
  });

  it("requires NEXTAUTH_SECRET in production, naming the variable", () => {
    expect(() => parseConfig({ NODE_ENV: "production" })).toThrow(ConfigError);
    expect(() => parseConfig({ NODE_ENV: "production" })).toThrow(/NEXTAUTH_SECRET is required in production/);
    expect(parseConfig({ NODE_ENV: "production", NEXTAUTH_SECRET: "s".repeat(40) }).usingDevSecret).toBe(false);
    // `next build` loads modules without runtime secrets.
    expect(() => parseConfig({ NODE_ENV: "production", NEXT_PHASE: "phase-production-build" })).not.toThrow();
  });

  it("names every bad variable", () => {
    try {
      parseConfig({ PLAYHEAD_MAX_UPLOAD_BYTES: "4GB", NEXTAUTH_URL: "not a url", DATABASE_URL: "mysql://x" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toMatch(/PLAYHEAD_MAX_UPLOAD_BYTES must be a positive whole number, got "4GB"/);
      expect(message).toMatch(/NEXTAUTH_URL/);
      expect(message).toMatch(/DATABASE_URL must start with "file:"/);
    }
  });

  it("reads overrides", () => {
    const config = parseConfig({
      NEXTAUTH_URL: "https://playhead.example.org/",
      PLAYHEAD_DATA_DIR: "/srv/playhead",
      PLAYHEAD_MAX_UPLOAD_BYTES: "1048576",
      PLAYHEAD_SIGNIN_MAX_FAILURES: "5",
    });
    expect(config.publicUrl).toBe("https://playhead.example.org");
    expect(config.secureCookies).toBe(true);
    expect(config.dataDir).toBe("/srv/playhead");
    expect(config.maxUploadBytes).toBe(1048576);
    expect(config.signInMaxFailures).toBe(5);
    expect(() => parseConfig({ PLAYHEAD_SIGNIN_WINDOW_SECONDS: "0" })).toThrow(/PLAYHEAD_SIGNIN_WINDOW_SECONDS/);
  });
});
