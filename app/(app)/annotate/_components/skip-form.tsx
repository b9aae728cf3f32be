"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/input";
import { skipTaskBodySchema } from "@/lib/annotation/api-schemas";
import { apiRequest } from "@/lib/auth/client-api";

/** Skip a task, saying why (validated with the API's schema before sending). */
export function SkipForm({ taskId, onDone }: { taskId: string; onDone: () => void }) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={async (e) => {
        e.preventDefault();
        const parsed = skipTaskBodySchema.safeParse({ reason });
        if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Say why.");
        setBusy(true);
        const res = await apiRequest("POST", `/api/tasks/${encodeURIComponent(taskId)}/skip`, parsed.data);
        setBusy(false);
        if (!res.ok) return setError(res.error.message);
        onDone();
      }}
    >
      <div className="min-w-72 flex-1">
        <Field id={id} label="Why are you skipping this task?" error={error ?? undefined}>
          <Input id={id} value={reason} maxLength={2000} autoFocus onChange={(e) => setReason(e.target.value)} placeholder="e.g. the video does not load, I cannot tell the objects apart" />
        </Field>
      </div>
      <Button type="submit" variant="danger" size="sm" disabled={busy}>
        {busy ? "Skipping…" : "Skip task"}
      </Button>
    </form>
  );
}
