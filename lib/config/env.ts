import { z } from "zod";
import { ConfigError } from "./config-error";
import { resolveDataDir } from "./data-dir";
import { parseStorageConfig, type StorageConfig } from "./storage-env";

export { ConfigError };

/**
 * Playhead's configuration, read once from the environment and validated with zod.
 *
 * | variable                          | default                         | meaning |
 * |-----------------------------------|---------------------------------|---------|
 * | NEXTAUTH_SECRET                   | dev only: a fixed dev secret    | key that encrypts session cookies (JWT). REQUIRED when NODE_ENV=production. |
 * | NEXTAUTH_URL                      | (detected from the request)     | public base URL, e.g. https://playhead.example.org; an https URL switches to `__Secure-` cookies. |
 * | DATABASE_URL                      | file:<data dir>/playhead.db     | `file:` (SQLite) or `postgresql://` (with libpq's sslmode, host=/socket/dir; lib/db/database-url.ts). |
 * | PLAYHEAD_DATA_DIR                 | <cwd>/data                      | videos, sidecars, the default SQLite file. |
 * | PLAYHEAD_MAX_UPLOAD_BYTES         | 4294967296 (4 GiB)              | largest accepted upload. |
 * | PLAYHEAD_SESSION_MAX_AGE_SECONDS  | 604800 (7 days)                 | lifetime of a sign-in session. |
 * | PLAYHEAD_SIGNIN_MAX_FAILURES      | 10                              | failed sign-ins allowed per account and per address within the window; the next attempt gets 429. |
 * | PLAYHEAD_SIGNIN_WINDOW_SECONDS    | 60                              | throttle window. |
 * | PLAYHEAD_INVITE_TTL_HOURS         | 168 (7 days)                    | validity of an invitation link. |
 * | PLAYHEAD_STORAGE, PLAYHEAD_S3_*   | local                           | where media is stored: the data directory or an S3-compatible bucket (lib/config/storage-env.ts). |
 *
 * Values are read on first use (not at import) so `next build` can load modules without
 * production secrets; `instrumentation.ts` reads them at server start so a bad value stops the
 * server at once with a message naming the variable.
 */

/** Used only outside production when NEXTAUTH_SECRET is unset. Never valid in production. */
export const DEV_AUTH_SECRET = "playhead-development-secret-not-for-production";

const positiveInt = (fallback: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return fallback;
      if (!/^\d+$/.test(v) || !Number.isSafeInteger(Number(v)) || Number(v) <= 0) {
        ctx.addIssue({ code: "custom", message: `must be a positive whole number, got "${v}"` });
        return z.NEVER;
      }
      return Number(v);
    });

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).catch("development"),
    NEXTAUTH_SECRET: optionalText,
    NEXTAUTH_URL: optionalText.pipe(
      z
        .url({ protocol: /^https?$/, message: "must be an absolute http(s) URL, e.g. https://playhead.example.org" })
        .optional(),
    ),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^(file:|postgres(ql)?:\/\/)/, 'must start with "file:" (SQLite) or "postgresql://" (PostgreSQL)')
        .optional(),
    ),
    PLAYHEAD_DATA_DIR: optionalText,
    PLAYHEAD_MAX_UPLOAD_BYTES: positiveInt(4 * 1024 ** 3),
    PLAYHEAD_SESSION_MAX_AGE_SECONDS: positiveInt(7 * 24 * 3600),
    PLAYHEAD_SIGNIN_MAX_FAILURES: positiveInt(10),
    PLAYHEAD_SIGNIN_WINDOW_SECONDS: positiveInt(60),
    PLAYHEAD_INVITE_TTL_HOURS: positiveInt(7 * 24),
    NEXT_PHASE: optionalText,
  })
  .superRefine((v, ctx) => {
    const building = v.NEXT_PHASE === "phase-production-build";
    if (v.NODE_ENV === "production" && !v.NEXTAUTH_SECRET && !building) {
      ctx.addIssue({
        code: "custom",
        path: ["NEXTAUTH_SECRET"],
        message: "is required in production (a long random string, e.g. `openssl rand -base64 32`)",
      });
    }
  });

export type AppConfig = {
  nodeEnv: "development" | "production" | "test";
  authSecret: string;
  /** True when authSecret is the built-in development secret. */
  usingDevSecret: boolean;
  /** Public base URL without a trailing slash, when configured. */
  publicUrl: string | undefined;
  /** Session cookies carry the `__Secure-` prefix (public URL is https). */
  secureCookies: boolean;
  databaseUrl: string | undefined;
  dataDir: string;
  maxUploadBytes: number;
  sessionMaxAgeSeconds: number;
  signInMaxFailures: number;
  signInWindowSeconds: number;
  inviteTtlHours: number;
  /** Where media is stored (lib/storage). */
  storage: StorageConfig;
};

/** Parses a configuration from an environment-like record (pure; used by `env()` and tests). */
export function parseConfig(source: Record<string, string | undefined>): AppConfig {
  const result = schema.safeParse(source);
  const storage = parseStorageConfig(source);
  if (!result.success || !storage.config) {
    throw new ConfigError([
      ...(result.success ? [] : result.error.issues.map((issue) => ({ variable: String(issue.path[0] ?? "(environment)"), message: issue.message }))),
      ...storage.problems,
    ]);
  }
  const v = result.data;
  const authSecret = v.NEXTAUTH_SECRET ?? DEV_AUTH_SECRET;
  const publicUrl = v.NEXTAUTH_URL?.replace(/\/+$/, "");
  return {
    nodeEnv: v.NODE_ENV,
    authSecret,
    usingDevSecret: !v.NEXTAUTH_SECRET,
    publicUrl,
    secureCookies: publicUrl?.startsWith("https://") ?? false,
    databaseUrl: v.DATABASE_URL,
    dataDir: resolveDataDir(v.PLAYHEAD_DATA_DIR),
    maxUploadBytes: v.PLAYHEAD_MAX_UPLOAD_BYTES,
    sessionMaxAgeSeconds: v.PLAYHEAD_SESSION_MAX_AGE_SECONDS,
    signInMaxFailures: v.PLAYHEAD_SIGNIN_MAX_FAILURES,
    signInWindowSeconds: v.PLAYHEAD_SIGNIN_WINDOW_SECONDS,
    inviteTtlHours: v.PLAYHEAD_INVITE_TTL_HOURS,
    storage: storage.config,
  };
}

let cached: AppConfig | undefined;

/** The process's configuration (parsed on first call, then cached). Throws ConfigError. */
export function env(): AppConfig {
  cached ??= parseConfig(process.env);
  return cached;
}

/** Forgets the cached configuration (tests that change process.env). */
export function resetEnvCache(): void {
  cached = undefined;
}
