"use client";

/**
 * Typed text the document does not hold yet. A text field of the workspace writes what is typed
 * into the document at most `DRAFT_COMMIT_MS` after the keystroke (and at once on Enter, on leaving
 * the field, before a submit, on Ctrl+S and when the page is hidden or closed); text it refuses ("abc" in a
 * count, an identity id already used) stays in the field with its reason and is not written. Both
 * are reported here, so the save status never says "saved" while either exists, and the workspace
 * can write every field's text at once (`flushAll`).
 */
import { createContext, useContext } from "react";

/** Longest time typed text waits before it is written into the document (and so into the autosave queue). */
export const DRAFT_COMMIT_MS = 250;

/** A field holding text: `reason` null = typed, being written; else why it is refused. */
export type HeldDraft = { name: string; reason: string | null };

export type HeldDrafts = {
  set(fieldId: string, held: HeldDraft | null): void;
  list(): readonly HeldDraft[];
  subscribe(listener: () => void): () => void;
  /** A field's "write what is typed now". */
  register(fieldId: string, flush: () => void): () => void;
  /** Writes every field's typed text now (before submit, Ctrl+S, the page hidden or closed). */
  flushAll(): void;
};

export function createHeldDrafts(): HeldDrafts {
  const held = new Map<string, HeldDraft>();
  const flushers = new Map<string, () => void>();
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
    register(fieldId, flush) {
      flushers.set(fieldId, flush);
      return () => void flushers.delete(fieldId);
    },
    flushAll() {
      for (const f of [...flushers.values()]) f();
    },
  };
}

const NONE: HeldDrafts = { set: () => {}, list: () => [], subscribe: () => () => {}, register: () => () => {}, flushAll: () => {} };

export const HeldDraftsContext = createContext<HeldDrafts>(NONE);

export const useHeldDrafts = () => useContext(HeldDraftsContext);

/** Refused text only: "count at query point 2: must be a number". */
export function refusedDrafts(list: readonly HeldDraft[]): HeldDraft[] {
  return list.filter((h) => h.reason !== null);
}

/** "count at query point 2: must be a number" for the status line and the submit refusal. */
export function heldDraftText(list: readonly HeldDraft[]): string {
  return refusedDrafts(list)
    .map((h) => `${h.name}: ${h.reason}`)
    .join("; ");
}
