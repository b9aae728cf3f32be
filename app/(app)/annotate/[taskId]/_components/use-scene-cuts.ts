"use client";

import { useEffect, useState } from "react";
import type { WorkspaceVideo } from "@/lib/annotation/api-schemas";

/** How often the workspace asks again while the server is detecting scene cuts, and for how long. */
const POLL_MS = 5_000;
const MAX_POLLS = 120;

export type SceneCuts = { cuts: WorkspaceVideo["cuts"]; error: string | null };

/**
 * The video's scene cuts: those of the workspace payload, or, while the server is still detecting
 * them (`cuts: null`), null until GET /api/videos/:id/scene-cuts has them (polled every 5 s, for
 * at most 10 minutes; a failed request is retried on the next poll). When the detection failed
 * for good (`failed: {error}`), polling stops and `error` says why.
 */
export function useSceneCuts(video: WorkspaceVideo | null): SceneCuts {
  const initial = video?.cuts ?? null;
  const initialError = video?.cutsError ?? null;
  const videoId = video?.id ?? null;
  const [cuts, setCuts] = useState(initial);
  const [error, setError] = useState<string | null>(initialError);
  useEffect(() => {
    setCuts(initial);
    setError(initialError);
    if (!videoId || initial || initialError) return undefined;
    let polls = 0;
    let timer: number | null = null;
    let stopped = false;
    const poll = async () => {
      timer = null;
      polls++;
      try {
        const res = await fetch(`/api/videos/${videoId}/scene-cuts`, { cache: "no-store" });
        const body = res.ok ? ((await res.json()) as { cuts: WorkspaceVideo["cuts"]; failed?: { error: string } }) : null;
        if (stopped) return;
        if (body?.cuts) {
          setCuts(body.cuts);
          return;
        }
        if (body?.failed) {
          setError(body.failed.error);
          return;
        }
      } catch {
        /* offline for a moment: ask again on the next poll */
      }
      if (!stopped && polls < MAX_POLLS) timer = window.setTimeout(() => void poll(), POLL_MS);
    };
    timer = window.setTimeout(() => void poll(), POLL_MS);
    return () => {
      stopped = true;
      if (timer !== null) window.clearTimeout(timer);
    };
  }, [videoId, initial, initialError]);
  return { cuts, error };
}
