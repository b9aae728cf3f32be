"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** Deletes a video after confirmation (admin). Shows the server's reason when refused (e.g. in use). */
export function DeleteVideoButton({ videoId, name }: { videoId: string; name: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        variant="danger"
        disabled={busy}
        onClick={async () => {
          if (!window.confirm(`Delete “${name}” and its files? This cannot be undone.`)) return;
          setBusy(true);
          setError(null);
          try {
            const r = await fetch(`/api/videos/${encodeURIComponent(videoId)}`, { method: "DELETE" });
            if (!r.ok) {
              const body = (await r.json().catch(() => null)) as { error?: { message?: string } } | null;
              throw new Error(body?.error?.message ?? `HTTP ${r.status}`);
            }
            router.push("/videos");
            router.refresh();
          } catch (e) {
            setError((e as Error).message);
            setBusy(false);
          }
        }}
      >
        {busy ? "Deleting…" : "Delete video"}
      </Button>
      {error && (
        <Alert tone="error" className="max-w-sm">
          {error}
        </Alert>
      )}
    </div>
  );
}
