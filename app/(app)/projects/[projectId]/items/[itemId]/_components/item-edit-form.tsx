"use client";

import { useRouter } from "next/navigation";
import { useId, useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/input";
import { apiRequest, fieldErrors } from "@/lib/auth/client-api";
import type { ItemEditInput } from "@/lib/projects/item-edit-schema";

export type EditableItem = {
  id: string;
  projectId: string;
  version: number;
  question: string;
  presentation: unknown;
  labels: unknown;
  notes: string;
  videoRef: string;
  status: "ACTIVE" | "REMOVED";
  removalReason: string | null;
  truthAnswer: unknown;
  queryPoints: number[];
  spans: { startSec: number; endSec: number; label: string }[];
};

const textarea =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs text-slate-900 shadow-xs focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-500/30 aria-[invalid=true]:border-red-500";

const pretty = (v: unknown) => JSON.stringify(v ?? null, null, 2);
const spansText = (spans: EditableItem["spans"]) => spans.map((s) => `${s.startSec} ${s.endSec}${s.label ? ` ${s.label}` : ""}`).join("\n");

type Problem = { field: string; message: string };

function parseJson(text: string, field: string, problems: Problem[]): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    problems.push({ field, message: `is not valid JSON (${(e as Error).message})` });
    return undefined;
  }
}

/**
 * Admin edit of an item and its ground truth. Sends only what changed, with the version it was
 * based on; a 409 (someone else saved first) keeps the edits and offers a reload.
 */
export function ItemEditForm({ item }: { item: EditableItem }) {
  const router = useRouter();
  const ids = useId();
  const [question, setQuestion] = useState(item.question);
  const [status, setStatus] = useState(item.status);
  const [removalReason, setRemovalReason] = useState(item.removalReason ?? "");
  const [notes, setNotes] = useState(item.notes);
  const [videoRef, setVideoRef] = useState(item.videoRef);
  const [labels, setLabels] = useState(pretty(item.labels));
  const [presentation, setPresentation] = useState(pretty(item.presentation));
  const [answer, setAnswer] = useState(pretty(item.truthAnswer));
  const [points, setPoints] = useState(item.queryPoints.join(", "));
  const [spans, setSpans] = useState(spansText(item.spans));
  const [reason, setReason] = useState("");
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ tone: "error" | "success" | "warning"; text: ReactNode } | null>(null);

  const submit = async () => {
    const problems: Problem[] = [];
    const body: ItemEditInput = { version: item.version };
    if (question !== item.question) body.question = question;
    if (status !== item.status) body.status = status;
    if ((removalReason || null) !== item.removalReason) body.removalReason = removalReason || null;
    if (notes !== item.notes) body.notes = notes;
    if (videoRef !== item.videoRef) body.videoRef = videoRef;
    if (labels !== pretty(item.labels)) body.labels = parseJson(labels, "labels", problems) as ItemEditInput["labels"];
    if (presentation !== pretty(item.presentation)) body.presentation = parseJson(presentation, "presentation", problems) as ItemEditInput["presentation"];
    if (answer !== pretty(item.truthAnswer)) body.truth = { answer: parseJson(answer, "truth.answer", problems) as never };
    if (points.trim() !== item.queryPoints.join(", ")) {
      const list = points.split(/[\s,]+/).filter(Boolean).map(Number);
      if (list.some((n) => !Number.isFinite(n))) problems.push({ field: "queryPoints", message: "must be numbers of seconds separated by commas" });
      body.queryPoints = list;
    }
    if (spans.trim() !== spansText(item.spans)) {
      const list = spans
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean)
        .map((l, i) => {
          const [a, b, ...label] = l.split(/\s+/);
          const startSec = Number(a);
          const endSec = Number(b);
          if (!Number.isFinite(startSec) || !Number.isFinite(endSec)) problems.push({ field: "spans", message: `line ${i + 1}: write "start end [label]" in seconds` });
          return { startSec, endSec, ...(label.length ? { label: label.join(" ") } : {}) };
        });
      body.spans = list;
    }
    if (reason.trim()) body.reason = reason.trim();
    if (problems.length) {
      setErrors(Object.fromEntries(problems.map((p) => [p.field, p.message])));
      setMessage({ tone: "error", text: "Fix the marked fields." });
      return;
    }
    if (Object.keys(body).filter((k) => k !== "version" && k !== "reason").length === 0) {
      setMessage({ tone: "warning", text: "Nothing changed." });
      return;
    }
    setSaving(true);
    setErrors({});
    setMessage(null);
    const res = await apiRequest<{ result: { version: number; truthChanged: boolean; changed: boolean } }>("PATCH", `/api/projects/${item.projectId}/items/${item.id}`, body);
    setSaving(false);
    if (res.ok) {
      setReason("");
      setMessage({ tone: "success", text: res.data.result.changed ? `Saved as version ${res.data.result.version}${res.data.result.truthChanged ? " (ground truth changed)" : ""}.` : "Nothing changed." });
      router.refresh();
      return;
    }
    if (res.status === 409) {
      const current = (res.error.details as { currentVersion?: number } | undefined)?.currentVersion;
      setMessage({
        tone: "error",
        text: (
          <span>
            Someone else saved this item meanwhile{current ? ` (now version ${current})` : ""}. Your edits are still here; reload to see the current item, then save again.{" "}
            <button type="button" className="font-medium underline" onClick={() => router.refresh()}>
              Reload
            </button>
          </span>
        ),
      });
      return;
    }
    setErrors(fieldErrors(res.error));
    setMessage({ tone: "error", text: res.error.message });
  };

  const err = (f: string) => errors[f] ?? null;
  return (
    <form
      className="grid gap-4 lg:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Field id={`${ids}-question`} label="Question" error={err("question")} className="lg:col-span-2">
        <textarea id={`${ids}-question`} className={textarea} rows={2} value={question} onChange={(e) => setQuestion(e.target.value)} aria-invalid={!!err("question") || undefined} />
      </Field>
      <Field id={`${ids}-status`} label="Status">
        <Select id={`${ids}-status`} value={status} onChange={(e) => setStatus(e.target.value as EditableItem["status"])}>
          <option value="ACTIVE">Active</option>
          <option value="REMOVED">Removed</option>
        </Select>
      </Field>
      <Field id={`${ids}-removal`} label="Removal reason" hint="Required when removing (tracking error, insufficient visual support, wrong label…)." error={err("removalReason")}>
        <Input id={`${ids}-removal`} value={removalReason} maxLength={500} onChange={(e) => setRemovalReason(e.target.value)} aria-invalid={!!err("removalReason") || undefined} />
      </Field>
      <Field id={`${ids}-video`} label="Video reference" hint="As in the benchmark file; matched to the library by name." error={err("videoRef")}>
        <Input id={`${ids}-video`} value={videoRef} onChange={(e) => setVideoRef(e.target.value)} />
      </Field>
      <Field id={`${ids}-points`} label="Query points (seconds)" hint="Comma-separated, in native order." error={err("queryPoints")}>
        <Input id={`${ids}-points`} value={points} onChange={(e) => setPoints(e.target.value)} aria-invalid={!!err("queryPoints") || undefined} />
      </Field>
      <Field id={`${ids}-answer`} label="Truth answer (JSON)" error={err("truth.answer")}>
        <textarea id={`${ids}-answer`} className={textarea} rows={4} value={answer} onChange={(e) => setAnswer(e.target.value)} aria-invalid={!!err("truth.answer") || undefined} />
      </Field>
      <Field id={`${ids}-spans`} label="Evidence spans" hint='One per line: "start end [label]" in seconds.' error={err("spans")}>
        <textarea id={`${ids}-spans`} className={textarea} rows={4} value={spans} onChange={(e) => setSpans(e.target.value)} aria-invalid={!!err("spans") || undefined} />
      </Field>
      <Field id={`${ids}-labels`} label="Labels (JSON)" error={err("labels")}>
        <textarea id={`${ids}-labels`} className={textarea} rows={6} value={labels} onChange={(e) => setLabels(e.target.value)} aria-invalid={!!err("labels") || undefined} />
      </Field>
      <Field id={`${ids}-presentation`} label="Presentation (JSON, shown to participants)" error={err("presentation")}>
        <textarea id={`${ids}-presentation`} className={textarea} rows={6} value={presentation} onChange={(e) => setPresentation(e.target.value)} aria-invalid={!!err("presentation") || undefined} />
      </Field>
      <Field id={`${ids}-notes`} label="Notes" error={err("notes")}>
        <textarea id={`${ids}-notes`} className={textarea} rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </Field>
      <Field id={`${ids}-reason`} label="Reason for this change" hint="Kept in the revision history.">
        <Input id={`${ids}-reason`} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      </Field>
      <div className="flex flex-col gap-2 lg:col-span-2">
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
        <div>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving…" : `Save (based on version ${item.version})`}
          </Button>
        </div>
      </div>
    </form>
  );
}
