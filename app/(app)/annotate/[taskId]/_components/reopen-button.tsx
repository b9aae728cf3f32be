"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";

/** Admins: a submitted annotation becomes a draft again (POST /reopen); the page then reloads its payload. */
export function ReopenButton({ annotationId }: { annotationId: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reopen = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await fetch(`/api/annotations/${encodeURIComponent(annotationId)}/reopen`, { method: "POST", credentials: "same-origin" });
      const body = (await r.json().catch(() => null)) as { error?: { message?: string } } | null;
      if (!r.ok) throw new Error(body?.error?.message ?? `HTTP ${r.status}`);
      window.location.reload();
    } catch (e) {
      setError(`not reopened: ${(e as Error).message}`);
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <Button variant="secondary" size="sm" onClick={reopen} disabled={busy} data-testid="reopen-annotation">
        {busy ? "Reopening…" : "Reopen for its author (admin)"}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
