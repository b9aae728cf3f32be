import Link from "next/link";
import { JobActions } from "@/components/jobs/job-actions";
import { JobStateBadge } from "@/components/jobs/job-state-badge";
import { formatDateTime } from "@/components/ui/format";
import type { LibraryJobs } from "@/lib/video-library/video-jobs";
import { FAILURE_WINDOW_DAYS } from "@/lib/video-library/video-jobs";

/**
 * Admins' view of the library's background work on /videos: uploads still being processed or
 * failed, and scene-cut detections that failed, each with its error and Retry (or Cancel for a
 * queued upload). Nothing when all is done. /admin/jobs has every job.
 */
export function LibraryJobsPanel({ jobs }: { jobs: LibraryJobs }) {
  if (!jobs.uploads.length && !jobs.sceneCuts.length) return null;
  return (
    <section className="rounded-md border border-amber-200 bg-amber-50/60 p-3 text-sm" aria-label="Background work" data-testid="library-jobs">
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="font-semibold text-slate-800">Background work</h2>
        <Link href="/admin/jobs" className="text-xs text-slate-600 underline">
          All jobs
        </Link>
      </div>
      <ul className="mt-2 space-y-2">
        {jobs.uploads.map((job) => (
          <li key={job.id} className="flex flex-wrap items-start justify-between gap-2" data-testid="library-job" data-kind="video.ingest" data-state={job.state}>
            <div className="min-w-0">
              <span className="font-medium">Upload {job.label}</span> <JobStateBadge job={job} />{" "}
              <span className="text-xs text-slate-500">{formatDateTime(job.createdAt)}</span>
              {job.lastError && <p className="mt-0.5 break-words text-xs text-red-800" data-testid="library-job-error">{job.lastError}</p>}
            </div>
            <JobActions job={job} />
          </li>
        ))}
        {jobs.sceneCuts.map(({ videoId, videoName, job }) => (
          <li key={job.id} className="flex flex-wrap items-start justify-between gap-2" data-testid="library-job" data-kind="video.scene-cuts" data-state={job.state}>
            <div className="min-w-0">
              <span className="font-medium">
                Scene cuts of{" "}
                <Link href={`/videos/${videoId}`} className="underline">
                  {videoName}
                </Link>
              </span>{" "}
              <JobStateBadge job={job} />
              {job.lastError && <p className="mt-0.5 break-words text-xs text-red-800" data-testid="library-job-error">{job.lastError}</p>}
            </div>
            <JobActions job={job} />
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-500">Failures of the last {FAILURE_WINDOW_DAYS} days.</p>
    </section>
  );
}
