"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { studyApi } from "../../_components/studies-api";
import { useUnsavedEdits } from "./unsaved-edits";

type OpenResponse = { report?: { videos: { segments: number; reused: boolean; seconds: number }[] } };

/**
 * Open (saves the page's unsaved items and settings first; segments a streaming study's videos:
 * can take minutes) or close a study. A crowd study without a completion code or URL is refused
 * by the server; the admin then sees why and may confirm opening it anyway.
 */
export function StudyStatusControls({ studyId, status, protocol }: { studyId: string; status: string; protocol: string }) {
  const router = useRouter();
  const edits = useUnsavedEdits();
  const [pending, setPending] = useState<null | "saving" | "opening" | "closing">(null);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [confirm, setConfirm] = useState<string | null>(null);

  const open = async (confirmMissingCompletion: boolean) => {
    setMessage(null);
    setConfirm(null);
    if (edits.pending.length) {
      setPending("saving");
      const problem = await edits.saveAll();
      if (problem) {
        setPending(null);
        return setMessage({ tone: "error", text: `Not opened. ${problem}` });
      }
    }
    setPending("opening");
    const r = await studyApi<OpenResponse>("POST", `/api/studies/${studyId}/status`, { status: "OPEN", ...(confirmMissingCompletion ? { confirmMissingCompletion } : {}) });
    setPending(null);
    if (!r.ok) {
      if (r.code === "completion_missing") return setConfirm(r.message);
      return setMessage({ tone: "error", text: r.message });
    }
    const videos = r.data.report?.videos ?? [];
    setMessage({ tone: "success", text: `Opened.${videos.length ? ` ${videos.length} video(s) segmented (${videos.filter((v) => v.reused).length} reused).` : ""}` });
    router.refresh();
  };

  const close = async () => {
    setMessage(null);
    setPending("closing");
    const r = await studyApi("POST", `/api/studies/${studyId}/status`, { status: "CLOSED" });
    setPending(null);
    setMessage(r.ok ? { tone: "success", text: "Closed." } : { tone: "error", text: r.message });
    if (r.ok) router.refresh();
  };

  const label =
    pending === "saving" ? "Saving changes…" : pending === "opening" ? (protocol === "STREAMING" ? "Segmenting videos…" : "Opening…") : "Open the study";
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        {status !== "OPEN" && (
          <Button onClick={() => open(false)} disabled={pending !== null || confirm !== null}>
            {label}
          </Button>
        )}
        {status === "OPEN" && (
          <Button variant="secondary" onClick={close} disabled={pending !== null}>
            Close the study
          </Button>
        )}
        {status !== "OPEN" && edits.pending.length > 0 && pending === null && (
          <span className="text-xs text-slate-600">Opening saves the unsaved {edits.pending.join(" and ")} first.</span>
        )}
      </div>
      {confirm && (
        <Alert tone="warning" title="No completion code or completion URL" className="space-y-2">
          <p data-testid="completion-warning">{confirm}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button variant="danger" size="sm" onClick={() => open(true)}>
              Open without a completion code
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setConfirm(null)}>
              Cancel
            </Button>
          </div>
        </Alert>
      )}
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
    </div>
  );
}
