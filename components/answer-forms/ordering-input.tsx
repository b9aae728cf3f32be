"use client";

import { useRef, useState, type KeyboardEvent } from "react";
import { handleShortcutKey, orderingShortcuts } from "@/lib/player/shortcuts";
import type { ChoiceOption } from "@/lib/protocol/participant-question";

/**
 * Puts the presented events in order, first at the top: drag an event onto another, or focus it
 * and press Alt+↑ / Alt+↓ (or the ↑ / ↓ buttons). Screen readers hear the new position.
 */
export function OrderingInput({
  options,
  value,
  disabled,
  onChange,
}: {
  options: ChoiceOption[];
  value: string[];
  disabled: boolean;
  onChange: (v: string[]) => void;
}) {
  const text = new Map(options.map((o) => [o.label, o.text]));
  const [dragging, setDragging] = useState<string | null>(null);
  const [announce, setAnnounce] = useState("");
  const items = useRef(new Map<string, HTMLLIElement>());

  const moveTo = (label: string, j: number) => {
    const i = value.indexOf(label);
    if (i < 0 || j < 0 || j >= value.length || i === j) return;
    const next = value.filter((l) => l !== label);
    next.splice(j, 0, label);
    onChange(next);
    setAnnounce(`${label} moved to position ${j + 1} of ${value.length}`);
    // Moving a focused item in the list can drop its focus: give it back after the re-render, but
    // only if nothing else was focused meanwhile (after a drop, the participant may already be on
    // another event: a late focus here sent their next Alt+↑ to the wrong one).
    const before = document.activeElement;
    requestAnimationFrame(() => {
      const now = document.activeElement;
      if (now === before || now === null || now === document.body) items.current.get(label)?.focus();
    });
  };
  // Keys through the one registry (lib/player/shortcuts.ts): Alt+↑ / Alt+↓ on a focused event.
  const onKey = (label: string, e: KeyboardEvent<HTMLLIElement>) => {
    if (disabled) return;
    if (handleShortcutKey(orderingShortcuts, { move: (d) => moveTo(label, value.indexOf(label) + d) }, e.nativeEvent)) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  return (
    <div className="space-y-1">
      <p className="text-xs text-slate-500">Drag the events into order, or focus one and press Alt+↑ / Alt+↓. First at the top.</p>
      <ol className="space-y-2" aria-label="Order of events (first at the top)" data-testid="answer-ordering">
        {value.map((label, i) => (
          <li
            key={label}
            ref={(el) => void (el ? items.current.set(label, el) : items.current.delete(label))}
            tabIndex={disabled ? -1 : 0}
            draggable={!disabled}
            aria-label={`${i + 1}. ${label} ${text.get(label) ?? ""}`}
            onKeyDown={(e) => onKey(label, e)}
            onDragStart={(e) => {
              setDragging(label);
              e.dataTransfer.effectAllowed = "move";
              e.dataTransfer.setData("text/plain", label);
            }}
            onDragEnd={() => setDragging(null)}
            onDragOver={(e) => {
              if (!disabled) e.preventDefault();
            }}
            onDrop={(e) => {
              e.preventDefault();
              const from = dragging ?? e.dataTransfer.getData("text/plain");
              setDragging(null);
              if (from) moveTo(from, i);
            }}
            className={`flex cursor-grab items-center gap-2 rounded-md border px-3 py-2 text-sm focus:outline-none focus:ring-2 focus:ring-blue-500 ${
              dragging === label ? "border-blue-400 bg-blue-50" : "border-slate-200 bg-white"
            }`}
            data-testid={`answer-order-${label}`}
          >
            <span className="w-6 text-slate-500">{i + 1}.</span>
            <span className="font-semibold">{label}</span>
            <span className="flex-1">{text.get(label)}</span>
            <button type="button" tabIndex={-1} className="rounded border px-2" disabled={disabled || i === 0} onClick={() => moveTo(label, i - 1)} aria-label={`Move ${label} up`}>
              ↑
            </button>
            <button
              type="button"
              tabIndex={-1}
              className="rounded border px-2"
              disabled={disabled || i === value.length - 1}
              onClick={() => moveTo(label, i + 1)}
              aria-label={`Move ${label} down`}
            >
              ↓
            </button>
          </li>
        ))}
      </ol>
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
    </div>
  );
}
