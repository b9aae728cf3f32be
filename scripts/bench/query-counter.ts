/**
 * Counts the database statements (SQLite) / round trips (PostgreSQL) each route makes, for
 * `npm run bench:baseline -- --mode in-process --count-queries`: wraps the driver adapters'
 * queryRaw / executeRaw / startTransaction (BEGIN) of every connection Prisma opens, and charges
 * each call to the route being dispatched (an AsyncLocalStorage label set by route-table.ts).
 * Install before the Prisma client is created. Benchmark tooling only.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";

type Tally = { requests: number; statements: number; writes: number; transactions: number };
export const routeLabel = new AsyncLocalStorage<string>();
const tallies = new Map<string, Tally>();

function tally(label: string): Tally {
  let t = tallies.get(label);
  if (!t) tallies.set(label, (t = { requests: 0, statements: 0, writes: 0, transactions: 0 }));
  return t;
}

/** Called by the route table once per request it dispatches. */
export function countRequest(label: string): void {
  tally(label).requests += 1;
}

function charge(sql: string, transaction = false): void {
  const label = routeLabel.getStore() ?? "(outside a request)";
  const t = tally(label);
  t.statements += 1;
  if (transaction) t.transactions += 1;
  else if (/^\s*(INSERT|UPDATE|DELETE|WITH[\s\S]*\b(INSERT|UPDATE|DELETE)\b)/i.test(sql)) t.writes += 1;
}

type Queryable = { queryRaw: (q: { sql: string }) => Promise<unknown>; executeRaw: (q: { sql: string }) => Promise<unknown> };
type Adapter = Queryable & { startTransaction: (...a: unknown[]) => Promise<Queryable> };

/** Per SQL text: calls and total time from call to result (BENCH_QUERY_TIMES=1). */
const bySql = new Map<string, { calls: number; ms: number }>();
const timed = process.env.BENCH_QUERY_TIMES === "1";

function time<R>(sql: string, run: () => Promise<R>): Promise<R> {
  if (!timed) return run();
  const t = performance.now();
  return run().finally(() => {
    const key = sql.replace(/\s+/g, " ").slice(0, 160);
    const e = bySql.get(key) ?? { calls: 0, ms: 0 };
    e.calls += 1;
    e.ms += performance.now() - t;
    bySql.set(key, e);
  });
}

function wrapQueryable<T extends Queryable>(q: T): T {
  const queryRaw = q.queryRaw.bind(q);
  const executeRaw = q.executeRaw.bind(q);
  q.queryRaw = (query) => (charge(query.sql), time(query.sql, () => queryRaw(query)));
  q.executeRaw = (query) => (charge(query.sql), time(query.sql, () => executeRaw(query)));
  return q;
}

/** The SQL texts that took the most time in total (BENCH_QUERY_TIMES=1). */
export function querySqlLines(top = 15): string[] {
  return [...bySql]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, top)
    .map(([sql, e]) => `${e.ms.toFixed(0).padStart(7)} ms ${String(e.calls).padStart(6)} calls ${(e.ms / e.calls).toFixed(3).padStart(8)} ms/call  ${sql}`);
}

function wrapAdapter(adapter: Adapter): Adapter {
  wrapQueryable(adapter);
  const start = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (...a: unknown[]) => {
    charge("BEGIN", true);
    return wrapQueryable(await start(...a));
  };
  return adapter;
}

let installed = false;

export function installQueryCounter(): void {
  if (installed) return;
  installed = true;
  for (const factory of [PrismaBetterSqlite3, PrismaPg] as unknown as Array<{ prototype: { connect: () => Promise<Adapter> } }>) {
    const connect = factory.prototype.connect;
    factory.prototype.connect = async function (this: unknown) {
      return wrapAdapter(await connect.call(this));
    };
  }
}

/** Per route: requests, and statements / writes / transactions per request. */
export function queryCountLines(): string[] {
  const lines: string[] = [];
  for (const [label, t] of [...tallies].sort((a, b) => b[1].requests - a[1].requests)) {
    if (!t.requests) continue;
    const per = (n: number) => (n / t.requests).toFixed(2);
    lines.push(`${label.padEnd(34)} ${String(t.requests).padStart(6)} requests  ${per(t.statements).padStart(6)} statements (${per(t.writes)} writes, ${per(t.transactions)} transactions) per request`);
  }
  return lines;
}
