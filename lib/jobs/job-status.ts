import "server-only";
import { db } from "@/lib/db/prisma";
import { JOB_ROW_SELECT, toJobDto, type JobDto } from "./job-dto";

/** The newest job with this deduplication key (what a feature shows: "detecting…", "failed: …"), or null. */
export async function latestJobFor(dedupeKey: string): Promise<JobDto | null> {
  const row = await db.backgroundJob.findFirst({ where: { dedupeKey }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: JOB_ROW_SELECT });
  return row ? toJobDto(row) : null;
}

/** The newest job of each of these keys (one query), by key. */
export async function latestJobsFor(dedupeKeys: string[]): Promise<Map<string, JobDto>> {
  const out = new Map<string, JobDto>();
  if (!dedupeKeys.length) return out;
  const rows = await db.backgroundJob.findMany({
    where: { dedupeKey: { in: dedupeKeys } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { ...JOB_ROW_SELECT, dedupeKey: true },
  });
  for (const { dedupeKey, ...row } of rows) if (dedupeKey && !out.has(dedupeKey)) out.set(dedupeKey, toJobDto(row));
  return out;
}

/** Jobs of a kind that are not done (queued, running) or failed since `since`, newest first. */
export async function openAndFailedJobs(kind: string, since: Date, take = 50): Promise<JobDto[]> {
  const rows = await db.backgroundJob.findMany({
    where: { kind, OR: [{ state: { in: ["QUEUED", "RUNNING"] } }, { state: "FAILED", finishedAt: { gte: since } }] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: JOB_ROW_SELECT,
  });
  return rows.map(toJobDto);
}
