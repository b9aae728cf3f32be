"use client";

import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/input";
import { apiRequest, fieldErrors } from "@/lib/auth/client-api";
import { DEFAULT_GOLD_THRESHOLD, type GoldCandidate, type GoldSetSummary } from "@/lib/review/qualification-api-schemas";
import { plural } from "@/lib/text/plural";

/** Create a gold set: name, threshold (0..1), and a filterable multi-select of the items with truth. */
export function GoldSetForm({ projectId, candidates }: { projectId: string; candidates: GoldCandidate[] }) {
  const router = useRouter();
  const [name, setName] = useState("");
  const [threshold, setThreshold] = useState(String(DEFAULT_GOLD_THRESHOLD));
  const [filter, setFilter] = useState("");
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return f ? candidates.filter((c) => c.externalId.toLowerCase().includes(f) || c.question.toLowerCase().includes(f) || c.format.toLowerCase().includes(f)) : candidates;
  }, [candidates, filter]);

  const toggle = (id: string) => setChosen((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set([...s, id])));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setMessage(null);
    const t = threshold.trim() === "" ? Number.NaN : Number(threshold);
    const res = await apiRequest<GoldSetSummary>("POST", `/api/projects/${encodeURIComponent(projectId)}/gold-sets`, {
      name,
      threshold: Number.isFinite(t) ? t : threshold,
      itemIds: candidates.filter((c) => chosen.has(c.id)).map((c) => c.id),
    });
    setBusy(false);
    if (!res.ok) {
      setErrors(fieldErrors(res.error));
      return setMessage({ tone: "error", text: res.error.message });
    }
    setMessage({ tone: "success", text: `Created gold set ${res.data.name} with ${plural(res.data.items.length, "item")}.` });
    setName("");
    setChosen(new Set());
    router.refresh();
  }

  const itemsError = Object.entries(errors).find(([k]) => k.startsWith("itemIds"))?.[1];
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid="gold-set-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="gold-name" label="Name" error={errors.name}>
          <Input id="gold-name" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={!!errors.name} />
        </Field>
        <Field id="gold-threshold" label="Threshold (minimum kappa per kind)" hint="Between 0 and 1; default 0.8." error={errors.threshold}>
          <Input id="gold-threshold" inputMode="decimal" value={threshold} onChange={(e) => setThreshold(e.target.value)} aria-invalid={!!errors.threshold} />
        </Field>
      </div>
      <Field id="gold-filter" label={`Items with truth (${chosen.size} chosen of ${candidates.length})`} error={itemsError}>
        <Input id="gold-filter" placeholder="Filter by id, question or format" value={filter} onChange={(e) => setFilter(e.target.value)} />
      </Field>
      <div className="flex gap-2 text-sm">
        <Button variant="secondary" size="sm" onClick={() => setChosen(new Set([...chosen, ...shown.map((c) => c.id)]))}>
          Choose all shown ({shown.length})
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setChosen(new Set())}>
          Clear
        </Button>
      </div>
      <ul className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200" aria-label="Items with truth">
        {shown.length === 0 && <li className="p-3 text-sm text-slate-500">No item with truth matches.</li>}
        {shown.map((c) => (
          <li key={c.id} className="flex items-start gap-2 p-2 text-sm">
            <input type="checkbox" id={`gold-item-${c.id}`} checked={chosen.has(c.id)} onChange={() => toggle(c.id)} className="mt-1" />
            <label htmlFor={`gold-item-${c.id}`} className="min-w-0">
              <span className="font-medium">{c.externalId}</span> <span className="text-xs text-slate-500">{c.format}</span>
              <span className="block truncate text-xs text-slate-600" title={c.question}>
                {c.question}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <div>
        <Button type="submit" disabled={busy} data-testid="create-gold-set">
          {busy ? "Creating…" : "Create gold set"}
        </Button>
      </div>
    </form>
  );
}
