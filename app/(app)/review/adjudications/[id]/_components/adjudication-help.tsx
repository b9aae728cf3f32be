"use client";

import { ShortcutHelpDialog } from "@/components/ui/shortcut-help-dialog";
import { ADJUDICATION_SHORTCUT_GROUPS, ADJUDICATION_SHORTCUTS } from "@/lib/player/shortcuts";

/** "?" — the adjudication view's shortcuts (take A … only for the item's k annotators), from the registry (lib/player/shortcuts.ts). */
export function AdjudicationHelp({ onClose, k }: { onClose: () => void; k: number }) {
  const shown = ADJUDICATION_SHORTCUTS.filter((s) => !s.id.startsWith("adj.take-") || s.id.charCodeAt(s.id.length - 1) - 97 < k);
  return <ShortcutHelpDialog groups={ADJUDICATION_SHORTCUT_GROUPS.map((g) => ({ title: g, rows: shown.filter((s) => s.group === g) }))} onClose={onClose} />;
}
