import "server-only";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { pgConfigFromUrl, type DatabaseTarget, type DbProvider } from "./database-url";

/** Server used to create scratch PostgreSQL databases (tests, migration generation and checks). */
export function pgAdminUrl(): string {
  return process.env.PG_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
}

export type ScratchPgDatabase = { name: string; url: string; drop: () => Promise<void> };

/**
 * Creates an empty PostgreSQL database `<prefix>_<random>` on {@link pgAdminUrl} and returns its
 * name, its URL and `drop()` (DROP DATABASE … WITH (FORCE): open connections do not keep it).
 * An unreachable server is an error naming the admin URL and PG_ADMIN_URL.
 */
export async function createScratchPgDatabase(prefix: string): Promise<ScratchPgDatabase> {
  const name = `${prefix}_${randomUUID().replace(/-/g, "")}`;
  const admin = new pg.Client(pgConfigFromUrl(pgAdminUrl()));
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`cannot reach the PostgreSQL server at ${pgAdminUrl()} (set PG_ADMIN_URL): ${(error as Error).message}`);
  }
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(pgAdminUrl());
  url.pathname = `/${name}`;
  const drop = async () => {
    const client = new pg.Client(pgConfigFromUrl(pgAdminUrl()));
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
  return { name, url: url.toString(), drop };
}

/** Creates an empty database, runs `fn` on it, then drops it (even when `fn` throws). */
export async function withScratchDatabase<T>(provider: DbProvider, fn: (target: DatabaseTarget) => Promise<T>): Promise<T> {
  if (provider === "sqlite") {
    const dir = mkdtempSync(path.join(os.tmpdir(), "playhead-scratch-"));
    try {
      return await fn({ provider, url: `file:${path.join(dir, "scratch.db")}` });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const scratch = await createScratchPgDatabase("playhead_scratch");
  try {
    return await fn({ provider, url: scratch.url });
  } finally {
    await scratch.drop();
  }
}
