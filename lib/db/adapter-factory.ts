import "server-only";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { pgConfigFromUrl, type DatabaseTarget } from "./database-url";

/**
 * SQLite settings for many small concurrent writes (every segment served is logged): write-ahead
 * log (readers never wait for the writer; the setting is stored in the file), synchronous=NORMAL
 * (no fsync per commit, only at checkpoints; with WAL a crash loses at most the last commits,
 * never consistency) and a busy timeout instead of an immediate SQLITE_BUSY.
 */
export const SQLITE_PRAGMAS = "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 10000;";

/** Applies {@link SQLITE_PRAGMAS} to every connection the better-sqlite3 factory opens. */
class TunedSqliteFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = "sqlite" as const;
  readonly adapterName: string;
  constructor(private readonly inner: PrismaBetterSqlite3) {
    this.adapterName = inner.adapterName;
  }
  async connect(): Promise<SqlDriverAdapter> {
    const adapter = await this.inner.connect();
    await adapter.executeScript(SQLITE_PRAGMAS);
    return adapter;
  }
  connectToShadowDb(): Promise<SqlDriverAdapter> {
    return this.inner.connectToShadowDb();
  }
}

/** The Prisma driver-adapter factory for a database target. Creates the SQLite file's directory. */
export function adapterFactory(target: DatabaseTarget) {
  if (target.provider === "sqlite") {
    const file = target.url.slice("file:".length);
    mkdirSync(path.dirname(file), { recursive: true });
    return new TunedSqliteFactory(new PrismaBetterSqlite3({ url: target.url, timeout: 10_000 }));
  }
  return new PrismaPg({ ...pgConfigFromUrl(target.url), max: Number(process.env.PLAYHEAD_PG_POOL ?? 10) });
}
