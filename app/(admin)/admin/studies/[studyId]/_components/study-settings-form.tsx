"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/input";
import { Badge } from "@/components/ui/badge";
import { CROWD_PLATFORMS, PLATFORM_LABELS } from "@/lib/studies/study-links";
import type { StudySettings } from "@/lib/protocol/study-settings";
import { studyApi } from "../../_components/studies-api";
import { usePendingSave } from "./unsaved-edits";

const num = (v: string): number | null => (v.trim() === "" ? null : Number(v));

/**
 * Instructions, consent, recruitment, playback, assignment, attention-check exclusion, time limit
 * and completion settings.
 * Changes are marked unsaved; "Open the study" saves them first.
 */
export function StudySettingsForm({ studyId, status, settings }: { studyId: string; status: string; settings: StudySettings }) {
  const router = useRouter();
  const [saved, setSaved] = useState(settings);
  const [s, setS] = useState(settings);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const draft = status === "DRAFT";
  const dirty = JSON.stringify(s) !== JSON.stringify(saved);
  const set = <K extends keyof StudySettings>(k: K, v: StudySettings[K]) => setS((x) => ({ ...x, [k]: v }));
  // Only the changed settings are sent, so a save here never undoes another tab's change to others.
  const save = async (): Promise<string | null> => {
    const submitted = s;
    const changed = Object.fromEntries(Object.entries(submitted).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(saved[k as keyof StudySettings])));
    const r = await studyApi<{ study: { settings: StudySettings } }>("PATCH", `/api/studies/${studyId}`, { settings: changed });
    if (!r.ok) {
      setMessage({ tone: "error", text: `Settings not saved: ${r.message}` });
      return `Settings not saved: ${r.message}`;
    }
    const stored = { ...submitted, ...r.data.study.settings };
    setSaved(stored);
    setS((current) => (current === submitted ? stored : current));
    setMessage({ tone: "success", text: "Saved." });
    router.refresh();
    return null;
  };
  usePendingSave("settings", dirty, save);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await save();
  };
  const togglePlatform = (p: (typeof CROWD_PLATFORMS)[number], on: boolean) =>
    set("crowdPlatforms", CROWD_PLATFORMS.filter((x) => (x === p ? on : s.crowdPlatforms.includes(x))));
  const area = "block w-full rounded-md border border-slate-300 px-3 py-2 text-sm";
  return (
    <Card>
      <CardHeader title="Settings" description={draft ? undefined : "Segment length and participants per video are fixed once the study was opened."} />
      <CardBody>
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-3">
          <Field id="s-instructions" label="Instructions" className="sm:col-span-3">
            <textarea id="s-instructions" className={area} rows={4} value={s.instructions} onChange={(e) => set("instructions", e.target.value)} />
          </Field>
          <Field id="s-consent" label="Consent text" className="sm:col-span-3">
            <textarea id="s-consent" className={area} rows={4} value={s.consentText} onChange={(e) => set("consentText", e.target.value)} />
          </Field>
          <Field id="s-crowd" label="Recruitment platforms (their study links are shown above)" className="sm:col-span-3">
            <div id="s-crowd" className="flex flex-wrap gap-4 text-sm">
              {CROWD_PLATFORMS.map((p) => (
                <label key={p} className="flex items-center gap-2">
                  <input type="checkbox" checked={s.crowdPlatforms.includes(p)} onChange={(e) => togglePlatform(p, e.target.checked)} /> {PLATFORM_LABELS[p]}
                </label>
              ))}
            </div>
          </Field>
          <Field id="s-rate" label="Playback rate (fixed)">
            <Input id="s-rate" type="number" step="0.25" min={0.25} max={4} value={s.playbackRate} onChange={(e) => set("playbackRate", Number(e.target.value))} />
          </Field>
          <Field id="s-limit" label="Time limit (minutes, empty = none)">
            <Input id="s-limit" type="number" min={1} value={s.timeLimitMinutes ?? ""} onChange={(e) => set("timeLimitMinutes", num(e.target.value))} />
          </Field>
          <Field id="s-pause" label="Voluntary pause">
            <label className="flex items-center gap-2 text-sm">
              <input id="s-pause" type="checkbox" checked={s.allowVoluntaryPause} onChange={(e) => set("allowVoluntaryPause", e.target.checked)} /> allowed
            </label>
          </Field>
          <Field id="s-per-video" label="Participants per video (empty = unlimited, balanced)">
            <Input id="s-per-video" type="number" min={1} disabled={!draft} value={s.participantsPerVideo ?? ""} onChange={(e) => set("participantsPerVideo", num(e.target.value))} />
          </Field>
          <Field id="s-cap" label="Videos per participant (empty = no cap)">
            <Input id="s-cap" type="number" min={1} value={s.capPerParticipant ?? ""} onChange={(e) => set("capPerParticipant", num(e.target.value))} />
          </Field>
          <Field id="s-seen" label="Videos seen in other studies" className="sm:col-span-3">
            <label className="flex items-center gap-2 text-sm">
              <input id="s-seen" type="checkbox" checked={s.excludeSeenVideos} onChange={(e) => set("excludeSeenVideos", e.target.checked)} /> never give a
              participant a video they received in an earlier session of any study (any protocol; the same account or platform id)
            </label>
          </Field>
          <Field id="s-attention" label="Attention checks" className="sm:col-span-3">
            <label className="flex items-center gap-2 text-sm">
              <input id="s-attention" type="checkbox" checked={s.excludeFailedAttention} onChange={(e) => set("excludeFailedAttention", e.target.checked)} /> Exclude
              participants who fail an attention check from the human baseline (when unticked, they are flagged on the results and kept in the baseline)
            </label>
          </Field>
          <Field id="s-seg" label="Segment length (s, streaming)">
            <Input id="s-seg" type="number" min={1} max={60} disabled={!draft} value={s.segmentSeconds} onChange={(e) => set("segmentSeconds", Number(e.target.value))} />
          </Field>
          <Field id="s-code" label="Completion code">
            <Input id="s-code" value={s.completionCode} onChange={(e) => set("completionCode", e.target.value)} />
          </Field>
          <Field id="s-redirect" label="Completion URL (participants are sent there; {code} = the completion code)" className="sm:col-span-2">
            <Input id="s-redirect" value={s.redirectUrl ?? ""} onChange={(e) => set("redirectUrl", e.target.value.trim() || null)} />
          </Field>
          <Field id="s-abandon" label="Abandoned after (minutes idle)">
            <Input id="s-abandon" type="number" min={1} value={s.abandonAfterMinutes} onChange={(e) => set("abandonAfterMinutes", Number(e.target.value))} />
          </Field>
          <div className="sm:col-span-3 flex items-center gap-3">
            <Button type="submit">Save settings</Button>
            {dirty && (
              <Badge tone="amber">
                <span data-testid="settings-unsaved">Unsaved changes</span>
              </Badge>
            )}
            {message && (!dirty || message.tone === "error") && <Alert tone={message.tone}>{message.text}</Alert>}
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
