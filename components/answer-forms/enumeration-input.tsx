"use client";

import { useRef, useState } from "react";
import { enumerationShortcuts, handleShortcutKey } from "@/lib/player/shortcuts";

/**
 * EC-Bench enumeration: a list editor, one item per row (Enter adds a row, × removes one). Ordered
 * lists are shown joined by → as they will be submitted.
 */
export function EnumerationInput({
  ordered,
  value,
  disabled,
  onChange,
}: {
  ordered: boolean;
  value: string[];
  disabled: boolean;
  onChange: (v: string[]) => void;
}) {
  const [rows, setRows] = useState<string[]>(value.length ? value : [""]);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const update = (next: string[], focus?: number) => {
    setRows(next);
    onChange(next.map((s) => s.trim()).filter(Boolean));
    if (focus !== undefined) requestAnimationFrame(() => inputs.current[focus]?.focus());
  };
  const items = rows.map((s) => s.trim()).filter(Boolean);
  return (
    <fieldset className="space-y-2 text-sm" disabled={disabled} data-testid="answer-enumeration">
      <legend className="font-medium text-slate-700">{ordered ? "The items, in the order they happen" : "The items, one per row"}</legend>
      {rows.map((row, i) => (
        <div key={i} className="flex items-center gap-2">
          <span className="w-6 text-slate-500">{ordered ? `${i + 1}.` : "•"}</span>
          <input
            ref={(el) => void (inputs.current[i] = el)}
            className="block w-full rounded-md border border-slate-300 px-3 py-1.5"
            value={row}
            aria-label={`Item ${i + 1}`}
            onChange={(e) => update(rows.map((r, j) => (j === i ? e.target.value : r)))}
            onKeyDown={(e) => {
              // Enter adds a row (lib/player/shortcuts.ts); it would otherwise submit the form.
              const addRowAfter = () => update([...rows.slice(0, i + 1), "", ...rows.slice(i + 1)], i + 1);
              if (handleShortcutKey(enumerationShortcuts, { addRowAfter }, e.nativeEvent)) {
                e.preventDefault();
                e.stopPropagation();
              }
            }}
          />
          <button type="button" className="rounded border px-2" aria-label={`Remove item ${i + 1}`} onClick={() => update(rows.length > 1 ? rows.filter((_, j) => j !== i) : [""], Math.max(0, i - 1))}>
            ×
          </button>
        </div>
      ))}
      <button type="button" className="rounded border px-2 py-1" onClick={() => update([...rows, ""], rows.length)}>
        Add an item
      </button>
      {items.length > 0 && (
        <p className="text-slate-600" data-testid="answer-enumeration-preview">
          {items.join(ordered ? " → " : ", ")}
        </p>
      )}
    </fieldset>
  );
}
