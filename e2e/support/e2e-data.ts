/**
 * Where this Playwright run's seeded server keeps its database and files (scripts/e2e-prepare.sh
 * seeds data/e2e). When the suite runs as shards side by side (scripts/e2e-run.sh, E2E_SHARDS), each shard
 * has its own copy and server, named by E2E_DATA_DIR and E2E_PORT.
 */
export const e2eDataDir = process.env.E2E_DATA_DIR ?? "data/e2e";

/** The environment for a helper script that writes to the e2e server's database and data directory. */
export function e2eDatabaseEnv(): NodeJS.ProcessEnv {
  return { ...process.env, DATABASE_URL: `file:${e2eDataDir}/playhead.db`, PLAYHEAD_DATA_DIR: e2eDataDir };
}
