"use client";

import { useEffect, useRef } from "react";
import { ADJUDICATION_SHORTCUT_GROUPS, ADJUDICATION_SHORTCUTS, displayCombo } from "@/lib/player/shortcuts";

/** "?" — the adjudication view's shortcuts, generated from the registry (lib/player/shortcuts.ts). */
export function AdjudicationHelp({ onClose, k }: { onClose: () => void; k: number }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
  }, []);
  const shown = ADJUDICATION_SHORTCUTS.filter((s) => !s.id.startsWith("adj.take-") || s.id.charCodeAt(s.id.length - 1) - 97 < k);
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-black/30 p-4" onClick={onClose}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="adj-help-title"
        className="max-h-[90vh] w-full max-w-3xl overflow-auto rounded-lg bg-white p-4 shadow-xl"
        data-testid="shortcut-help"
        onClick={(e) => e.stopPropagation()}
      >
        <div className="mb-2 flex items-center justify-between">
          <h2 id="adj-help-title" className="text-lg font-semibold">
            Keyboard shortcuts
          </h2>
          <button ref={closeRef} type="button" className="rounded border px-2 py-0.5 text-sm" onClick={onClose}>
            Close (Esc)
          </button>
        </div>
        <p className="mb-3 text-xs text-slate-500">They work anywhere on the page except while typing in a field.</p>
        <div className="grid gap-4 md:grid-cols-2">
          {ADJUDICATION_SHORTCUT_GROUPS.map((g) => (
            <section key={g}>
              <h3 className="mb-1 text-sm font-semibold text-slate-700">{g}</h3>
              <table className="w-full text-sm">
                <tbody>
                  {shown
                    .filter((s) => s.group === g)
                    .map((s) => (
                      <tr key={s.id} data-shortcut={s.id}>
                        <td className="whitespace-nowrap py-0.5 pr-3 align-top">
                          {s.keys.map((key) => (
                            <kbd key={key} className="mr-1 rounded border border-slate-300 bg-slate-50 px-1 font-mono text-xs">
                              {displayCombo(key)}
                            </kbd>
                          ))}
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
