import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./env";
import { parseStorageConfig, storageConfig } from "./storage-env";

const S3 = {
  PLAYHEAD_STORAGE: "s3",
  PLAYHEAD_S3_BUCKET: "playhead-media",
  PLAYHEAD_S3_REGION: "eu-central-1",
  PLAYHEAD_S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
  PLAYHEAD_S3_SECRET_ACCESS_KEY: "secret-value-123",
};

describe("storage configuration", () => {
  it("is the local data directory by default (and with PLAYHEAD_STORAGE=local)", () => {
    expect(parseConfig({}).storage).toEqual({ driver: "local" });
    expect(parseConfig({ PLAYHEAD_STORAGE: "LOCAL", PLAYHEAD_S3_BUCKET: "ignored" }).storage).toEqual({ driver: "local" });
  });

  it("reads the S3 variables, with path-style addressing by default when an endpoint is set", () => {
    expect(parseConfig(S3).storage).toEqual({
      driver: "s3",
      bucket: "playhead-media",
      region: "eu-central-1",
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: "secret-value-123",
      endpoint: undefined,
      forcePathStyle: false,
      prefix: "",
      cacheBytes: 2048 * 2 ** 20,
    });
    const minio = parseStorageConfig({ ...S3, PLAYHEAD_S3_ENDPOINT: "http://127.0.0.1:9000", PLAYHEAD_S3_PREFIX: "lab/playhead/", PLAYHEAD_S3_CACHE_MB: "64" }).config;
    expect(minio).toMatchObject({ endpoint: "http://127.0.0.1:9000", forcePathStyle: true, prefix: "lab/playhead/", cacheBytes: 64 * 2 ** 20 });
    expect(parseStorageConfig({ ...S3, PLAYHEAD_S3_ENDPOINT: "https://s3.example.org", PLAYHEAD_S3_FORCE_PATH_STYLE: "false" }).config).toMatchObject({ forcePathStyle: false });
  });

  it("names every missing variable when PLAYHEAD_STORAGE=s3", () => {
    try {
      parseConfig({ PLAYHEAD_STORAGE: "s3", PLAYHEAD_S3_BUCKET: "playhead-media" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toMatch(/PLAYHEAD_S3_REGION is required when PLAYHEAD_STORAGE=s3/);
      expect(message).toMatch(/PLAYHEAD_S3_ACCESS_KEY_ID is required when PLAYHEAD_STORAGE=s3/);
      expect(message).toMatch(/PLAYHEAD_S3_SECRET_ACCESS_KEY is required when PLAYHEAD_STORAGE=s3/);
      expect(message).not.toMatch(/PLAYHEAD_S3_BUCKET/);
    }
  });

  it("names bad values, with the other configuration problems, and never prints the secret", () => {
    try {
      parseConfig({
        ...S3,
        PLAYHEAD_MAX_UPLOAD_BYTES: "lots",
        PLAYHEAD_S3_BUCKET: "Bad_Bucket",
        PLAYHEAD_S3_ENDPOINT: "ftp://minio:9000",
        PLAYHEAD_S3_FORCE_PATH_STYLE: "yes",
        PLAYHEAD_S3_PREFIX: "../up",
        PLAYHEAD_S3_CACHE_MB: "0",
      });
      expect.unreachable();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/PLAYHEAD_MAX_UPLOAD_BYTES must be a positive whole number/);
      expect(message).toMatch(/PLAYHEAD_S3_BUCKET must be a bucket name .* got "Bad_Bucket"/);
      expect(message).toMatch(/PLAYHEAD_S3_ENDPOINT must be an http\(s\) URL/);
      expect(message).toMatch(/PLAYHEAD_S3_FORCE_PATH_STYLE must be "true" or "false"/);
      expect(message).toMatch(/PLAYHEAD_S3_PREFIX must be path segments/);
      expect(message).toMatch(/PLAYHEAD_S3_CACHE_MB must be a positive whole number/);
      expect(message).not.toContain("secret-value-123");
    }
    expect(() => parseConfig({ PLAYHEAD_STORAGE: "gcs" })).toThrow(/PLAYHEAD_STORAGE must be "local" or "s3", got "gcs"/);
  });

  it("storageConfig() follows the environment and keeps one object while it does not change", () => {
    const env: Record<string, string | undefined> = { ...S3 };
    const a = storageConfig(env);
    expect(storageConfig({ ...env })).toBe(a);
    env.PLAYHEAD_STORAGE = "local";
    expect(storageConfig(env)).toEqual({ driver: "local" });
    expect(() => storageConfig({ PLAYHEAD_STORAGE: "s3" })).toThrow(/PLAYHEAD_S3_BUCKET is required/);
  });
});
