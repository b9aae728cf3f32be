"use client";

import { ShortcutHelpDialog, type ShortcutHelpRow } from "@/components/ui/shortcut-help-dialog";

/** "?" — the judge page's shortcuts, generated from the registry (lib/player/shortcuts.ts). */
export function ShortcutHelp({ rows, onClose, note }: { rows: readonly ShortcutHelpRow[]; onClose: () => void; note?: string }) {
  return <ShortcutHelpDialog groups={[{ title: null, rows }]} onClose={onClose} note={note ?? ""} wide={false} />;
}
