"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/components/ui/format";
import { apiRequest } from "@/lib/auth/client-api";
import type { GoldSetSummary } from "@/lib/review/qualification-api-schemas";
import { plural } from "@/lib/text/plural";

/** The project's gold sets: threshold, items (admins remove one while no attempt is open), attempts, delete. */
export function GoldSetsList({ projectId, goldSets, canEdit }: { projectId: string; goldSets: GoldSetSummary[]; canEdit: boolean }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const base = `/api/projects/${encodeURIComponent(projectId)}/gold-sets`;

  async function run(key: string, url: string) {
    setBusy(key);
    setError(null);
    const res = await apiRequest("DELETE", url);
    setBusy(null);
    if (!res.ok) return setError(res.error.message);
    router.refresh();
  }

  if (!goldSets.length) return <p className="text-sm text-slate-600">No gold set yet: annotators of this project start real work without a qualification.</p>;
  return (
    <div className="flex flex-col gap-4">
      {error && <Alert tone="error">{error}</Alert>}
      {goldSets.map((s, i) => (
        <section key={s.id} className="rounded-md border border-slate-200 p-3" data-testid={`gold-set-${s.name}`} aria-label={`Gold set ${s.name}`}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-semibold">{s.name}</h3>
              {i === 0 && s.items.length > 0 && <Badge tone="blue">current</Badge>}
              <span className="text-sm text-slate-600">
                threshold {s.threshold} · {plural(s.items.length, "item")} · {plural(s.attempts.total, "attempt")}
                {s.attempts.open > 0 && ` (${s.attempts.open} open)`} · created {formatDateTime(s.createdAt)}
              </span>
            </div>
            {canEdit && (
              <Button variant="danger" size="sm" disabled={busy !== null || s.attempts.open > 0} onClick={() => run(`set-${s.id}`, `${base}/${encodeURIComponent(s.id)}`)}>
                Delete set
              </Button>
            )}
          </div>
          <ul className="mt-2 flex flex-wrap gap-2">
            {s.items.map((it) => (
              <li key={it.itemId} className="flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-sm">
                {it.externalId}
                {canEdit && s.items.length > 1 && (
                  <button
                    type="button"
                    className="text-slate-500 hover:text-red-700 disabled:opacity-40"
                    aria-label={`Remove ${it.externalId} from ${s.name}`}
                    title={s.attempts.open > 0 ? "Attempts are open on this set" : "Remove from the set"}
                    disabled={busy !== null || s.attempts.open > 0}
                    onClick={() => run(`item-${it.itemId}`, `${base}/${encodeURIComponent(s.id)}/items/${encodeURIComponent(it.itemId)}`)}
                  >
                    ×
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
