import "server-only";
import type { SqlDriverAdapter, SqlQuery, Transaction } from "@prisma/driver-adapter-utils";
import { forwarding } from "./forwarding";

/**
 * Keeps every statement out of another request's open transaction on the one SQLite connection.
 *
 * Prisma's better-sqlite3 adapter gives a process ONE connection. Its transactions (interactive
 * `$transaction(async tx => …)` and batch `$transaction([…])`) send `BEGIN`, then their
 * statements across several awaits, then `COMMIT`; the adapter makes transactions wait for each
 * other, but not plain statements. A statement of another request that ran meanwhile ran INSIDE
 * that transaction: its write was undone if the transaction rolled back (an answer or a save
 * acknowledged with 200, then silently gone), and its read saw the transaction's snapshot, not
 * what other processes (a second instance, `npm run worker`) had committed since: in a trial with
 * two server processes on one file, 13 of 100 participants were answered "No such session" for
 * the session another process had just created.
 *
 * Here a statement outside a transaction waits while one is open, in arrival order with the
 * transactions that wait too; with none open it runs at once (better-sqlite3 runs a statement
 * synchronously, so it can never interleave with another). Code inside a transaction must use
 * its `tx` (a call on the global client there would wait for its own transaction: the
 * transaction's timeout then fails it, loudly).
 */
export function serializeSqliteTransactions(adapter: SqlDriverAdapter): SqlDriverAdapter {
  let tail: Promise<void> = Promise.resolve();
  /** Holders and waiters of the lock: 0 = nothing open or queued, a statement may run at once. */
  let pending = 0;

  const acquire = (): Promise<() => void> => {
    pending += 1;
    const previous = tail;
    let release!: () => void;
    tail = new Promise<void>((resolve) => (release = resolve));
    let released = false;
    return previous.then(() => () => {
      if (released) return;
      released = true;
      pending -= 1;
      release();
    });
  };

  const outside = async <T>(run: () => Promise<T>): Promise<T> => {
    if (pending === 0) return run();
    const release = await acquire();
    try {
      return await run();
    } finally {
      release();
    }
  };

  const startTransaction = async (isolationLevel?: Parameters<SqlDriverAdapter["startTransaction"]>[0]): Promise<Transaction> => {
    const release = await acquire();
    let tx: Transaction;
    try {
      tx = await adapter.startTransaction(isolationLevel);
    } catch (error) {
      release();
      throw error;
    }
    const end = (method: "commit" | "rollback") => async () => {
      try {
        return await tx[method]();
      } finally {
        release();
      }
    };
    return forwarding(tx, { commit: end("commit"), rollback: end("rollback") });
  };

  // Made once, not on every property read (each statement reads queryRaw or executeRaw).
  const queryRaw = (query: SqlQuery) => outside(() => adapter.queryRaw(query));
  const executeRaw = (query: SqlQuery) => outside(() => adapter.executeRaw(query));
  return forwarding(adapter, { queryRaw, executeRaw, startTransaction });
}
