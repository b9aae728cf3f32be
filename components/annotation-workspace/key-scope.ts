/**
 * Which keys the page-wide shortcuts leave to the focused element (PURE: works on element-like
 * objects, no DOM globals). The registry itself already ignores typing targets.
 *
 * The player, the timeline and the workspace chrome (elements inside `[data-shortcut-chrome]`)
 * never keep a key the registry owns: Space on a focused "»" plays / pauses, it does not step 10
 * more frames (Enter still presses the button). Elsewhere a focused button keeps Space and Enter.
 */
import { normaliseCombo } from "@/lib/player/shortcuts";

type ElementLike = {
  tagName?: string;
  type?: string;
  getAttribute?: (name: string) => string | null;
  closest?: (selector: string) => { getAttribute(name: string): string | null } | null;
};

/** Marks the player / timeline / workspace chrome: its controls leave the registry's keys to it. */
export const SHORTCUT_CHROME = "data-shortcut-chrome";

/** Space / Enter on a focused button, link, checkbox, radio, summary or ARIA control activate it: not a shortcut. */
export function activatesOnSpace(target: unknown): boolean {
  const el = target as ElementLike | null;
  const tag = (el?.tagName ?? "").toUpperCase();
  if (tag === "BUTTON" || tag === "A" || tag === "SUMMARY") return true;
  if (tag === "INPUT") return ["checkbox", "radio", "button", "submit", "reset"].includes((el?.type ?? "").toLowerCase());
  const role = typeof el?.getAttribute === "function" ? el.getAttribute("role") : null;
  return role === "button" || role === "checkbox" || role === "radio" || role === "tab" || role === "option";
}

/** True when the element sits in the player / timeline / workspace chrome. */
export function inShortcutChrome(target: unknown): boolean {
  const el = target as ElementLike | null;
  return typeof el?.closest === "function" && el.closest(`[${SHORTCUT_CHROME}]`) !== null;
}

/**
 * True when a focused control keeps this key (Space / Enter activate it): not in the chrome, where
 * only Enter does and Space stays the registry's.
 */
export function keptByFocusedControl(target: unknown, combo: string): boolean {
  if (combo !== "Space" && combo !== "Enter") return false;
  if (!activatesOnSpace(target)) return false;
  return !(combo === "Space" && inShortcutChrome(target));
}

/**
 * True when the key belongs to a focused widget with its own shortcuts, declared in
 * `aria-keyshortcuts` on the widget or an ancestor (e.g. the VSAS caption list's ↑/↓/n/p).
 */
export function claimedByWidget(target: unknown, combo: string): boolean {
  const el = target as ElementLike | null;
  const scope = typeof el?.closest === "function" ? el.closest("[aria-keyshortcuts]") : null;
  const keys = scope?.getAttribute("aria-keyshortcuts");
  return !!keys && keys.split(/\s+/).filter(Boolean).map(normaliseCombo).includes(combo);
}
