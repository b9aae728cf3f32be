"use client";

import { useEffect, useRef } from "react";
import { claimedByWidget, keptByFocusedControl } from "@/components/annotation-workspace/key-scope";
import { adjudicationShortcuts, comboOf, handleShortcutKey, type AdjudicationControls, type KeyLike } from "@/lib/player/shortcuts";

/**
 * The adjudication view's page-wide keys (one listener, the ONE registry lib/player/shortcuts.ts,
 * adjudication scope). Never while typing; while a dialog or the editor is open only its own keys work.
 */
export function useAdjudicationKeys(controls: AdjudicationControls, helpOpen: boolean) {
  const ref = useRef({ controls, helpOpen });
  ref.current = { controls, helpOpen };
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      if (document.querySelector("[data-modal-open='true']")) return;
      const combo = comboOf(e as KeyLike);
      if (ref.current.helpOpen && combo !== "Escape" && combo !== "Shift+?" && combo !== "?") return;
      if (keptByFocusedControl(e.target, combo)) return;
      if (claimedByWidget(e.target, combo)) return;
      if (handleShortcutKey(adjudicationShortcuts, ref.current.controls, e)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener("keydown", onKeyDown, true);
    return () => window.removeEventListener("keydown", onKeyDown, true);
  }, []);
}
