/**
 * The JSON shape of a background job for admins and the video pages (PURE: the type is shared
 * with client components).
 */
export type JobDto = {
  id: string;
  kind: string;
  label: string;
  state: "QUEUED" | "RUNNING" | "SUCCEEDED" | "FAILED" | "CANCELLED";
  attempts: number;
  maxAttempts: number;
  /** Recurring interval (ms), for recurring jobs. */
  everyMs: number | null;
  runAt: string;
  /** The instance holding the job (running), or the last one that ran it (succeeded, failed). */
  lockedBy: string | null;
  lockedUntil: string | null;
  lastError: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

export type JobRow = {
  id: string;
  kind: string;
  label: string;
  state: JobDto["state"];
  attempts: number;
  maxAttempts: number;
  everyMs: number | null;
  runAt: Date;
  lockedBy: string | null;
  lockedUntil: Date | null;
  lastError: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
};

export const JOB_ROW_SELECT = {
  id: true,
  kind: true,
  label: true,
  state: true,
  attempts: true,
  maxAttempts: true,
  everyMs: true,
  runAt: true,
  lockedBy: true,
  lockedUntil: true,
  lastError: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
} as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toJobDto(row: JobRow): JobDto {
  return {
    ...row,
    runAt: row.runAt.toISOString(),
    lockedUntil: iso(row.lockedUntil),
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

/** Whether an admin may retry / cancel it (the routes check the same, atomically). */
export const canRetry = (job: Pick<JobDto, "state">) => job.state === "FAILED" || job.state === "CANCELLED";
export const canCancel = (job: Pick<JobDto, "state" | "everyMs">) => job.state === "QUEUED" && job.everyMs === null;
