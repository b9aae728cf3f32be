"use client";

import { useCallback, useRef, useState } from "react";

export type SaveState = "saving" | "saved" | "error";

/**
 * Autosave of judgements: every change is PUT at once (the server upserts, so repeating a save is
 * harmless); saves of the same key are chained so the last change is the one stored.
 */
export function useJudgementSaver(url: string) {
  const chains = useRef(new Map<string, Promise<void>>());
  const [states, setStates] = useState<Record<string, SaveState>>({});
  const [error, setError] = useState<string | null>(null);
  const save = useCallback(
    (key: string, body: unknown) => {
      setStates((s) => ({ ...s, [key]: "saving" }));
      const previous = chains.current.get(key) ?? Promise.resolve();
      const next = previous.then(async () => {
        try {
          const res = await fetch(url, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
          if (!res.ok) {
            const json = (await res.json().catch(() => null)) as { message?: string } | null;
            throw new Error(json?.message ?? `saving failed (${res.status})`);
          }
          setStates((s) => ({ ...s, [key]: "saved" }));
          setError(null);
        } catch (e) {
          setStates((s) => ({ ...s, [key]: "error" }));
          setError(e instanceof Error ? e.message : String(e));
        }
      });
      chains.current.set(key, next);
      return next;
    },
    [url],
  );
  return { save, states, error };
}
