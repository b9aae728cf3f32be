"use client";

import { useCallback, useRef, useState } from "react";
import { createSaveSequence } from "./save-sequence";

export type SaveState = "saving" | "saved" | "error";

/**
 * Autosave of judgements: every change is PUT at once (the server upserts, so repeating a save is
 * harmless); saves of the same key are chained so the last change is the one stored, and a key
 * shows "saved" only once its latest save went through (save-sequence.ts).
 */
export function useJudgementSaver(url: string) {
  const chains = useRef(new Map<string, Promise<void>>());
  const sequence = useRef(createSaveSequence());
  const [states, setStates] = useState<Record<string, SaveState>>({});
  const [error, setError] = useState<string | null>(null);
  /** Saves that went through on this page: the stored score is behind them until the server rescores the run. */
  const [saves, setSaves] = useState(0);
  const save = useCallback(
    (key: string, body: unknown) => {
      setStates((s) => ({ ...s, [key]: "saving" }));
      const n = sequence.current.start(key);
      const previous = chains.current.get(key) ?? Promise.resolve();
      const next = previous.then(async () => {
        try {
          const res = await fetch(url, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
          if (!res.ok) {
            const json = (await res.json().catch(() => null)) as { message?: string } | null;
            throw new Error(json?.message ?? `saving failed (${res.status})`);
          }
          setSaves((k) => k + 1);
          // A later change of this key still waits in the chain: the key stays "saving".
          if (!sequence.current.isLatest(key, n)) return;
          setStates((s) => ({ ...s, [key]: "saved" }));
          setError(null);
        } catch (e) {
          // A later save of the key carries the whole verdict again: its outcome is what counts.
          if (!sequence.current.isLatest(key, n)) return;
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
