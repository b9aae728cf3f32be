"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/** Rescores the run now against the current truth (POST .../rescore). */
export function RescoreButton({ projectId, runId, stale }: { projectId: string; runId: string; stale: boolean }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  return (
    <div className="flex items-center gap-3 text-sm">
      <Button
        variant={stale ? "primary" : "secondary"}
        size="sm"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setMessage(null);
          const res = await fetch(`/api/projects/${encodeURIComponent(projectId)}/runs/${encodeURIComponent(runId)}/rescore`, { method: "POST" });
          const body = await res.json().catch(() => null);
          setBusy(false);
          if (res.ok) {
            setMessage("Rescored against the current truth.");
            router.refresh();
          } else setMessage(body?.error?.message ?? `HTTP ${res.status}`);
        }}
      >
        {busy ? "Rescoring…" : "Rescore now"}
      </Button>
      {stale && <span className="text-amber-700">The truth changed since this run was scored.</span>}
      {message && <span role="status">{message}</span>}
    </div>
  );
}
