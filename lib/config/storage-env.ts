import { ConfigError } from "./config-error";

/**
 * Where stored media lives (lib/storage; docs/deploy.md "Object storage"): the data directory
 * (default) or an S3-compatible bucket.
 *
 * | variable                        | default                        | meaning |
 * |---------------------------------|--------------------------------|---------|
 * | PLAYHEAD_STORAGE                | local                          | `local` (files under PLAYHEAD_DATA_DIR) or `s3`. |
 * | PLAYHEAD_S3_BUCKET              | (required with s3)             | bucket name (3-63 characters: a-z 0-9 . -). |
 * | PLAYHEAD_S3_REGION              | (required with s3)             | region, e.g. `eu-central-1` (any name for MinIO and the like, e.g. `us-east-1`). |
 * | PLAYHEAD_S3_ACCESS_KEY_ID       | (required with s3)             | access key. |
 * | PLAYHEAD_S3_SECRET_ACCESS_KEY   | (required with s3)             | its secret. |
 * | PLAYHEAD_S3_ENDPOINT            | AWS endpoint of the region     | http(s) URL of an S3-compatible server, e.g. `http://127.0.0.1:9000`. |
 * | PLAYHEAD_S3_FORCE_PATH_STYLE    | true with an endpoint, else false | `true`: `<endpoint>/<bucket>/<key>` addressing (MinIO, s3rver, Ceph); `false`: `<bucket>.<endpoint>`. |
 * | PLAYHEAD_S3_PREFIX              | (none)                         | key prefix inside the bucket, e.g. `playhead/` (several deployments in one bucket). |
 * | PLAYHEAD_S3_CACHE_MB            | 2048                           | local copies of stored videos kept for ffmpeg (frame images, scene cuts, segmenting), per process. |
 *
 * Parsed on its own (not only through `env()`), so storage code reads just these variables; env.ts
 * includes the same parse, so a bad value stops the server at start with a message naming it.
 */

export type S3StorageConfig = {
  driver: "s3";
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** "" or a prefix ending in "/". */
  prefix: string;
  cacheBytes: number;
};

export type StorageConfig = { driver: "local" } | S3StorageConfig;

export const STORAGE_VARIABLES = [
  "PLAYHEAD_STORAGE",
  "PLAYHEAD_S3_BUCKET",
  "PLAYHEAD_S3_REGION",
  "PLAYHEAD_S3_ACCESS_KEY_ID",
  "PLAYHEAD_S3_SECRET_ACCESS_KEY",
  "PLAYHEAD_S3_ENDPOINT",
  "PLAYHEAD_S3_FORCE_PATH_STYLE",
  "PLAYHEAD_S3_PREFIX",
  "PLAYHEAD_S3_CACHE_MB",
] as const;

type Problem = { variable: string; message: string };
type Source = Record<string, string | undefined>;

const DEFAULT_CACHE_MB = 2048;
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;

/** The storage configuration of `source`, or every problem found (each naming its variable). */
export function parseStorageConfig(source: Source): { config: StorageConfig; problems: [] } | { config: null; problems: Problem[] } {
  const text = (name: (typeof STORAGE_VARIABLES)[number]) => source[name]?.trim() || undefined;
  const driver = (text("PLAYHEAD_STORAGE") ?? "local").toLowerCase();
  if (driver === "local") return { config: { driver: "local" }, problems: [] };
  if (driver !== "s3") {
    return { config: null, problems: [{ variable: "PLAYHEAD_STORAGE", message: `must be "local" or "s3", got "${source.PLAYHEAD_STORAGE}"` }] };
  }
  const problems: Problem[] = [];
  const required = (name: (typeof STORAGE_VARIABLES)[number], what: string): string => {
    const value = text(name);
    if (!value) problems.push({ variable: name, message: `is required when PLAYHEAD_STORAGE=s3 (${what})` });
    return value ?? "";
  };
  const bucket = required("PLAYHEAD_S3_BUCKET", "the bucket holding the media");
  if (bucket && !BUCKET.test(bucket)) {
    problems.push({ variable: "PLAYHEAD_S3_BUCKET", message: `must be a bucket name (3-63 characters: a-z, 0-9, "." and "-"), got "${bucket}"` });
  }
  const region = required("PLAYHEAD_S3_REGION", 'e.g. "eu-central-1"; any name such as "us-east-1" for MinIO and the like');
  const accessKeyId = required("PLAYHEAD_S3_ACCESS_KEY_ID", "the access key");
  const secretAccessKey = required("PLAYHEAD_S3_SECRET_ACCESS_KEY", "the access key's secret");
  const endpoint = text("PLAYHEAD_S3_ENDPOINT");
  if (endpoint) {
    let ok = false;
    try {
      const url = new URL(endpoint);
      ok = (url.protocol === "http:" || url.protocol === "https:") && !url.search && !url.hash && !url.username;
    } catch {
      ok = false;
    }
    if (!ok) problems.push({ variable: "PLAYHEAD_S3_ENDPOINT", message: `must be an http(s) URL without credentials, e.g. http://127.0.0.1:9000, got "${endpoint}"` });
  }
  const pathStyle = text("PLAYHEAD_S3_FORCE_PATH_STYLE")?.toLowerCase();
  let forcePathStyle = endpoint !== undefined;
  if (pathStyle !== undefined) {
    if (pathStyle === "true" || pathStyle === "1") forcePathStyle = true;
    else if (pathStyle === "false" || pathStyle === "0") forcePathStyle = false;
    else problems.push({ variable: "PLAYHEAD_S3_FORCE_PATH_STYLE", message: `must be "true" or "false", got "${pathStyle}"` });
  }
  let prefix = text("PLAYHEAD_S3_PREFIX") ?? "";
  if (prefix) {
    prefix = prefix.replace(/\/+$/, "");
    if (!prefix.split("/").every((segment) => PREFIX_SEGMENT.test(segment))) {
      problems.push({ variable: "PLAYHEAD_S3_PREFIX", message: `must be path segments of letters, digits, ".", "_" and "-" separated by "/" (no "..", no leading "/"), got "${prefix}"` });
    }
    prefix = `${prefix}/`;
  }
  const cacheText = text("PLAYHEAD_S3_CACHE_MB");
  let cacheMb = DEFAULT_CACHE_MB;
  if (cacheText !== undefined) {
    if (!/^\d+$/.test(cacheText) || Number(cacheText) <= 0 || !Number.isSafeInteger(Number(cacheText))) {
      problems.push({ variable: "PLAYHEAD_S3_CACHE_MB", message: `must be a positive whole number of MiB, got "${cacheText}"` });
    } else cacheMb = Number(cacheText);
  }
  if (problems.length) return { config: null, problems };
  return {
    config: { driver: "s3", bucket, region, accessKeyId, secretAccessKey, endpoint, forcePathStyle, prefix, cacheBytes: cacheMb * 2 ** 20 },
    problems: [],
  };
}

let cached: { signature: string; config: StorageConfig } | undefined;

/**
 * The storage configuration of this process's environment. Parsed again only when one of the
 * variables changed (tests switch drivers), so it is cheap on every storage call. Throws
 * ConfigError naming each bad or missing variable.
 */
export function storageConfig(source: Source = process.env): StorageConfig {
  let signature = "";
  for (const name of STORAGE_VARIABLES) signature += `${source[name] ?? ""}\u0000`;
  if (cached?.signature === signature) return cached.config;
  const parsed = parseStorageConfig(source);
  if (!parsed.config) throw new ConfigError(parsed.problems);
  cached = { signature, config: parsed.config };
  return parsed.config;
}
