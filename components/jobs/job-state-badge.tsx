import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { JobDto } from "@/lib/jobs/job-dto";

const TONES: Record<JobDto["state"], BadgeTone> = {
  QUEUED: "blue",
  RUNNING: "purple",
  SUCCEEDED: "green",
  FAILED: "red",
  CANCELLED: "neutral",
};

export const JOB_STATE_LABELS: Record<JobDto["state"], string> = {
  QUEUED: "queued",
  RUNNING: "running",
  SUCCEEDED: "succeeded",
  FAILED: "failed",
  CANCELLED: "cancelled",
};

/** A job's state as a coloured badge ("queued (retry 2 of 3)" when an attempt failed before). */
export function JobStateBadge({ job }: { job: Pick<JobDto, "state" | "attempts" | "maxAttempts" | "lastError" | "everyMs"> }) {
  const retrying = job.state === "QUEUED" && job.attempts > 0 && job.everyMs === null;
  return (
    <Badge tone={retrying ? "amber" : TONES[job.state]}>
      {JOB_STATE_LABELS[job.state]}
      {retrying ? ` (retry ${job.attempts + 1} of ${job.maxAttempts})` : ""}
    </Badge>
  );
}
