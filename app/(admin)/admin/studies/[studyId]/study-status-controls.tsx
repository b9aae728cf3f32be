"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { studyApi } from "../studies-api";

/** Open (segments a streaming study's videos first: can take minutes) or close a study. */
export function StudyStatusControls({ studyId, status, protocol }: { studyId: string; status: string; protocol: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const set = async (next: "OPEN" | "CLOSED") => {
    setPending(true);
    setMessage(null);
    const r = await studyApi<{ report?: { videos: { segments: number; reused: boolean; seconds: number }[] } }>("POST", `/api/studies/${studyId}/status`, { status: next });
    setPending(false);
    if (!r.ok) return setMessage({ tone: "error", text: r.message });
    const videos = r.data.report?.videos ?? [];
    setMessage({
      tone: "success",
      text: next === "OPEN" ? `Opened.${videos.length ? ` ${videos.length} video(s) segmented (${videos.filter((v) => v.reused).length} reused).` : ""}` : "Closed.",
    });
    router.refresh();
  };
  return (
    <div className="space-y-2">
      <div className="flex gap-2">
        {status !== "OPEN" && (
          <Button onClick={() => set("OPEN")} disabled={pending}>
            {pending ? (protocol === "STREAMING" ? "Segmenting videos…" : "Opening…") : "Open the study"}
          </Button>
        )}
        {status === "OPEN" && (
          <Button variant="secondary" onClick={() => set("CLOSED")} disabled={pending}>
            Close the study
          </Button>
        )}
      </div>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
    </div>
  );
}
