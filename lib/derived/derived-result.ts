import "server-only";
import { db } from "@/lib/db/prisma";
import { decodeDerived, encodeDerived } from "./derived-json";

/**
 * Results computed once per change of their inputs, kept in the database (DerivedResult) so
 * every instance reads what one computed: the agreement dashboard's and the leaderboard's
 * bootstrap intervals (1,000 resamples) instead of on every page load and download.
 *
 * A row is `key` (what, for what, with which options) → `inputHash` + value. A read passes the
 * hash of the inputs it has now: a row with that hash is returned as stored; otherwise the value
 * is computed, returned and written over the row. Nothing has to be told about changes: a new
 * judgement, a rescoring, a new annotation change the inputs, hence the hash, and the next read
 * recomputes. Two instances that miss together both compute (the same value: computations are
 * deterministic) and the last write stays; within one process, concurrent reads of the same key
 * and hash share one computation.
 */

export type DerivedRequest<T> = {
  key: string;
  kind: string;
  inputHash: string;
  compute: () => T | Promise<T>;
};

export type DerivedOutcome<T> = { value: T; cached: boolean; computeMs: number; computedAt: Date };

const g = globalThis as unknown as { playheadDerivedInFlight?: Map<string, Promise<DerivedOutcome<unknown>>> };
const inFlight = () => (g.playheadDerivedInFlight ??= new Map());

/** The derived result for `key` computed from inputs hashing to `inputHash` (stored, or computed now and stored). */
export async function derivedResult<T>(request: DerivedRequest<T>): Promise<DerivedOutcome<T>> {
  const [outcome] = await derivedResults([request]);
  return outcome;
}

/** Several derived results in one read of the table; the missing ones computed one after another and stored. */
export async function derivedResults<T>(requests: readonly DerivedRequest<T>[]): Promise<DerivedOutcome<T>[]> {
  if (requests.length === 0) return [];
  const rows = await db.derivedResult.findMany({
    where: { key: { in: [...new Set(requests.map((r) => r.key))] } },
    select: { key: true, inputHash: true, value: true, computeMs: true, computedAt: true },
  });
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const out: DerivedOutcome<T>[] = [];
  for (const request of requests) {
    const row = byKey.get(request.key);
    if (row && row.inputHash === request.inputHash) {
      out.push({ value: decodeDerived<T>(row.value), cached: true, computeMs: row.computeMs, computedAt: row.computedAt });
      continue;
    }
    out.push(await computeOnce(request));
  }
  return out;
}

function computeOnce<T>(request: DerivedRequest<T>): Promise<DerivedOutcome<T>> {
  const flightKey = `${request.key}\u0000${request.inputHash}`;
  const running = inFlight().get(flightKey) as Promise<DerivedOutcome<T>> | undefined;
  if (running) return running;
  const promise = (async () => {
    const started = performance.now();
    const value = await request.compute();
    const computeMs = Math.round(performance.now() - started);
    const computedAt = new Date();
    await store(request, encodeDerived(value), computeMs, computedAt);
    return { value, cached: false, computeMs, computedAt };
  })();
  inFlight().set(flightKey, promise);
  const forget = () => inFlight().delete(flightKey);
  promise.then(forget, forget);
  return promise;
}

async function store(request: DerivedRequest<unknown>, value: string, computeMs: number, computedAt: Date): Promise<void> {
  const data = { kind: request.kind, inputHash: request.inputHash, value, computeMs, computedAt };
  try {
    await db.derivedResult.upsert({ where: { key: request.key }, create: { key: request.key, ...data }, update: data });
  } catch (error) {
    // Another instance inserted the row between our look-up and insert: its value is as good.
    if ((error as { code?: string } | null)?.code !== "P2002") throw error;
  }
}

/**
 * The keys of `requests` that a `derivedResults` call would compute now (no row, or a row from
 * other inputs): for callers that compute several missing results more cheaply together.
 */
export async function missingDerivedKeys(requests: readonly Pick<DerivedRequest<unknown>, "key" | "inputHash">[]): Promise<Set<string>> {
  if (requests.length === 0) return new Set();
  const rows = await db.derivedResult.findMany({ where: { key: { in: [...new Set(requests.map((r) => r.key))] } }, select: { key: true, inputHash: true } });
  const stored = new Map(rows.map((r) => [r.key, r.inputHash]));
  return new Set(requests.filter((r) => stored.get(r.key) !== r.inputHash).map((r) => r.key));
}

/** Deletes stored results (all, of one kind, or whose key starts with a prefix): they are computed again when next read. */
export async function forgetDerivedResults(filter: { kind?: string; keyPrefix?: string } = {}): Promise<number> {
  const { count } = await db.derivedResult.deleteMany({
    where: { ...(filter.kind ? { kind: filter.kind } : {}), ...(filter.keyPrefix ? { key: { startsWith: filter.keyPrefix } } : {}) },
  });
  return count;
}
