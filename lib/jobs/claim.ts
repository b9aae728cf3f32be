import "server-only";
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/prisma";
import { onExpiredLease } from "./lease";
import { jobKind } from "./registry";

/**
 * Claiming a job: ONE conditional update (the claim-and-lease rule rescoring used on its runs,
 * lib/runs/rescore-stale.ts `claimRun`, now for every kind). A QUEUED job that is due, or a
 * RUNNING one whose lease expired (its instance died or hung), becomes RUNNING with this
 * instance's id, a new random lease token and a lease end, attempts + 1 — `WHERE id AND state
 * (AND the old token)` still hold the values read, so of several instances that read the same
 * candidate exactly one sees count = 1. Every later write of the claim's outcome is conditional
 * on the token (lib/jobs/settle.ts): an instance whose lease was taken over writes nothing.
 */
export type Candidate = {
  id: string;
  kind: string;
  state: string;
  attempts: number;
  maxAttempts: number;
  everyMs: number | null;
  leaseToken: string | null;
  lockedBy: string | null;
  lockedUntil: Date | null;
  runAt: Date;
};

export type ClaimedJob = Candidate & {
  label: string;
  payload: unknown;
  dedupeKey: string | null;
  leaseToken: string;
};

export const CANDIDATE_SELECT = {
  id: true,
  kind: true,
  state: true,
  attempts: true,
  maxAttempts: true,
  everyMs: true,
  leaseToken: true,
  lockedBy: true,
  lockedUntil: true,
  runAt: true,
} as const;

/** Due jobs of the given kinds (oldest due first), queued or with an expired lease. */
export async function dueCandidates(store: Db, kinds: string[], now: Date, take: number): Promise<Candidate[]> {
  if (!kinds.length) return [];
  return store.backgroundJob.findMany({
    where: { kind: { in: kinds }, OR: [{ state: "QUEUED", runAt: { lte: now } }, { state: "RUNNING", lockedUntil: { lt: now } }] },
    orderBy: [{ runAt: "asc" }, { createdAt: "asc" }],
    take,
    select: CANDIDATE_SELECT,
  });
}

export type ClaimOptions = {
  instanceId: string;
  leaseMs: number;
  now: Date;
  /** Claim a queued job before its runAt (a person asked for it now). */
  anyTime?: boolean;
};

/**
 * Claims the candidate; the claimed job, or null when another instance got it (or it changed).
 * An expired candidate with no attempts left is failed instead ("failed").
 */
export async function claimCandidate(store: Db, c: Candidate, options: ClaimOptions): Promise<ClaimedJob | "failed" | null> {
  const { now } = options;
  const expired = c.state === "RUNNING";
  if (expired && onExpiredLease(c) === "fail") {
    const error = `the worker ${c.lockedBy ?? "?"} stopped during attempt ${c.attempts} of ${c.maxAttempts} (its lease expired); no attempts left`;
    const { count } = await store.backgroundJob.updateMany({
      where: { id: c.id, state: "RUNNING", leaseToken: c.leaseToken, lockedUntil: { lt: now } },
      data: { state: "FAILED", finishedAt: now, lastError: error, activeKey: null, leaseToken: null, lockedUntil: null },
    });
    if (count !== 1) return null;
    const row = await store.backgroundJob.findUnique({ where: { id: c.id }, select: { payload: true } });
    await jobKind(c.kind)
      ?.onFailed?.({ jobId: c.id, payload: row?.payload as never, error })
      .catch((e: unknown) => console.error(`[playhead] job ${c.id} (${c.kind}): onFailed`, e));
    return "failed";
  }
  const token = randomUUID();
  const where = expired
    ? { id: c.id, state: "RUNNING" as const, leaseToken: c.leaseToken, lockedUntil: { lt: now } }
    : { id: c.id, state: "QUEUED" as const, ...(options.anyTime ? {} : { runAt: { lte: now } }) };
  const keepKey = jobKind(c.kind)?.dedupe === "active" || c.everyMs !== null;
  const { count } = await store.backgroundJob.updateMany({
    where,
    data: {
      state: "RUNNING",
      lockedBy: options.instanceId,
      leaseToken: token,
      lockedUntil: new Date(now.getTime() + options.leaseMs),
      attempts: { increment: 1 },
      startedAt: now,
      ...(keepKey ? {} : { activeKey: null }),
    },
  });
  if (count !== 1) return null;
  const row = await store.backgroundJob.findFirst({
    where: { id: c.id, leaseToken: token },
    select: { ...CANDIDATE_SELECT, label: true, payload: true, dedupeKey: true },
  });
  if (!row) return null;
  return { ...row, leaseToken: token };
}
