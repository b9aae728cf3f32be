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
  const name = `playhead_scratch_${randomUUID().replace(/-/g, "")}`;
  const admin = new pg.Client(pgConfigFromUrl(pgAdminUrl()));
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(pgAdminUrl());
    url.pathname = `/${name}`;
    try {
      return await fn({ provider, url: url.toString() });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}
