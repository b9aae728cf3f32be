"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/** An unclaimed disputed adjudication opened directly: claim it to work on it (409 when someone was faster). */
export function ClaimBar({ adjudicationId }: { adjudicationId: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const claim = async () => {
    setBusy(true);
    setError(null);
    const r = await fetch(`/api/adjudications/${encodeURIComponent(adjudicationId)}/claim`, { method: "POST", credentials: "same-origin" }).catch(() => null);
    setBusy(false);
    if (r?.ok) router.refresh();
    else setError(((await r?.json().catch(() => null)) as { error?: { message?: string } } | null)?.error?.message ?? "Could not claim it (no connection).");
  };
  return (
    <div className="flex items-center gap-3 rounded border border-blue-200 bg-blue-50 p-2 text-sm" data-testid="claim-bar">
      <span>Nobody is adjudicating this item. Claim it to take decisions.</span>
      <Button size="sm" onClick={claim} disabled={busy}>
        Claim
      </Button>
      {error && (
        <span className="text-red-700" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
