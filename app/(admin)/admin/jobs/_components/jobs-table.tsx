"use client";

import { JobActions } from "@/components/jobs/job-actions";
import { JobStateBadge } from "@/components/jobs/job-state-badge";
import { formatDateTime } from "@/components/ui/format";
import { EmptyRow, Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { JobDto } from "@/lib/jobs/job-dto";

function timing(job: JobDto): string {
  switch (job.state) {
    case "QUEUED":
      return job.everyMs !== null ? `next ${formatDateTime(job.runAt)} (every ${Math.round(job.everyMs / 1000)} s)` : `due ${formatDateTime(job.runAt)}`;
    case "RUNNING":
      return `started ${formatDateTime(job.startedAt)}; lease until ${formatDateTime(job.lockedUntil)}`;
    default:
      return `ended ${formatDateTime(job.finishedAt)}`;
  }
}

/** One page of background jobs: kind and subject, state, attempts, timing, worker, last error, actions. */
export function JobsTable({ jobs }: { jobs: JobDto[] }) {
  return (
    <Table>
      <THead>
        <Tr>
          <Th>Job</Th>
          <Th>State</Th>
          <Th>Attempts</Th>
          <Th>When</Th>
          <Th>Instance</Th>
          <Th>Last error</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </Tr>
      </THead>
      <TBody>
        {jobs.length === 0 && <EmptyRow colSpan={7}>No jobs.</EmptyRow>}
        {jobs.map((job) => (
          <Tr key={job.id} data-testid="job-row" data-job-id={job.id} data-state={job.state}>
            <Td>
              <div className="font-mono text-xs">{job.kind}</div>
              {job.label && <div className="max-w-xs truncate text-xs text-slate-600" title={job.label}>{job.label}</div>}
              <div className="font-mono text-xs text-slate-600">{job.id}</div>
            </Td>
            <Td>
              <JobStateBadge job={job} />
            </Td>
            <Td className="tabular-nums text-xs">
              {job.attempts} / {job.maxAttempts}
            </Td>
            <Td className="whitespace-nowrap text-xs">{timing(job)}</Td>
            <Td className="font-mono text-xs">{job.lockedBy ?? "—"}</Td>
            <Td>
              {job.lastError ? (
                <pre className="max-w-md whitespace-pre-wrap break-words font-mono text-xs text-red-800" data-testid="job-error">
                  {job.lastError}
                </pre>
              ) : (
                "—"
              )}
            </Td>
            <Td>
              <JobActions job={job} />
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
