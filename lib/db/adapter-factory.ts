import "server-only";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { pgConfigFromUrl, type DatabaseTarget } from "./database-url";
import { preparedStatementName } from "./direct-sql";
import { serializeSqliteTransactions } from "./serialize-sqlite-transactions";
import { SAFETY_NET_PAGES, startSqliteCheckpointer } from "./sqlite-checkpointer";

/**
 * SQLite settings for many small concurrent writes (every segment served is logged): write-ahead
 * log (readers never wait for the writer; the setting is stored in the file), synchronous=NORMAL
 * (no fsync per commit, only at checkpoints; with WAL a crash loses at most the last commits,
 * never consistency) and a busy timeout instead of an immediate SQLITE_BUSY.
 */
export const SQLITE_PRAGMAS = "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 10000;";

type Statement = {
  reader: boolean;
  run: (...args: unknown[]) => unknown;
  all: (...args: unknown[]) => unknown[];
  columns: () => unknown[];
  raw: (on?: boolean) => Statement;
};
type SqliteHandle = { prepare: (sql: string) => Statement };

/** Largest number of distinct SQL texts kept prepared per connection (LRU). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Statement cache for the better-sqlite3 adapter, which prepares every query afresh (a third of
 * its CPU on the streaming hot path). Its only uses are `prepare(sql).bind(args)` followed by one
 * synchronous run() / columns() + raw().all(), and `prepare(sql).run()`; better-sqlite3 allows
 * bind() once per statement, so the cached statement is handed out behind a facade that passes the
 * arguments to each call instead. Safe because every use completes synchronously (no iterator
 * stays open on a shared statement).
 */
function cacheStatements(handle: SqliteHandle): void {
  const prepare = handle.prepare.bind(handle);
  const cache = new Map<string, Statement>();
  const statement = (sql: string): Statement => {
    let stmt = cache.get(sql);
    if (stmt) {
      cache.delete(sql);
    } else {
      stmt = prepare(sql);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    }
    cache.set(sql, stmt);
    return stmt;
  };
  handle.prepare = (sql: string) => {
    const stmt = statement(sql);
    const bound = (args: unknown[]) => ({
      reader: stmt.reader,
      run: () => stmt.run(...args),
      columns: () => stmt.columns(),
      raw: () => ({ all: () => stmt.raw(true).all(...args) }),
    });
    return { ...bound([]), bind: (args: unknown[]) => bound(args) } as unknown as Statement;
  };
}

/**
 * Transactions take SQLite's write lock when they begin (`BEGIN IMMEDIATE` for the adapter's
 * deferred `BEGIN`). A deferred transaction that read first cannot write once another process (a
 * second instance, `npm run worker`) has committed since its read: SQLite refuses the upgrade
 * (SQLITE_BUSY_SNAPSHOT, which no waiting cures) and Prisma reports "Operation has timed out".
 * Holding the lock from the start makes the other process wait instead (busy_timeout). Within one
 * process transactions run one at a time anyway (serialize-sqlite-transactions.ts).
 */
function beginImmediate(handle: SqliteHandle): void {
  const prepare = handle.prepare.bind(handle);
  handle.prepare = (sql: string) => prepare(sql === "BEGIN" ? "BEGIN IMMEDIATE" : sql);
}

/**
 * Applies {@link SQLITE_PRAGMAS} to every connection the better-sqlite3 factory opens, moves WAL
 * checkpoints to a worker thread (sqlite-checkpointer.ts; the connection's own automatic
 * checkpoint stays only as a safety net), caches its prepared statements, begins transactions
 * IMMEDIATE, and keeps other statements out of an open transaction (serialize-sqlite-transactions.ts).
 */
class TunedSqliteFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = "sqlite" as const;
  readonly adapterName: string;
  constructor(
    private readonly inner: PrismaBetterSqlite3,
    private readonly file: string,
    private readonly backgroundCheckpoints: boolean,
  ) {
    this.adapterName = inner.adapterName;
  }
  async connect(): Promise<SqlDriverAdapter> {
    const adapter = await this.inner.connect();
    await adapter.executeScript(SQLITE_PRAGMAS);
    if (this.backgroundCheckpoints && this.file !== ":memory:" && startSqliteCheckpointer(this.file)) await adapter.executeScript(`PRAGMA wal_autocheckpoint = ${SAFETY_NET_PAGES};`);
    const handle = (adapter as unknown as { client?: SqliteHandle }).client;
    if (handle && typeof handle.prepare === "function") {
      cacheStatements(handle);
      beginImmediate(handle);
    }
    return serializeSqliteTransactions(adapter);
  }
  connectToShadowDb(): Promise<SqlDriverAdapter> {
    return this.inner.connectToShadowDb();
  }
}

/**
 * The Prisma driver-adapter factory for a database target. Creates the SQLite file's directory.
 * `backgroundCheckpoints`: SQLite's WAL checkpoints on a worker thread (the app's client, which
 * serves requests); the schema engine's migration connections keep SQLite's own.
 */
export function adapterFactory(target: DatabaseTarget, options: { backgroundCheckpoints?: boolean } = {}) {
  if (target.provider === "sqlite") {
    const file = target.url.slice("file:".length);
    mkdirSync(path.dirname(file), { recursive: true });
    return new TunedSqliteFactory(new PrismaBetterSqlite3({ url: target.url, timeout: 10_000 }), file, options.backgroundCheckpoints ?? false);
  }
  // Connections per process (PLAYHEAD_PG_POOL, default 20): a segment's served-once claim holds
  // one for a short transaction, so a burst needs more than the driver's 10. Instances × pool must
  // stay below the server's max_connections (100 by default) minus what backups and psql need.
  // Direct statements (lib/db/direct-sql.ts) are prepared once per connection under a name
  // (PLAYHEAD_PG_PREPARE=0 turns it off, e.g. behind PgBouncer in transaction mode before 1.21).
  const prepare = process.env.PLAYHEAD_PG_PREPARE?.trim() !== "0";
  return new PrismaPg(
    { ...pgConfigFromUrl(target.url), max: Number(process.env.PLAYHEAD_PG_POOL) || 20 },
    prepare ? { statementNameGenerator: (query) => preparedStatementName(query.sql) as string } : undefined,
  );
}
