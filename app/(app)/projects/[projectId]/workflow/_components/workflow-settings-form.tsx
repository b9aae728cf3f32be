"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/input";
import { apiRequest, fieldErrors } from "@/lib/auth/client-api";
import { ACTIVITY_LABELS, activitiesOf, MAX_ANNOTATIONS_PER_ITEM, workflowUpdateSchema, type WorkflowSettings } from "@/lib/tasks/workflow-settings";

type Person = { id: string; name: string; email: string };
type Result = { tone: "success" | "error"; text: string } | null;

/** Task kinds used, blank / prefill mode, annotations per item, who may annotate (validated with the API's schema). */
export function WorkflowSettingsForm({ projectId, benchmark, settings, annotators }: { projectId: string; benchmark: string; settings: WorkflowSettings; annotators: Person[] }) {
  const router = useRouter();
  const ids = useId();
  const [s, setS] = useState(settings);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<Result>(null);
  const [busy, setBusy] = useState(false);
  const kinds = activitiesOf(benchmark);
  const everyone = s.annotatorIds === null;

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={async (e) => {
        e.preventDefault();
        const parsed = workflowUpdateSchema.safeParse(s);
        if (!parsed.success) {
          setResult({ tone: "error", text: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") });
          return;
        }
        setBusy(true);
        const res = await apiRequest<{ workflow: WorkflowSettings }>("PATCH", `/api/projects/${encodeURIComponent(projectId)}/workflow`, parsed.data);
        setBusy(false);
        if (!res.ok) {
          setErrors(fieldErrors(res.error));
          setResult({ tone: "error", text: res.error.message });
          return;
        }
        setErrors({});
        setS(res.data.workflow);
        setResult({ tone: "success", text: "Saved." });
        router.refresh();
      }}
    >
      {kinds.length > 0 && (
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium text-slate-700">Task kinds used</legend>
          {kinds.map((k) => (
            <label key={k} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={s.activities.includes(k)}
                onChange={() => setS((x) => ({ ...x, activities: x.activities.includes(k) ? x.activities.filter((a) => a !== k) : [...x.activities, k] }))}
              />
              {ACTIVITY_LABELS[k] ?? k}
            </label>
          ))}
          <p className="text-xs text-slate-500">Submit checks only the kinds used here.</p>
        </fieldset>
      )}
      <Field id={`${ids}-mode`} label="Mode of new tasks" error={errors.mode} hint="Blank: annotate from scratch, the item's truth is never shown. Prefill: verify the generated item, starting from its truth.">
        <Select id={`${ids}-mode`} value={s.mode} onChange={(e) => setS((x) => ({ ...x, mode: e.target.value as WorkflowSettings["mode"] }))}>
          <option value="blank">Blank (annotate from scratch)</option>
          <option value="prefill">Prefill (verify the generated item)</option>
        </Select>
      </Field>
      <Field
        id={`${ids}-k`}
        label="Annotations per item"
        error={errors.annotationsPerItem}
        hint="1: a submitted annotation becomes the item's truth. 2 or more: blind double review (independent passes by different annotators, none sees another's; compared at the last submit: agreed items are merged into the truth, disputed ones go to a reviewer)."
      >
        <Select id={`${ids}-k`} value={String(s.annotationsPerItem)} onChange={(e) => setS((x) => ({ ...x, annotationsPerItem: Number(e.target.value) }))}>
          {Array.from({ length: MAX_ANNOTATIONS_PER_ITEM }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n === 1 ? "1 (single pass)" : `${n} (blind double review)`}
            </option>
          ))}
        </Select>
      </Field>
      {s.annotationsPerItem >= 2 && (
        <p className="text-sm text-slate-700" data-testid="double-review-note">
          Blind double review: {s.annotationsPerItem} annotators per item, never the same person twice and never the item&apos;s author.
        </p>
      )}
      <Field
        id={`${ids}-expert`}
        label="Expert sample (% of items)"
        error={errors.expertSamplePercent}
        hint="Items whose truth was written (agreed double review, or a single pass) that a reviewer checks again; the same items are always chosen (by a hash of the item id). 0 = none."
      >
        <Input
          id={`${ids}-expert`}
          type="number"
          min={0}
          max={100}
          step={0.01}
          value={String(s.expertSamplePercent)}
          onChange={(e) => setS((x) => ({ ...x, expertSamplePercent: e.target.value === "" ? 0 : Number(e.target.value) }))}
        />
      </Field>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium text-slate-700">Who may annotate</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={everyone} onChange={() => setS((x) => ({ ...x, annotatorIds: everyone ? annotators.map((a) => a.id) : null }))} />
          Every project member with the Annotator role
        </label>
        {!everyone &&
          annotators.map((a) => (
            <label key={a.id} className="ml-6 flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={s.annotatorIds!.includes(a.id)}
                onChange={() => setS((x) => ({ ...x, annotatorIds: x.annotatorIds!.includes(a.id) ? x.annotatorIds!.filter((u) => u !== a.id) : [...x.annotatorIds!, a.id] }))}
              />
              {a.name || a.email} <span className="text-slate-500">{a.email}</span>
            </label>
          ))}
        {annotators.length === 0 && <p className="text-xs text-slate-500">This project has no members with the Annotator role yet (Settings → Members).</p>}
        {Object.entries(errors)
          .filter(([k]) => k.startsWith("annotatorIds"))
          .map(([k, m]) => (
            <p key={k} className="text-xs text-red-600" role="alert">
              {m}
            </p>
          ))}
      </fieldset>
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : "Save"}
        </Button>
      </div>
    </form>
  );
}
