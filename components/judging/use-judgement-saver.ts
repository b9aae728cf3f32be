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
  /** Saves that went through on this page: the stored score is behind them until the server rescores the run. */
  const [saves, setSaves] = useState(0);
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
          setSaves((n) => n + 1);
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
  /** Waits for every save in flight (before leaving the page, so the next one reads them). */
  const flush = useCallback(() => Promise.all([...chains.current.values()]).then(() => undefined), []);
  return { save, states, error, saves, flush };
}
