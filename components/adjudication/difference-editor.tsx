"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { initialEditForm, labelIsText, parseEditForm, type EditContext, type EditForm } from "@/lib/review/difference-edit";
import { differenceLabel } from "@/lib/review/difference-label";
import type { Difference } from "@/lib/review/differences";

type Props = {
  difference: Difference;
  /** The current edit of this difference (undefined: none yet). */
  currentEdit: unknown;
  /** Annotator whose version the form starts from when there is no edit. */
  from: number;
  context: EditContext;
  currentFrame: () => number | null;
  onSave: (edit: unknown) => void;
  onCancel: () => void;
};

const HINTS: Record<Difference["type"], string> = {
  unmatched: "Frame of the mark (empty: drop it).",
  offset: "Frame of the mark (empty: drop it).",
  span: "Spans as start-end frames, comma separated (empty: none).",
  count: "Count, a whole number (empty: no count).",
  label: "The value.",
  caption: "The caption (empty: none).",
};

/** Edits one difference: a frame, spans, a count, a label or a caption; bad input is named before anything is picked. */
export function DifferenceEditor({ difference, currentEdit, from, context, currentFrame, onSave, onCancel }: Props) {
  const [form, setForm] = useState<EditForm>(() => initialEditForm(difference, currentEdit, from));
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  useEffect(() => {
    inputRef.current?.focus();
  }, []);
  const isFrames = difference.type === "unmatched" || difference.type === "offset" || difference.type === "span";
  const multiline = difference.type === "caption" || (difference.type === "label" && !labelIsText(difference));

  const save = () => {
    const r = parseEditForm(difference, form, context);
    if (!r.ok) setError(r.error);
    else onSave(r.edit);
  };
  const useCurrentFrame = () => {
    const f = currentFrame();
    if (f === null) return;
    setForm((x) => ({ ...x, text: difference.type === "span" && x.text.trim() ? `${x.text.trim()}, ${f}-${f}` : String(f) }));
  };

  return (
    <form
      className="flex flex-col gap-2 rounded border border-slate-300 bg-slate-50 p-2 text-sm"
      data-testid="difference-editor"
      data-modal-open="true"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.preventDefault();
          onCancel();
        }
      }}
    >
      <label className="flex flex-col gap-1">
        <span className="font-medium" data-testid="difference-editor-title">Edit {differenceLabel(difference)}</span>
        <span className="text-xs text-slate-600">{HINTS[difference.type]}</span>
        {multiline ? (
          <textarea ref={inputRef} className="rounded border px-2 py-1 font-mono" rows={3} value={form.text} onChange={(e) => setForm({ ...form, text: e.target.value })} aria-invalid={!!error} />
        ) : (
          <input ref={inputRef} className="rounded border px-2 py-1 font-mono" value={form.text} onChange={(e) => setForm({ ...form, text: e.target.value })} aria-invalid={!!error} />
        )}
      </label>
      {difference.type === "label" && labelIsText(difference) && (
        <div className="flex flex-wrap gap-1 text-xs">
          {[...new Set(difference.options.filter((o): o is string => typeof o === "string"))].map((o) => (
            <button key={o} type="button" className="rounded border px-1.5" onClick={() => setForm({ ...form, text: o })}>
              {o}
            </button>
          ))}
        </div>
      )}
      {difference.type === "caption" && (
        <div className="flex flex-wrap gap-3 text-xs">
          <label className="flex items-center gap-1">
            <input type="checkbox" checked={form.corrected} onChange={(e) => setForm({ ...form, corrected: e.target.checked })} /> corrected
          </label>
          <label className="flex items-center gap-1">
            inconsistent with
            <select value={form.inconsistentWith ?? ""} onChange={(e) => setForm({ ...form, inconsistentWith: (e.target.value || null) as EditForm["inconsistentWith"] })}>
              <option value="">no neighbour</option>
              <option value="previous">previous second</option>
              <option value="next">next second</option>
            </select>
          </label>
        </div>
      )}
      {error && (
        <p className="text-xs text-red-700" role="alert" data-testid="edit-error">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm">
          Use this edit
        </Button>
        {isFrames && (
          <Button size="sm" variant="secondary" onClick={useCurrentFrame}>
            {difference.type === "span" ? "Add the current frame" : "Use the current frame"}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel (Esc)
        </Button>
      </div>
    </form>
  );
}
