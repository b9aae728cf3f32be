"use client";

import { useEffect, useRef } from "react";
import { displayCombo, type Shortcut } from "@/lib/player/shortcuts";

type Row = Pick<Shortcut<never>, "id" | "keys" | "description">;

/** "?" — the judge page's shortcuts, generated from the registry (lib/player/shortcuts.ts). */
export function ShortcutHelp({ rows, onClose, note }: { rows: readonly Row[]; onClose: () => void; note?: string }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
  }, []);
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-black/30 p-4" onClick={onClose}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="judge-help-title"
        className="max-h-[90vh] w-full max-w-xl overflow-auto rounded-lg bg-white p-4 shadow-xl"
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
          <h2 id="judge-help-title" className="text-lg font-semibold">
            Keyboard shortcuts
          </h2>
          <button ref={closeRef} type="button" className="rounded border px-2 py-0.5 text-sm" onClick={onClose}>
            Close (Esc)
          </button>
        </div>
        {note ? <p className="mb-3 text-xs text-slate-500">{note}</p> : null}
        <table className="w-full text-sm">
          <tbody>
            {rows.map((s) => (
              <tr key={s.id} data-shortcut={s.id}>
                <td className="whitespace-nowrap py-0.5 pr-3 align-top">
                  {s.keys.map((k) => (
                    <kbd key={k} className="mr-1 rounded border border-slate-300 bg-slate-50 px-1 font-mono text-xs">
                      {displayCombo(k)}
                    </kbd>
                  ))}
                </td>
                <td className="py-0.5 align-top">{s.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
