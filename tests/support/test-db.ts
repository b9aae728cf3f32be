/**
 * A fresh, migrated database for ONE integration test file (shared by every test in it).
 *
 *   TEST_DB=sqlite      (default) a temporary SQLite file, deleted afterwards
 *   TEST_DB=postgresql  a scratch database `playhead_test_<uuid>` on PG_ADMIN_URL
 *                       (default postgresql://postgres@127.0.0.1:5432/postgres), dropped afterwards
 *
 * Usage — import it FIRST, before anything that (directly or not) imports `@/lib/db/prisma`:
 *
 *   import { db, testDb } from "@/tests/support/test-db";      // line 1 of the test file
 *   import { describe, it, expect } from "vitest";
 *   import { POST } from "@/app/api/admin/users/route";         // safe: DATABASE_URL is set by now
 *
 * Importing this module (top-level await) creates the database, applies every migration of
 * prisma/migrations/<provider> with the same engine production uses (lib/db/migrate.ts), and sets
 *   DATABASE_URL        the scratch database,
 *   PLAYHEAD_DATA_DIR   a fresh temporary directory (videos, sidecars) — `testDb.dataDir`,
 *   NEXTAUTH_SECRET     "playhead-test-secret" unless already set,
 *   PLAYHEAD_STORAGE    and PLAYHEAD_S3_*: the media storage chosen by TEST_STORAGE (local, or s3
 *                       against an s3rver started for this file; tests/support/test-storage.ts),
 * before loading the Prisma client. Vitest runs a file's imports in order, so modules imported
 * after this one see the scratch database. If the Prisma client was already loaded (wrong
 * import order), this module throws, naming the fix. An `afterAll` hook disconnects and deletes
 * the database and the data directory.
 *
 * `resetDatabase()` empties every table (keeps the schema) for tests that need a clean slate.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { resetEnvCache } from "@/lib/config/env";
import type { DatabaseTarget, DbProvider } from "@/lib/db/database-url";
import { applyMigrations } from "@/lib/db/migrate";
import type { Db } from "@/lib/db/prisma";
import { createScratchPgDatabase } from "@/lib/db/scratch-database";
import { setUpTestStorage, type TestStorageDriver } from "./test-storage";

export type TestDatabase = {
  provider: DbProvider;
  /** The DATABASE_URL of the scratch database. */
  url: string;
  /** PLAYHEAD_DATA_DIR for this file (a fresh temporary directory). */
  dataDir: string;
  /** The app's Prisma client (`@/lib/db/prisma`), connected to the scratch database. */
  db: Db;
  /** The media storage driver (TEST_STORAGE, tests/support/test-storage.ts). */
  storage: TestStorageDriver;
};

function testProvider(): DbProvider {
  const value = (process.env.TEST_DB ?? "sqlite").trim().toLowerCase();
  if (value === "sqlite") return "sqlite";
  if (value === "postgresql" || value === "postgres" || value === "pg") return "postgresql";
  throw new Error(`TEST_DB must be "sqlite" or "postgresql", got "${process.env.TEST_DB}"`);
}

async function createPostgresDatabase(): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }> {
  const scratch = await createScratchPgDatabase("playhead_test").catch((error: Error) => {
    throw new Error(`TEST_DB=postgresql: ${error.message}`);
  });
  return { target: { provider: "postgresql", url: scratch.url }, drop: scratch.drop };
}

async function createTestDatabase(): Promise<TestDatabase> {
  if ((globalThis as { playheadClient?: unknown }).playheadClient) {
    throw new Error(
      "tests/support/test-db.ts was imported after @/lib/db/prisma had already been loaded, so the app's " +
        "client points at the wrong database. Make `import ... from \"@/tests/support/test-db\"` the first import of the test file.",
    );
  }
  const provider = testProvider();
  const tempDir = mkdtempSync(path.join(os.tmpdir(), "playhead-test-"));
  const dataDir = path.join(tempDir, "data");
  let target: DatabaseTarget;
  let drop = async () => {};
  if (provider === "sqlite") {
    target = { provider, url: `file:${path.join(tempDir, "test.db")}` };
  } else {
    ({ target, drop } = await createPostgresDatabase());
  }

  const cleanup = async (client?: Db) => {
    await client?.$disconnect().catch(() => {});
    await drop().catch((error) => console.warn(`[test-db] could not drop the scratch database: ${(error as Error).message}`));
    rmSync(tempDir, { recursive: true, force: true });
  };

  try {
    await applyMigrations(target);
  } catch (error) {
    await cleanup();
    throw error;
  }

  process.env.DATABASE_URL = target.url;
  process.env.PLAYHEAD_DATA_DIR = dataDir;
  process.env.NEXTAUTH_SECRET ||= "playhead-test-secret";
  const storage = await setUpTestStorage();
  resetEnvCache();

  const { db } = await import("@/lib/db/prisma");
  afterAll(() => cleanup(db));
  return { provider, url: target.url, dataDir, db, storage };
}

export const testDb: TestDatabase = await createTestDatabase();

/** The app's Prisma client, connected to this file's scratch database. */
export const db: Db = testDb.db;

/** Deletes every row of every table (schema and migration history stay). */
export async function resetDatabase(): Promise<void> {
  if (testDb.provider === "postgresql") {
    const rows = await db.$queryRawUnsafe<Array<{ tablename: string }>>(
      `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> '_prisma_migrations'`,
    );
    if (rows.length) await db.$executeRawUnsafe(`TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(", ")} CASCADE`);
    return;
  }
  const rows = await db.$queryRawUnsafe<Array<{ name: string }>>(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations'`,
  );
  await db.$executeRawUnsafe(`PRAGMA foreign_keys = OFF`);
  try {
    for (const { name } of rows) await db.$executeRawUnsafe(`DELETE FROM "${name}"`);
  } finally {
    await db.$executeRawUnsafe(`PRAGMA foreign_keys = ON`);
  }
}
