"use client";

/**
 * THE text field of the workspace (panels, counts, the selection editor, the caption editor): what
 * is typed goes into the document (so into the autosave queue, kept in the browser and saved within
 * about a second): the first keystroke at once, later ones at most `DRAFT_COMMIT_MS` after they are
 * typed (a throttle: a big panel is not re-rendered per keystroke), at once on Enter or on leaving the
 * field, and whenever the workspace writes every field (before a submit, on Ctrl+S, when the page
 * is hidden or closed); until then the field reports it as typed-not-written, so the save status
 * never says "saved". A burst of typing is ONE undo step: its writes carry the same `merge` key
 * (lib/annotation/workspace-store.ts). A burst ends on Enter, on leaving the field, or after
 * `burstMs` without typing.
 *
 * Text the field refuses (`validate`: a count that is not a number, an id already used) stays in
 * the field with its reason and is not written; the save status names it. A value changed from
 * outside (undo, redo, another tab's version) replaces the text unless the field has focus.
 */
import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type FocusEvent, type InputHTMLAttributes, type KeyboardEvent, type TextareaHTMLAttributes } from "react";
import { cn } from "@/components/ui/cn";
import { DRAFT_COMMIT_MS, useHeldDrafts } from "@/components/annotation-workspace/held-drafts";
import type { EditOptions } from "@/lib/annotation/workspace-store";

const control =
  "block w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 " +
  "placeholder:text-slate-400 focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-500/30 " +
  "disabled:bg-slate-100 aria-[invalid=true]:border-red-500";

/** How a field hands typed text to the document; `burst` makes one burst of typing one undo step. */
export type DraftCommit = (next: string, burst: EditOptions) => void;

export type DraftFieldOptions = {
  value: string;
  onCommit: DraftCommit;
  /** The reason a text is refused (shown, not written), or null when it is fine. */
  validate?: (next: string) => string | null;
  /** What the field is, for "not saved" messages ("count at query point 2"). */
  name: string;
  burstMs?: number;
};

/** The draft-field mechanism: local text, written within DRAFT_COMMIT_MS of typing, refused text held with its reason. */
export function useDraftField({ value, onCommit, validate, name, burstMs = 1500 }: DraftFieldOptions) {
  const fieldId = useId();
  const held = useHeldDrafts();
  const [draft, setDraft] = useState(value);
  const [error, setErrorState] = useState<string | null>(null);
  const errorRef = useRef<string | null>(null);
  const setError = useCallback((e: string | null) => {
    errorRef.current = e;
    setErrorState(e);
  }, []);
  const focused = useRef(false);
  const burst = useRef({ n: 0, at: 0 });
  /** Typed text not written yet (null: nothing waiting). */
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ onCommit, validate, name });
  latest.current = { onCommit, validate, name };

  /** Writes the text waiting, if any. */
  const commitNow = useCallback(() => {
    const text = pending.current;
    if (text === null) return;
    pending.current = null;
    held.set(fieldId, null);
    latest.current.onCommit(text, { merge: `${fieldId}:${burst.current.n}` });
  }, [held, fieldId]);
  /** Throttle: the first keystroke is written at once, later ones at most every DRAFT_COMMIT_MS. */
  const tick = useCallback(() => {
    timer.current = null;
    if (pending.current === null) return;
    commitNow();
    timer.current = setTimeout(tick, DRAFT_COMMIT_MS);
  }, [commitNow]);
  /** Writes now whatever waits (Enter, blur, submit, the page hidden or closed). */
  const write = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    commitNow();
  }, [commitNow]);

  useEffect(() => held.register(fieldId, write), [held, fieldId, write]);
  // Leaving the page / unmounting: what was typed is written, never dropped.
  useEffect(
    () => () => {
      write();
      held.set(fieldId, null);
    },
    [write, held, fieldId],
  );

  // A value from outside replaces the text, unless the annotator is typing in the field.
  useEffect(() => {
    if (focused.current || pending.current !== null) return;
    setDraft(value);
    setError(null);
    held.set(fieldId, null);
  }, [value, held, fieldId, setError]);

  const endBurst = useCallback(() => {
    write();
    burst.current = { n: burst.current.n + 1, at: 0 };
  }, [write]);

  const change = useCallback(
    (next: string) => {
      setDraft(next);
      const { validate: check, name: n } = latest.current;
      const problem = check ? check(next) : null;
      setError(problem);
      if (problem) {
        if (timer.current) clearTimeout(timer.current);
        timer.current = null;
        pending.current = null;
        held.set(fieldId, { name: n, reason: problem });
        return;
      }
      const now = Date.now();
      if (burst.current.at && now - burst.current.at > burstMs) burst.current.n += 1;
      burst.current.at = now;
      pending.current = next;
      if (!timer.current) {
        commitNow();
        timer.current = setTimeout(tick, DRAFT_COMMIT_MS);
      } else held.set(fieldId, { name: n, reason: null });
    },
    [held, fieldId, burstMs, setError, commitNow, tick],
  );

  const onFocus = useCallback(() => {
    focused.current = true;
  }, []);
  const onBlur = useCallback(() => {
    focused.current = false;
    endBurst();
  }, [endBurst]);
  // After leaving the field, show the stored form of what was typed (trimmed, normalised) unless refused.
  useEffect(() => {
    if (!focused.current && pending.current === null && !errorRef.current) setDraft(value);
  });

  return { draft, error, change, onFocus, onBlur, endBurst };
}

type Common = {
  value: string;
  onCommit: DraftCommit;
  invalid?: boolean;
  validate?: (next: string) => string | null;
  /** Name in "not saved" messages; default the aria-label. */
  draftName?: string;
};

function FieldError({ error }: { error: string | null }) {
  return error ? (
    <span className="block text-xs text-red-700" role="alert">
      {error}
    </span>
  ) : null;
}

const nameOf = (draftName: string | undefined, rest: { "aria-label"?: string; placeholder?: string }) => draftName ?? rest["aria-label"] ?? rest.placeholder ?? "a field";

/** The props both field kinds bind to the draft mechanism; the caller's own focus, blur and key handlers still run. */
function draftBindings<E extends HTMLInputElement | HTMLTextAreaElement>(
  f: ReturnType<typeof useDraftField>,
  invalid: boolean | undefined,
  rest: { onFocus?: (e: FocusEvent<E>) => void; onBlur?: (e: FocusEvent<E>) => void; onKeyDown?: (e: KeyboardEvent<E>) => void },
  /** Enter ends a burst of typing (a one-line field); in a text area it is a new line. */
  enterEndsBurst: boolean,
) {
  return {
    "aria-invalid": invalid || !!f.error || undefined,
    value: f.draft,
    onChange: (e: ChangeEvent<E>) => f.change(e.target.value),
    onFocus: (e: FocusEvent<E>) => {
      f.onFocus();
      rest.onFocus?.(e);
    },
    onBlur: (e: FocusEvent<E>) => {
      f.onBlur();
      rest.onBlur?.(e);
    },
    onKeyDown: (e: KeyboardEvent<E>) => {
      if (enterEndsBurst && e.key === "Enter") f.endBurst();
      if (e.key === "Escape") e.currentTarget.blur();
      rest.onKeyDown?.(e);
    },
  };
}

export function DraftInput({ value, onCommit, invalid, validate, draftName, className, ...rest }: Common & Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "defaultValue">) {
  const f = useDraftField({ value, onCommit, validate, name: nameOf(draftName, rest) });
  const input = <input {...rest} {...draftBindings(f, invalid, rest, true)} className={cn(control, validate ? undefined : className)} />;
  if (!validate) return input;
  return (
    <span className={cn("inline-block", className)}>
      {input}
      <FieldError error={f.error} />
    </span>
  );
}

export function DraftTextarea({ value, onCommit, invalid, validate, draftName, className, ...rest }: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "value" | "onChange" | "defaultValue">) {
  const f = useDraftField({ value, onCommit, validate, name: nameOf(draftName, rest) });
  return (
    <>
      <textarea {...rest} {...draftBindings(f, invalid, rest, false)} className={cn(control, className)} />
      <FieldError error={f.error} />
    </>
  );
}
