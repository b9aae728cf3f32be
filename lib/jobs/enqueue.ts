import "server-only";
import { db, type Db } from "@/lib/db/prisma";
import { debouncedRunAt } from "./lease";
import { DEFAULT_MAX_ATTEMPTS, jobKind } from "./registry";
import { wakeRunners } from "./wake";

export type DuplicatePolicy =
  /** Leave the queued job as it is (default). */
  | "keep"
  /** Run the queued job no later than this request asks. */
  | "sooner"
  /** Push the queued job back: it runs `debounceMs` after the latest request, at most `maxWaitMs` after it was queued. */
  | { debounceMs: number; maxWaitMs: number };

export type EnqueueOptions = {
  /** At most one pending job per key (see JobKind.dedupe for whether a running one counts). */
  dedupeKey?: string;
  /** For people: a file name, a run name. */
  label?: string;
  /** Not before this many ms from now (default 0). */
  delayMs?: number;
  maxAttempts?: number;
  /** What a request for a key already queued does to that job. */
  onDuplicate?: DuplicatePolicy;
  store?: Db;
};

export type EnqueuedJob = { id: string; created: boolean; state: string; runAt: Date };

const SELECT = { id: true, state: true, runAt: true, createdAt: true } as const;

function isUniqueViolation(e: unknown): boolean {
  return (e as { code?: unknown } | null)?.code === "P2002";
}

/**
 * Adds a job to the queue (a row: it survives a restart) and wakes this process's runner. With
 * a `dedupeKey`, a second request while a job with that key is pending returns that job instead
 * (the database's unique `activeKey` decides, so two instances racing get one job), moved
 * earlier or later by `onDuplicate`. The payload is validated when the kind is registered here.
 */
export async function enqueueJob(kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<EnqueuedJob> {
  const store = options.store ?? db;
  const definition = jobKind(kind);
  const data = definition ? definition.payload.parse(payload) : payload;
  const now = new Date();
  const runAt = new Date(now.getTime() + Math.max(0, options.delayMs ?? 0));
  for (let tries = 0; tries < 5; tries++) {
    // A key already pending is the common case of a debounced kind (every finished session of a
    // launch asks for its study's human row): look first, so that path costs no failed INSERT
    // (an exception through the ORM costs several times the statement). Two instances racing
    // past this look both INSERT: the unique activeKey lets one in, the other looks again.
    const existing = options.dedupeKey ? await store.backgroundJob.findUnique({ where: { activeKey: options.dedupeKey }, select: SELECT }) : null;
    if (existing) return onDuplicateOf(existing, kind, runAt, now, options.onDuplicate ?? "keep", store);
    try {
      const row = await store.backgroundJob.create({
        data: {
          kind,
          label: (options.label ?? "").slice(0, 300),
          payload: data as never,
          dedupeKey: options.dedupeKey ?? null,
          activeKey: options.dedupeKey ?? null,
          maxAttempts: options.maxAttempts ?? definition?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
          runAt,
        },
        select: SELECT,
      });
      wakeRunners(kind);
      return { id: row.id, created: true, state: row.state, runAt: row.runAt };
    } catch (error) {
      if (!options.dedupeKey || !isUniqueViolation(error)) throw error;
    }
  }
  throw new Error(`could not queue a ${kind} job for ${options.dedupeKey}: its key kept changing hands`);
}

/** A request for a key already pending: the pending job, moved earlier or later by `policy`. */
async function onDuplicateOf(
  existing: { id: string; state: string; runAt: Date; createdAt: Date },
  kind: string,
  runAt: Date,
  now: Date,
  policy: DuplicatePolicy,
  store: Db,
): Promise<EnqueuedJob> {
  if (existing.state === "QUEUED" && policy !== "keep") {
    const next = policy === "sooner" ? (runAt < existing.runAt ? runAt : existing.runAt) : debouncedRunAt(existing, now, policy.debounceMs, policy.maxWaitMs);
    if (next.getTime() !== existing.runAt.getTime()) {
      await store.backgroundJob.updateMany({ where: { id: existing.id, state: "QUEUED" }, data: { runAt: next } });
      if (next <= now) wakeRunners(kind);
      return { id: existing.id, created: false, state: existing.state, runAt: next };
    }
  }
  return { id: existing.id, created: false, state: existing.state, runAt: existing.runAt };
}

/** The recurring job of a kind (one row cycling QUEUED → RUNNING → QUEUED), created if missing. */
export async function ensureRecurringJob(kind: string, everyMs: number, store: Db = db): Promise<void> {
  const key = `recurring:${kind}`;
  try {
    await store.backgroundJob.create({
      data: { kind, label: `every ${Math.round(everyMs / 1000)} s`, payload: {}, dedupeKey: key, activeKey: key, everyMs, runAt: new Date(), maxAttempts: jobKind(kind)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS },
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}

/** Runs the recurring job of a kind now (it is queued for later): e.g. a sweep after a change. */
export async function runRecurringJobSoon(kind: string, store: Db = db): Promise<void> {
  const now = new Date();
  await store.backgroundJob.updateMany({ where: { activeKey: `recurring:${kind}`, state: "QUEUED", runAt: { gt: now } }, data: { runAt: now } });
  wakeRunners(kind);
}
