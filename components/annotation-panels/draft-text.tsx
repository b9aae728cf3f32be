"use client";

/**
 * Text fields of the panels: typing stays local and becomes ONE undoable edit per burst (after
 * `idleMs` without typing, on blur, or on Enter in a one-line field), so undo does not step
 * through keystrokes and autosave gets the text within about a second. A value changed from
 * outside (undo, redo, taking the server's version) replaces the local text unless the field is
 * being edited.
 */
import { useEffect, useRef, useState, type InputHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { cn } from "@/components/ui/cn";

const control =
  "block w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 " +
  "placeholder:text-slate-400 focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-500/30 " +
  "disabled:bg-slate-100 aria-[invalid=true]:border-red-500";

function useDraft(value: string, commit: (next: string) => void, idleMs: number) {
  const [draft, setDraft] = useState(value);
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ draft, value, commit });
  latest.current = { draft, value, commit };

  useEffect(() => {
    if (!dirty.current) setDraft(value);
  }, [value]);

  const flush = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!dirty.current) return;
    dirty.current = false;
    const { draft: d, value: v, commit: c } = latest.current;
    if (d !== v) c(d);
  };
  useEffect(() => () => flush(), []); // eslint-disable-line react-hooks/exhaustive-deps

  const change = (next: string) => {
    dirty.current = true;
    setDraft(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(flush, idleMs);
  };
  return { draft, change, flush };
}

type Common = { value: string; onCommit: (next: string) => void; idleMs?: number; invalid?: boolean };

export function DraftInput({ value, onCommit, idleMs = 600, invalid, className, ...rest }: Common & Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "defaultValue">) {
  const { draft, change, flush } = useDraft(value, onCommit, idleMs);
  return (
    <input
      {...rest}
      aria-invalid={invalid || undefined}
      className={cn(control, className)}
      value={draft}
      onChange={(e) => change(e.target.value)}
      onBlur={(e) => {
        flush();
        rest.onBlur?.(e);
      }}
      onKeyDown={(e) => {
        if (e.key === "Enter") flush();
        if (e.key === "Escape") (e.target as HTMLInputElement).blur();
        rest.onKeyDown?.(e);
      }}
    />
  );
}

export function DraftTextarea({ value, onCommit, idleMs = 600, invalid, className, ...rest }: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "value" | "onChange" | "defaultValue">) {
  const { draft, change, flush } = useDraft(value, onCommit, idleMs);
  return (
    <textarea
      {...rest}
      aria-invalid={invalid || undefined}
      className={cn(control, className)}
      value={draft}
      onChange={(e) => change(e.target.value)}
      onBlur={(e) => {
        flush();
        rest.onBlur?.(e);
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape") (e.target as HTMLTextAreaElement).blur();
        rest.onKeyDown?.(e);
      }}
    />
  );
}
