"use client";

/**
 * Text the workspace cannot write (yet): a field whose typed text is refused on the spot ("abc" in
 * a count, an identity id already used) keeps the text with its reason and writes nothing. Such
 * fields report here, so the save status never says "saved" while one exists, and submit refuses
 * until it is fixed. Every other keystroke is written at once (lib/annotation/workspace-store.ts
 * `merge`), so there is nothing else a field can hold back.
 */
import { createContext, useContext } from "react";

export type HeldDraft = { name: string; reason: string };

export type HeldDrafts = {
  set(fieldId: string, held: HeldDraft | null): void;
  list(): readonly HeldDraft[];
  subscribe(listener: () => void): () => void;
};

export function createHeldDrafts(): HeldDrafts {
  const held = new Map<string, HeldDraft>();
  let snapshot: readonly HeldDraft[] = [];
  const listeners = new Set<() => void>();
  return {
    set(fieldId, h) {
      const before = held.get(fieldId);
      if (h === null ? !before : before && before.name === h.name && before.reason === h.reason) return;
      if (h === null) held.delete(fieldId);
      else held.set(fieldId, h);
      snapshot = [...held.values()];
      for (const l of [...listeners]) l();
    },
    list: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

const NONE: HeldDrafts = { set: () => {}, list: () => [], subscribe: () => () => {} };

export const HeldDraftsContext = createContext<HeldDrafts>(NONE);

export const useHeldDrafts = () => useContext(HeldDraftsContext);

/** "count at query point 2: must be a number" for the status line and the submit refusal. */
export function heldDraftText(list: readonly HeldDraft[]): string {
  return list.map((h) => `${h.name}: ${h.reason}`).join("; ");
}
