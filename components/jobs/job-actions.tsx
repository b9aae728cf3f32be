"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiRequest } from "@/lib/auth/client-api";
import { canCancel, canRetry, type JobDto } from "@/lib/jobs/job-dto";
import type { JobAction } from "@/lib/jobs/schemas";

/**
 * Retry (a failed or cancelled job) and Cancel (a queued one) buttons of a background job, for
 * admins (POST /api/admin/jobs/:id); the page is refreshed after, and a refusal is shown.
 */
export function JobActions({ job, size = "sm" }: { job: Pick<JobDto, "id" | "state" | "everyMs" | "kind" | "label">; size?: "sm" | "md" }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const what = job.label ? `${job.kind} (${job.label})` : job.kind;

  async function act(action: JobAction["action"]) {
    setBusy(true);
    setError(null);
    const result = await apiRequest<{ job: JobDto }>("POST", `/api/admin/jobs/${encodeURIComponent(job.id)}`, { action });
    setBusy(false);
    if (!result.ok) setError(result.error.message);
    router.refresh();
  }

  if (!canRetry(job) && !canCancel(job)) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {canRetry(job) && (
        <Button size={size} variant="secondary" disabled={busy} onClick={() => void act("retry")} aria-label={`Retry ${what}`} data-testid="job-retry">
          {busy ? "Retrying…" : "Retry"}
        </Button>
      )}
      {canCancel(job) && (
        <Button
          size={size}
          variant="ghost"
          disabled={busy}
          onClick={() => {
            if (window.confirm(`Cancel the queued job ${what}? It will not run.`)) void act("cancel");
          }}
          aria-label={`Cancel ${what}`}
          data-testid="job-cancel"
        >
          Cancel
        </Button>
      )}
      {error && (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}
