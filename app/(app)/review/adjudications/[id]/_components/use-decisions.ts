"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useDraftSaver } from "@/components/adjudication/use-draft-saver";
import type { AnnotationDocument } from "@/lib/annotation/document";
import { indexOfDifference, setPick } from "@/lib/review/adjudication-picks";
import type { AdjudicationPayload } from "@/lib/review/api-schemas";
import type { Pick } from "@/lib/review/resolve-facets";

const resumeKey = (id: string) => `playhead.adjudication.${id}.current`;

function readCurrent(id: string): string | null {
  try {
    return window.localStorage.getItem(resumeKey(id));
  } catch {
    return null;
  }
}

/**
 * The reviewer's decisions (picks, note, expert document) with the autosaved draft, and the
 * current difference (remembered per adjudication in this browser: a reload resumes there).
 */
export function useDecisions(payload: AdjudicationPayload) {
  const editable = payload.canEdit;
  const [picks, setPicks] = useState<Pick[]>(() => payload.draft.picks);
  const [note, setNoteState] = useState(() => payload.draft.note ?? "");
  const [document, setDocumentState] = useState<AnnotationDocument | undefined>(() => payload.draft.document);
  const [current, setCurrentState] = useState(() => (payload.differences.length ? 0 : -1));
  // The difference the keys act on, committed at once (a key right after "n" acts on the next one).
  const currentRef = useRef(current);
  const { saver, state: saveState } = useDraftSaver(payload.id, payload.version, editable);
  const latest = useRef({ picks, note, document });
  latest.current = { picks, note, document };

  useEffect(() => {
    currentRef.current = indexOfDifference(payload.differences, readCurrent(payload.id));
    setCurrentState(currentRef.current);
  }, [payload.id, payload.differences]);
  const currentNow = useCallback(() => currentRef.current, []);
  const latestPicks = useCallback(() => latest.current.picks, []);

  const save = useCallback(
    (next: Partial<{ picks: Pick[]; note: string; document: AnnotationDocument | undefined }>) => {
      const merged = { ...latest.current, ...next };
      latest.current = merged;
      saver?.update({ picks: merged.picks, note: merged.note, ...(merged.document ? { document: merged.document } : {}) });
    },
    [saver],
  );

  const setCurrent = useCallback(
    (i: number) => {
      currentRef.current = i;
      setCurrentState(i);
      const d = payload.differences[i];
      try {
        if (d) window.localStorage.setItem(resumeKey(payload.id), d.id);
      } catch {
        // storage unavailable: resuming falls back to the first difference
      }
    },
    [payload.id, payload.differences],
  );

  const decide = useCallback(
    (differenceId: string, pick: { take: number } | { edit: unknown } | null) => {
      if (!editable) return;
      const next = setPick(latest.current.picks, differenceId, pick);
      setPicks(next);
      save({ picks: next });
    },
    [editable, save],
  );
  const setNote = useCallback(
    (value: string) => {
      setNoteState(value);
      save({ note: value });
    },
    [save],
  );
  const setDocument = useCallback(
    (doc: AnnotationDocument | undefined) => {
      setDocumentState(doc);
      save({ document: doc });
    },
    [save],
  );

  const keepMine = useCallback(() => {
    const m = latest.current;
    saver?.keepMine({ picks: m.picks, note: m.note, ...(m.document ? { document: m.document } : {}) });
  }, [saver]);
  const takeTheirs = useCallback(() => {
    const theirs = saver?.takeTheirs();
    if (!theirs) return;
    setPicks(theirs.picks);
    setNoteState(theirs.note ?? "");
    setDocumentState(theirs.document);
    latest.current = { picks: theirs.picks, note: theirs.note ?? "", document: theirs.document };
  }, [saver]);

  return { picks, note, document, current, currentNow, latestPicks, setCurrent, decide, setNote, setDocument, saver, saveState, keepMine, takeTheirs, editable };
}
