"use client";

import { ShortcutHelpDialog, type ShortcutHelpGroup } from "@/components/ui/shortcut-help-dialog";
import { CAPTION_REVIEW_SHORTCUTS, WORKSPACE_SHORTCUT_GROUPS, WORKSPACE_SHORTCUTS } from "@/lib/player/shortcuts";

/** Shortcuts of widgets inside a benchmark's form (they act while that widget has the focus). */
const PANEL_SHORTCUTS: Record<string, ShortcutHelpGroup> = {
  VSAS: { title: "Caption list (click it first)", rows: CAPTION_REVIEW_SHORTCUTS },
};

/** "?" — every workspace shortcut, generated from the registry (lib/player/shortcuts.ts). */
export function HelpOverlay({ onClose, benchmark }: { onClose: () => void; benchmark?: string }) {
  const panel = benchmark ? PANEL_SHORTCUTS[benchmark] : undefined;
  const groups: ShortcutHelpGroup[] = [
    ...WORKSPACE_SHORTCUT_GROUPS.map((g) => ({ title: g as string, rows: WORKSPACE_SHORTCUTS.filter((s) => s.group === g) })),
    ...(panel ? [panel] : []),
  ];
  return <ShortcutHelpDialog groups={groups} onClose={onClose} />;
}
