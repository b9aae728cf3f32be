"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";

/**
 * Unsaved edits of the study page's forms (items, settings). A form with changes registers how to
 * save them; "Open the study" saves every pending form first, and leaving the page with changes
 * asks the browser to confirm. A save returns null when it worked, else the reason it did not.
 */
export type PendingSave = () => Promise<string | null>;

type Registry = {
  pending: readonly string[];
  setPending: (key: string, save: PendingSave | null) => void;
  saveAll: () => Promise<string | null>;
};

const UnsavedEditsContext = createContext<Registry | null>(null);

export function UnsavedEditsProvider({ children }: { children: ReactNode }) {
  const saves = useRef(new Map<string, PendingSave>());
  const [pending, setKeys] = useState<string[]>([]);
  const setPending = useCallback((key: string, save: PendingSave | null) => {
    if (save) saves.current.set(key, save);
    else saves.current.delete(key);
    setKeys([...saves.current.keys()].sort());
  }, []);
  const saveAll = useCallback(async () => {
    for (const [, save] of [...saves.current.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const problem = await save();
      if (problem) return problem;
    }
    return null;
  }, []);
  useEffect(() => {
    if (!pending.length) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [pending.length]);
  const value = useMemo(() => ({ pending, setPending, saveAll }), [pending, setPending, saveAll]);
  return <UnsavedEditsContext.Provider value={value}>{children}</UnsavedEditsContext.Provider>;
}

const outside: Registry = { pending: [], setPending: () => {}, saveAll: async () => null };

export function useUnsavedEdits(): Registry {
  return useContext(UnsavedEditsContext) ?? outside;
}

/** Registers `save` under `key` while `dirty` (the latest `save` is used). */
export function usePendingSave(key: string, dirty: boolean, save: PendingSave) {
  const { setPending } = useUnsavedEdits();
  const latest = useRef(save);
  useEffect(() => {
    latest.current = save;
  });
  useEffect(() => {
    setPending(key, dirty ? () => latest.current() : null);
    return () => setPending(key, null);
  }, [key, dirty, setPending]);
}
