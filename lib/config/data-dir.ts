import path from "node:path";

/**
 * THE data directory (SQLite file, local scratch `tmp/`, and the stored media with the local
 * storage driver): PLAYHEAD_DATA_DIR, else `<cwd>/data` (Next and the scripts run from the repo
 * root). The one definition used by lib/config/env.ts, lib/db/database-url.ts and lib/storage
 * (the local driver's root, lib/storage/scratch.ts).
 *
 * Read from the environment on every call (not cached like `env()`), so scripts and tests that
 * set PLAYHEAD_DATA_DIR before use see it, and so database and storage code need not validate
 * the whole configuration. The `turbopackIgnore` comments keep `next build` from treating the
 * runtime-chosen directory as a file dependency (it would otherwise trace the whole project
 * into the server output).
 */
export function resolveDataDir(value: string | undefined, cwd: string = process.cwd()): string {
  const configured = value?.trim();
  return configured
    ? path.resolve(/*turbopackIgnore: true*/ cwd, configured)
    : path.join(/*turbopackIgnore: true*/ cwd, "data");
}

export function dataDir(): string {
  return resolveDataDir(process.env.PLAYHEAD_DATA_DIR);
}
