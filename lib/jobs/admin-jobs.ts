import "server-only";
import { audit } from "@/lib/audit/audit";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { JOB_ROW_SELECT, toJobDto, type JobDto } from "./job-dto";
import { JOB_STATES, JOBS_PAGE_SIZE, type JobListQuery, type JobState } from "./schemas";
import { wakeRunners } from "./wake";

export type JobList = {
  jobs: JobDto[];
  total: number;
  page: number;
  pageCount: number;
  /** Jobs per state (all kinds), for the filter's counts. */
  counts: Record<JobState, number>;
  /** Kinds present in the table. */
  kinds: string[];
};

/** One page of jobs, newest first (queued and running ones by when they are due). */
export async function listJobs(query: JobListQuery): Promise<JobList> {
  const where = { ...(query.state !== "ALL" ? { state: query.state } : {}), ...(query.kind ? { kind: query.kind } : {}) };
  const [rows, total, grouped, kinds] = await Promise.all([
    db.backgroundJob.findMany({
      where,
      orderBy: query.state === "QUEUED" || query.state === "RUNNING" ? [{ runAt: "asc" }, { id: "asc" }] : [{ createdAt: "desc" }, { id: "desc" }],
      skip: (query.page - 1) * JOBS_PAGE_SIZE,
      take: JOBS_PAGE_SIZE,
      select: JOB_ROW_SELECT,
    }),
    db.backgroundJob.count({ where }),
    db.backgroundJob.groupBy({ by: ["state"], _count: { _all: true } }),
    db.backgroundJob.findMany({ distinct: ["kind"], select: { kind: true }, orderBy: { kind: "asc" } }),
  ]);
  const counts = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobState, number>;
  for (const g of grouped) counts[g.state as JobState] = g._count._all;
  return {
    jobs: rows.map(toJobDto),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / JOBS_PAGE_SIZE)),
    counts,
    kinds: kinds.map((k) => k.kind),
  };
}

export async function getJob(id: string): Promise<JobDto> {
  const row = await db.backgroundJob.findUnique({ where: { id }, select: JOB_ROW_SELECT });
  if (!row) throw new HttpError(404, "No such job.");
  return toJobDto(row);
}

type Actor = { user: { id: string }; ip?: string };

function isUniqueViolation(e: unknown): boolean {
  return (e as { code?: unknown } | null)?.code === "P2002";
}

/**
 * Queues a FAILED or CANCELLED job again, due now, with its attempts reset (its last error stays
 * until an attempt succeeds). 409 when it is not in such a state (the update is conditional, so
 * two admins clicking at once retry it once) or when another job for the same thing is pending.
 */
export async function retryJob(id: string, actor: Actor): Promise<JobDto> {
  const job = await db.backgroundJob.findUnique({ where: { id }, select: { state: true, dedupeKey: true, kind: true } });
  if (!job) throw new HttpError(404, "No such job.");
  let count: number;
  try {
    ({ count } = await db.backgroundJob.updateMany({
      where: { id, state: { in: ["FAILED", "CANCELLED"] } },
      data: { state: "QUEUED", attempts: 0, runAt: new Date(), finishedAt: null, lockedBy: null, lockedUntil: null, leaseToken: null, activeKey: job.dedupeKey },
    }));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const other = await db.backgroundJob.findUnique({ where: { activeKey: job.dedupeKey! }, select: { id: true, state: true } });
    throw new HttpError(409, `Another job for the same thing is already ${other?.state.toLowerCase() ?? "pending"}${other ? ` (${other.id})` : ""}.`, "duplicate_job", { jobId: other?.id ?? null });
  }
  if (count !== 1) throw new HttpError(409, `Only a failed or cancelled job can be retried; this one is ${job.state.toLowerCase()}.`, "job_state", { state: job.state });
  await audit({ actorId: actor.user.id, action: "job.retry", targetType: "BackgroundJob", targetId: id, ip: actor.ip, details: { kind: job.kind, from: job.state } });
  wakeRunners(job.kind);
  return getJob(id);
}

/** Cancels a QUEUED job (never one that runs, nor a recurring one). 409 otherwise. */
export async function cancelJob(id: string, actor: Actor): Promise<JobDto> {
  const job = await db.backgroundJob.findUnique({ where: { id }, select: { state: true, kind: true, everyMs: true } });
  if (!job) throw new HttpError(404, "No such job.");
  if (job.everyMs !== null) throw new HttpError(409, "A recurring job cannot be cancelled (it would be created again); see docs/deploy.md for its settings.", "job_recurring");
  const { count } = await db.backgroundJob.updateMany({
    where: { id, state: "QUEUED", everyMs: null },
    data: { state: "CANCELLED", finishedAt: new Date(), activeKey: null },
  });
  if (count !== 1) {
    const now = await db.backgroundJob.findUnique({ where: { id }, select: { state: true } });
    throw new HttpError(409, `Only a queued job can be cancelled; this one is ${(now?.state ?? job.state).toLowerCase()}.`, "job_state", { state: now?.state ?? job.state });
  }
  await audit({ actorId: actor.user.id, action: "job.cancel", targetType: "BackgroundJob", targetId: id, ip: actor.ip, details: { kind: job.kind } });
  return getJob(id);
}
