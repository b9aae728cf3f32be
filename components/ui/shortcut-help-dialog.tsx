"use client";

import { useEffect, useRef } from "react";
import { displayCombo, type Shortcut } from "@/lib/player/shortcuts";
import { cn } from "./cn";

export type ShortcutHelpRow = Pick<Shortcut<never>, "id" | "keys" | "description">;
/** A titled table of shortcuts (title null: one untitled table). */
export type ShortcutHelpGroup = { title: string | null; rows: readonly ShortcutHelpRow[] };

/**
 * The "?" dialog listing a page's keyboard shortcuts, generated from the one registry
 * (lib/player/shortcuts.ts): the annotation workspace, the adjudication view and the judge pages
 * all show theirs with it. Focus goes to Close; Escape or "?" pressed inside the dialog, a click
 * outside it or Close call `onClose`.
 */
export function ShortcutHelpDialog({ groups, onClose, note = "They work anywhere on the page except while typing in a field.", wide = true }: { groups: readonly ShortcutHelpGroup[]; onClose: () => void; note?: string; wide?: boolean }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
  }, []);
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-black/30 p-4" onClick={onClose}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="shortcut-help-title"
        className={cn("max-h-[90vh] w-full overflow-auto rounded-lg bg-white p-4 shadow-xl", wide ? "max-w-3xl" : "max-w-xl")}
        data-testid="shortcut-help"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key === "Escape" || e.key === "?") {
            e.preventDefault();
            e.stopPropagation();
            onClose();
          }
        }}
      >
        <div className="mb-2 flex items-center justify-between">
          <h2 id="shortcut-help-title" className="text-lg font-semibold">
            Keyboard shortcuts
          </h2>
          <button ref={closeRef} type="button" className="rounded border px-2 py-0.5 text-sm" onClick={onClose}>
            Close (Esc)
          </button>
        </div>
        {note ? <p className="mb-3 text-xs text-slate-500">{note}</p> : null}
        <div className={cn("grid gap-4", groups.length > 1 && "md:grid-cols-2")}>
          {groups.map((g, i) => (
            <section key={g.title ?? i} className="min-w-0">
              {g.title ? <h3 className="mb-1 text-sm font-semibold text-slate-700">{g.title}</h3> : null}
              {/* Fixed columns: keys get 40 % and wrap between their chips (one chip never breaks), so a row with many
                  keys (Editing: undo / redo) never squeezes its description to a word per line nor runs into the next group. */}
              <table className="w-full table-fixed text-sm">
                <colgroup>
                  <col className="w-2/5" />
                  <col />
                </colgroup>
                <tbody>
                  {g.rows.map((s) => (
                    <tr key={s.id} data-shortcut={s.id}>
                      <td className="py-0.5 pr-3 align-top">
                        <span className="flex flex-wrap gap-1">
                          {s.keys.map((k) => (
                            <kbd key={k} className="whitespace-nowrap rounded border border-slate-300 bg-slate-50 px-1 font-mono text-xs">
                              {displayCombo(k)}
                            </kbd>
                          ))}
                        </span>
                      </td>
                      <td className="py-0.5 align-top">{s.description}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
