import type { Page } from "@playwright/test";

/**
 * Key sequences faster than the page can paint (e2e/annotate-fast-keys.spec.ts): each key is a
 * keydown + keyup dispatched on the focused element, one task after the other (0 ms apart: the
 * page's own work between two keys runs, but no animation frame does). Keys are written as the
 * registry writes them: "ArrowDown", "Shift+ArrowDown", "c", "Space", "Ctrl+z".
 */
export async function fireKeys(page: Page, keys: readonly string[]): Promise<void> {
  await page.evaluate(async (list) => {
    for (const combo of list) {
      const parts = combo === "+" ? ["+"] : combo.split("+");
      const name = parts[parts.length - 1];
      const mods = new Set(parts.slice(0, -1));
      const key = name === "Space" ? " " : name;
      const init: KeyboardEventInit = {
        key,
        bubbles: true,
        cancelable: true,
        composed: true,
        shiftKey: mods.has("Shift"),
        ctrlKey: mods.has("Ctrl"),
        altKey: mods.has("Alt"),
        metaKey: mods.has("Meta"),
      };
      const target = document.activeElement ?? document.body;
      target.dispatchEvent(new KeyboardEvent("keydown", init));
      target.dispatchEvent(new KeyboardEvent("keyup", init));
      await new Promise((r) => setTimeout(r, 0));
    }
  }, keys);
}

/** Presses Tab until `isTarget` holds for the focused element (keyboard-only navigation); throws after `max` presses. */
export async function tabUntil(page: Page, isTarget: () => Promise<boolean>, max = 80, back = false): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await isTarget()) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  if (await isTarget()) return;
  throw new Error(`the target was not reached with ${max} ${back ? "Shift+Tab" : "Tab"} presses`);
}
