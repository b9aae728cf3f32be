import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "./env";
import { checkConfigAtStartup } from "./startup-check";

const VARS = ["PLAYHEAD_STORAGE", "PLAYHEAD_S3_BUCKET", "PLAYHEAD_S3_REGION", "PLAYHEAD_S3_ACCESS_KEY_ID", "PLAYHEAD_S3_SECRET_ACCESS_KEY", "PLAYHEAD_S3_ENDPOINT"];
const saved = Object.fromEntries(VARS.map((v) => [v, process.env[v]]));

afterEach(() => {
  for (const v of VARS) {
    if (saved[v] === undefined) delete process.env[v];
    else process.env[v] = saved[v];
  }
  resetEnvCache();
  vi.restoreAllMocks();
});

describe("startup check of the storage configuration", () => {
  it("stops the server naming the missing S3 variables", () => {
    Object.assign(process.env, { PLAYHEAD_STORAGE: "s3", PLAYHEAD_S3_REGION: "us-east-1", PLAYHEAD_S3_ACCESS_KEY_ID: "k", PLAYHEAD_S3_SECRET_ACCESS_KEY: "s" });
    delete process.env.PLAYHEAD_S3_BUCKET;
    resetEnvCache();
    const exit = vi.spyOn(process, "exit").mockImplementation(((code: number) => {
      throw new Error(`exit ${code}`);
    }) as never);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(() => checkConfigAtStartup()).toThrow("exit 1");
    expect(exit).toHaveBeenCalledWith(1);
    expect(String(error.mock.calls[0][0])).toMatch(/PLAYHEAD_S3_BUCKET is required when PLAYHEAD_STORAGE=s3/);
  });

  it("starts with a complete S3 configuration and names the bucket, never the secret", () => {
    Object.assign(process.env, {
      PLAYHEAD_STORAGE: "s3",
      PLAYHEAD_S3_BUCKET: "playhead-media",
      PLAYHEAD_S3_REGION: "us-east-1",
      PLAYHEAD_S3_ACCESS_KEY_ID: "k",
      PLAYHEAD_S3_SECRET_ACCESS_KEY: "very-secret",
      PLAYHEAD_S3_ENDPOINT: "http://127.0.0.1:9000",
    });
    resetEnvCache();
    const exit = vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    checkConfigAtStartup();
    expect(exit).not.toHaveBeenCalled();
    expect(String(info.mock.calls[0][0])).toBe("[playhead] media storage: s3://playhead-media/ at http://127.0.0.1:9000 (docs/deploy.md)");
    expect(JSON.stringify(info.mock.calls)).not.toContain("very-secret");
  });
});
