"use client";

import { useEffect, useRef } from "react";
import { CAPTION_REVIEW_SHORTCUTS, displayCombo, WORKSPACE_SHORTCUT_GROUPS, WORKSPACE_SHORTCUTS, type Shortcut } from "@/lib/player/shortcuts";

type Row = Pick<Shortcut<never>, "id" | "keys" | "description">;

/** Shortcuts of widgets inside a benchmark's form (they act while that widget has the focus). */
const PANEL_SHORTCUTS: Record<string, { title: string; rows: readonly Row[] }> = {
  VSAS: { title: "Caption list (click it first)", rows: CAPTION_REVIEW_SHORTCUTS },
};

/** "?" — every workspace shortcut, generated from the registry (lib/player/shortcuts.ts). */
export function HelpOverlay({ onClose, benchmark }: { onClose: () => void; benchmark?: string }) {
  const panel = benchmark ? PANEL_SHORTCUTS[benchmark] : undefined;
  const groups: { title: string; rows: readonly Row[] }[] = [
    ...WORKSPACE_SHORTCUT_GROUPS.map((g) => ({ title: g as string, rows: WORKSPACE_SHORTCUTS.filter((s) => s.group === g) })),
    ...(panel ? [panel] : []),
  ];
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-black/30 p-4" onClick={onClose}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="shortcut-help-title"
        className="max-h-[90vh] w-full max-w-3xl overflow-auto rounded-lg bg-white p-4 shadow-xl"
        data-testid="shortcut-help"
        onClick={(e) => e.stopPropagation()}
      >
        <div className="mb-2 flex items-center justify-between">
          <h2 id="shortcut-help-title" className="text-lg font-semibold">
            Keyboard shortcuts
          </h2>
          <button ref={closeRef} type="button" className="rounded border px-2 py-0.5 text-sm" onClick={onClose}>
            Close (Esc)
          </button>
        </div>
        <p className="mb-3 text-xs text-slate-500">They work anywhere on the page except while typing in a field.</p>
        <div className="grid gap-4 md:grid-cols-2">
          {groups.map((g) => (
            <section key={g.title}>
              <h3 className="mb-1 text-sm font-semibold text-slate-700">{g.title}</h3>
              <table className="w-full text-sm">
                <tbody>
                  {g.rows.map((s) => (
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
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
