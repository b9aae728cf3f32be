"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { JobActions } from "@/components/jobs/job-actions";
import type { JobDto } from "@/lib/jobs/job-dto";

export type SceneCutsView =
  | { status: "ready"; cuts: number }
  | { status: "pending"; job: JobDto | null }
  | { status: "failed"; error: string; job: JobDto };

/** How often the page asks again while the detection is queued or runs, and for how long. */
const REFRESH_MS = 5_000;
const MAX_REFRESHES = 120;

/**
 * The video's scene-cut detection on its page: the number of cuts, "detecting…" (the page
 * refreshes itself every 5 s meanwhile, at most 10 minutes), or the failure with its error and,
 * for admins, Retry.
 */
export function SceneCutsStatus({ view, canRetry }: { view: SceneCutsView; canRetry: boolean }) {
  const router = useRouter();
  const pending = view.status === "pending";
  useEffect(() => {
    if (!pending) return undefined;
    let n = 0;
    const timer = window.setInterval(() => {
      if (++n > MAX_REFRESHES) window.clearInterval(timer);
      else router.refresh();
    }, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [pending, router]);

  return (
    <section className="rounded-md border border-slate-200 bg-white p-3 text-sm" aria-label="Scene cuts" data-testid="scene-cuts-status" data-status={view.status}>
      <h2 className="font-semibold text-slate-800">Scene cuts</h2>
      {view.status === "ready" && <p className="mt-1 text-slate-700">{view.cuts === 0 ? "No scene cut detected." : `${view.cuts} scene cut${view.cuts === 1 ? "" : "s"} detected.`}</p>}
      {view.status === "pending" && (
        <p className="mt-1 text-slate-600">
          Detecting scene cuts…
          {view.job && view.job.attempts > 0 && view.job.lastError ? ` (attempt ${view.job.attempts} failed: ${view.job.lastError}; retrying)` : ""}
        </p>
      )}
      {view.status === "failed" && (
        <div className="mt-1 flex flex-wrap items-start justify-between gap-2">
          <p className="text-red-800" role="status" data-testid="scene-cuts-error">
            Scene cut detection failed after {view.job.attempts} attempt{view.job.attempts === 1 ? "" : "s"}: {view.error}
          </p>
          {canRetry && <JobActions job={view.job} />}
        </div>
      )}
    </section>
  );
}
