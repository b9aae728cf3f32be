import "server-only";
import { PrismaClient as PostgresClient } from "@/lib/generated/prisma-postgres/client";
import { PrismaClient as SqliteClient } from "@/lib/generated/prisma-sqlite/client";
import { adapterFactory } from "./adapter-factory";
import { databaseTarget } from "./database-url";
import { directSql as directSqlOf, type DirectSql } from "./direct-sql";
import { trackConnection } from "./track-connection";

/**
 * Columns no query returns unless it asks for them explicitly (`omit: { passwordHash: false }`):
 * secrets and anything a participant must never receive by accident.
 */
const omit = {
  user: { passwordHash: true },
  invite: { tokenHash: true },
  apiToken: { tokenHash: true },
  baselineSession: { signingKey: true },
} as const;

export type Db = SqliteClient<never, typeof omit>;

/**
 * Interactive transactions wait up to `maxWait` for a connection of the pool (Prisma's default,
 * 2 s, turned a launch burst on PostgreSQL into 500s: "Unable to start a transaction in the given
 * time") and may run for `timeout`. A request that waits is a stall; one that fails is a broken
 * trial. PLAYHEAD_TX_MAX_WAIT_MS / PLAYHEAD_TX_TIMEOUT_MS override them.
 */
const transactionOptions = {
  maxWait: Number(process.env.PLAYHEAD_TX_MAX_WAIT_MS) || 15_000,
  timeout: Number(process.env.PLAYHEAD_TX_TIMEOUT_MS) || 20_000,
};

type Client = { db: Db; directSql: DirectSql };

function createClient(): Client {
  const target = databaseTarget();
  const tracked = trackConnection(adapterFactory(target, { backgroundCheckpoints: true }));
  const adapter = tracked.factory;
  // Both generated clients come from one source schema and expose the same API; the PostgreSQL
  // one is typed as the SQLite one.
  const client: Db =
    target.provider === "postgresql"
      ? (new PostgresClient({ adapter, omit, transactionOptions }) as unknown as Db)
      : new SqliteClient({ adapter, omit, transactionOptions });
  const connected = async () => {
    const current = tracked.current();
    if (current) return current;
    await client.$connect();
    const now = tracked.current();
    if (!now) throw new Error("The database client did not connect.");
    return now;
  };
  return { db: client, directSql: directSqlOf(target.provider, connected) };
}

/**
 * A second client of the same database with its own connections (the job queue's tests play
 * two instances with one each). The app uses {@link db}.
 */
export function createDbClient(): Db {
  return createClient().db;
}

/**
 * The process's client lives on globalThis, in production too: `next start` loads this module once
 * per bundle (the route handlers', the pages', instrumentation's job runner...), and a client per
 * bundle meant several connections in one process. On SQLite that stalled the whole process: the
 * one-connection serializer (serialize-sqlite-transactions.ts) orders statements of ONE client, so a
 * write on another client's connection while a transaction was open (between its awaits) waited
 * synchronously in better-sqlite3 for the file's lock, blocking the event loop that transaction
 * needed to finish, until the 10 s busy timeout failed it (SQLITE_BUSY; seen in an e2e run as a
 * 10 s stall and a job that "could not be settled"). On PostgreSQL it meant a pool per bundle.
 * e2e/server-one-connection.spec.ts checks it against the production server.
 */
const globalForDb = globalThis as unknown as { playheadClient?: Client };
const client = (globalForDb.playheadClient ??= createClient());

/** The one Prisma client of the process (kept across hot reloads in development, shared by every bundle in production). */
export const db: Db = client.db;

/**
 * Fixed statements of the streaming hot path sent through {@link db}'s own connection without its
 * request pipeline (lib/db/direct-sql.ts). Everything else uses {@link db}.
 */
export const directSql: DirectSql = client.directSql;
