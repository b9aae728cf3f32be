"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/input";
import { apiRequest, fieldErrors } from "@/lib/auth/client-api";
import { CLIP_PARSERS } from "@/lib/metrics/parse-time";
import { CLIP_PARSER_LABELS, METRIC_VARIANT_LABELS, METRIC_VARIANTS, PROTOCOL_LABELS, PROTOCOLS, projectSettingsSchema, type ProjectSettings } from "@/lib/projects/settings";

const textarea =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-500/30";

type Result = { tone: "success" | "error"; text: string } | null;

/** Name and description. */
export function ProjectDetailsForm({ projectId, name: initialName, description: initialDescription }: { projectId: string; name: string; description: string }) {
  const router = useRouter();
  const ids = useId();
  const [name, setName] = useState(initialName);
  const [description, setDescription] = useState(initialDescription);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<Result>(null);
  const [saving, setSaving] = useState(false);
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={async (e) => {
        e.preventDefault();
        setSaving(true);
        const res = await apiRequest("PATCH", `/api/projects/${projectId}`, { name: name.trim(), description });
        setSaving(false);
        if (res.ok) {
          setErrors({});
          setResult({ tone: "success", text: "Saved." });
          router.refresh();
        } else {
          setErrors(fieldErrors(res.error));
          setResult({ tone: "error", text: res.error.message });
        }
      }}
    >
      <Field id={`${ids}-name`} label="Name" error={errors.name}>
        <Input id={`${ids}-name`} value={name} maxLength={200} required onChange={(e) => setName(e.target.value)} aria-invalid={!!errors.name || undefined} />
      </Field>
      <Field id={`${ids}-description`} label="Description" error={errors.description}>
        <textarea id={`${ids}-description`} className={textarea} rows={3} maxLength={5000} value={description} onChange={(e) => setDescription(e.target.value)} />
      </Field>
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      <div>
        <Button type="submit" disabled={saving}>
          {saving ? "Saving…" : "Save"}
        </Button>
      </div>
    </form>
  );
}

const numberOrNull = (v: string): number | null => (v.trim() === "" ? null : Number(v));

/** The workflow settings (validated with the same zod schema as the API). */
export function SettingsForm({ projectId, settings, benchmark }: { projectId: string; settings: ProjectSettings; benchmark?: string }) {
  const router = useRouter();
  const ids = useId();
  const [s, setS] = useState(settings);
  const [text, setText] = useState({
    qualificationKappa: String(settings.qualificationKappa),
    reviewSampleRate: String(settings.reviewSampleRate),
    timestampToleranceFrames: String(settings.timestampToleranceFrames),
    evidenceMergeGapSec: String(settings.evidenceMergeGapSec),
    playbackRate: String(settings.protocolDefaults.playbackRate),
    timeLimitMinutes: settings.protocolDefaults.timeLimitMinutes === null ? "" : String(settings.protocolDefaults.timeLimitMinutes),
    participantsPerVideo: settings.protocolDefaults.participantsPerVideo === null ? "" : String(settings.protocolDefaults.participantsPerVideo),
    capPerParticipant: settings.protocolDefaults.capPerParticipant === null ? "" : String(settings.protocolDefaults.capPerParticipant),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<Result>(null);
  const [saving, setSaving] = useState(false);
  const setT = (k: keyof typeof text) => (e: React.ChangeEvent<HTMLInputElement>) => setText((t) => ({ ...t, [k]: e.target.value }));

  const submit = async () => {
    const candidate: ProjectSettings = {
      ...s,
      qualificationKappa: Number(text.qualificationKappa),
      reviewSampleRate: Number(text.reviewSampleRate),
      timestampToleranceFrames: Number(text.timestampToleranceFrames),
      evidenceMergeGapSec: Number(text.evidenceMergeGapSec),
      protocolDefaults: {
        ...s.protocolDefaults,
        playbackRate: Number(text.playbackRate),
        timeLimitMinutes: numberOrNull(text.timeLimitMinutes),
        participantsPerVideo: numberOrNull(text.participantsPerVideo),
        capPerParticipant: numberOrNull(text.capPerParticipant),
      },
    };
    const check = projectSettingsSchema.safeParse(candidate);
    if (!check.success) {
      setErrors(Object.fromEntries(check.error.issues.map((i) => [i.path.join("."), i.message])));
      setResult({ tone: "error", text: "Fix the marked fields." });
      return;
    }
    setSaving(true);
    const res = await apiRequest<{ settings: ProjectSettings }>("PATCH", `/api/projects/${projectId}/settings`, check.data);
    setSaving(false);
    if (res.ok) {
      setErrors({});
      setS(res.data.settings);
      setResult({ tone: "success", text: "Settings saved." });
      router.refresh();
    } else {
      setErrors(fieldErrors(res.error));
      setResult({ tone: "error", text: res.error.message });
    }
  };

  const num = (key: keyof typeof text, field: string, label: string, hint?: string, step = "any") => (
    <Field id={`${ids}-${key}`} label={label} hint={hint} error={errors[field]}>
      <Input id={`${ids}-${key}`} type="number" step={step} inputMode="decimal" value={text[key]} onChange={setT(key)} aria-invalid={!!errors[field] || undefined} />
    </Field>
  );

  return (
    <form
      className="flex flex-col gap-6"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Scoring and quality</legend>
        <Field id={`${ids}-metric`} label="Metric variant" hint="Where a paper and its reference code disagree." error={errors.metricVariant}>
          <Select id={`${ids}-metric`} value={s.metricVariant} onChange={(e) => setS({ ...s, metricVariant: e.target.value as ProjectSettings["metricVariant"] })}>
            {METRIC_VARIANTS.map((v) => (
              <option key={v} value={v}>
                {METRIC_VARIANT_LABELS[v]}
              </option>
            ))}
          </Select>
        </Field>
        {benchmark === "ECBENCH" && (
          <Field id={`${ids}-clips`} label="Clip parser" hint="How truth and predicted clip cells are read; the reference's reading reproduces published numbers." error={errors.clipParser}>
            <Select id={`${ids}-clips`} value={s.clipParser} onChange={(e) => setS({ ...s, clipParser: e.target.value as ProjectSettings["clipParser"] })}>
              {CLIP_PARSERS.map((v) => (
                <option key={v} value={v}>
                  {CLIP_PARSER_LABELS[v]}
                </option>
              ))}
            </Select>
          </Field>
        )}
        {num("qualificationKappa", "qualificationKappa", "Qualification threshold (Cohen's kappa)", "An annotator qualifies above this on the gold set (default 0.8).")}
        <Field id={`${ids}-double`} label="Double review" hint="Two independent annotations per item, then adjudication.">
          <label className="flex items-center gap-2 text-sm">
            <input id={`${ids}-double`} type="checkbox" checked={s.doubleReview} onChange={(e) => setS({ ...s, doubleReview: e.target.checked })} className="h-4 w-4" />
            Every item is annotated twice
          </label>
        </Field>
        {num("reviewSampleRate", "reviewSampleRate", "Expert review sample (0–1)", "Fraction of submitted work an expert reviews.")}
        {num("timestampToleranceFrames", "timestampToleranceFrames", "Timestamp tolerance (frames)", "Two marks agree within this many frames.", "1")}
        {num("evidenceMergeGapSec", "evidenceMergeGapSec", "Evidence merge gap (seconds)", "Spans closer than this are merged (EC-Bench: 5 s).")}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Human-baseline protocol defaults</legend>
        <Field id={`${ids}-protocol`} label="Protocol" error={errors.protocol} className="sm:col-span-2">
          <Select id={`${ids}-protocol`} value={s.protocol} onChange={(e) => setS({ ...s, protocol: e.target.value as ProjectSettings["protocol"] })}>
            {PROTOCOLS.map((p) => (
              <option key={p} value={p}>
                {PROTOCOL_LABELS[p]}
              </option>
            ))}
          </Select>
        </Field>
        {num("playbackRate", "protocolDefaults.playbackRate", "Playback rate")}
        <Field id={`${ids}-pause`} label="Voluntary pause">
          <label className="flex items-center gap-2 text-sm">
            <input
              id={`${ids}-pause`}
              type="checkbox"
              className="h-4 w-4"
              checked={s.protocolDefaults.allowVoluntaryPause}
              onChange={(e) => setS({ ...s, protocolDefaults: { ...s.protocolDefaults, allowVoluntaryPause: e.target.checked } })}
            />
            Participants may pause between query points
          </label>
        </Field>
        {num("timeLimitMinutes", "protocolDefaults.timeLimitMinutes", "Time limit (minutes)", "Empty: no limit.", "1")}
        {num("participantsPerVideo", "protocolDefaults.participantsPerVideo", "Participants per video", "1 = one participant per video (VCBench); empty: no limit.", "1")}
        {num("capPerParticipant", "protocolDefaults.capPerParticipant", "Videos per participant", "Empty: no cap.", "1")}
      </fieldset>
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      <div>
        <Button type="submit" disabled={saving}>
          {saving ? "Saving…" : "Save settings"}
        </Button>
      </div>
    </form>
  );
}
