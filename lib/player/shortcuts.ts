/**
 * THE keyboard shortcut registry (PURE: works on KeyboardEvent-like objects, no DOM globals).
 *
 * Every shortcut is `{id, keys, description, action}`; `keys` are combos such as "ArrowLeft",
 * "Shift+ArrowRight", "Space", "Ctrl+Enter" (modifiers in the order Ctrl, Alt, Shift, Meta;
 * the key is KeyboardEvent.key, with " " written "Space" and single letters lowercase).
 * Components attach ONE keydown listener to their own root (so shortcuts only act on the
 * focused widget) and call `handleShortcutKey`; help texts are generated from the same list.
 * Keys typed into inputs, textareas, selects and contenteditable elements are never taken.
 */

export type Shortcut<C> = {
  id: string;
  keys: readonly string[];
  description: string;
  action: (context: C) => void;
};

export type KeyLike = {
  key: string;
  ctrlKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
  metaKey?: boolean;
  isComposing?: boolean;
  target?: unknown;
};

type ElementLike = { tagName?: string; isContentEditable?: boolean; type?: string; closest?: (selector: string) => unknown };

const TEXT_INPUT_TYPES = new Set(["", "text", "search", "email", "url", "tel", "password", "number", "date", "time", "datetime-local", "month", "week"]);

/** True when the key belongs to text entry (input, textarea, select, contenteditable). */
export function isTypingTarget(target: unknown): boolean {
  const el = target as ElementLike | null | undefined;
  if (!el || typeof el !== "object") return false;
  const tag = (el.tagName ?? "").toUpperCase();
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag === "INPUT") return TEXT_INPUT_TYPES.has((el.type ?? "").toLowerCase());
  if (el.isContentEditable) return true;
  return typeof el.closest === "function" && !!el.closest('[contenteditable=""], [contenteditable="true"], [contenteditable="plaintext-only"]');
}

function normaliseKey(key: string): string {
  if (key === " " || key === "Spacebar") return "Space";
  if (key.length === 1) return key.toLowerCase();
  return key;
}

/** The combo string of an event, e.g. "Shift+ArrowLeft". */
export function comboOf(e: KeyLike): string {
  const parts: string[] = [];
  if (e.ctrlKey) parts.push("Ctrl");
  if (e.altKey) parts.push("Alt");
  if (e.shiftKey) parts.push("Shift");
  if (e.metaKey) parts.push("Meta");
  parts.push(normaliseKey(e.key));
  return parts.join("+");
}

/** Normalises a written combo ("shift+arrowleft" stays as written except modifier order/case). */
export function normaliseCombo(combo: string): string {
  const parts = combo.split("+").map((p) => p.trim()).filter(Boolean);
  const key = parts.pop() ?? "";
  const mods = new Set(parts.map((p) => p.toLowerCase()));
  return comboOf({
    key: key === "Space" ? " " : key,
    ctrlKey: mods.has("ctrl") || mods.has("control"),
    altKey: mods.has("alt"),
    shiftKey: mods.has("shift"),
    metaKey: mods.has("meta") || mods.has("cmd"),
  });
}

export type ShortcutRegistry<C> = {
  shortcuts: readonly Shortcut<C>[];
  /** The shortcut an event triggers, or undefined. */
  match: (e: KeyLike) => Shortcut<C> | undefined;
};

/** Builds a registry; throws when two shortcuts share an id or a key combo. */
export function createShortcutRegistry<C>(shortcuts: readonly Shortcut<C>[]): ShortcutRegistry<C> {
  const byCombo = new Map<string, Shortcut<C>>();
  const ids = new Set<string>();
  for (const s of shortcuts) {
    if (ids.has(s.id)) throw new Error(`shortcut id "${s.id}" is registered twice`);
    ids.add(s.id);
    for (const k of s.keys) {
      const combo = normaliseCombo(k);
      const other = byCombo.get(combo);
      if (other) throw new Error(`keys "${combo}" are bound to both "${other.id}" and "${s.id}"`);
      byCombo.set(combo, s);
    }
  }
  return { shortcuts, match: (e) => byCombo.get(comboOf(e)) };
}

/**
 * Runs the shortcut for a keydown, unless the user is typing. Returns true when a shortcut ran
 * (the caller then calls preventDefault / stopPropagation).
 */
export function handleShortcutKey<C>(registry: ShortcutRegistry<C>, context: C, e: KeyLike): boolean {
  if (e.isComposing || isTypingTarget(e.target)) return false;
  const shortcut = registry.match(e);
  if (!shortcut) return false;
  shortcut.action(context);
  return true;
}

/** What the player's shortcuts act on. */
export type PlayerControls = {
  stepFrames: (delta: number) => void;
  togglePlay: () => void;
};

export const PLAYER_SHORTCUTS: readonly Shortcut<PlayerControls>[] = [
  { id: "player.frame-back", keys: ["ArrowLeft"], description: "Previous frame", action: (c) => c.stepFrames(-1) },
  { id: "player.frame-forward", keys: ["ArrowRight"], description: "Next frame", action: (c) => c.stepFrames(1) },
  { id: "player.frames-back-10", keys: ["Shift+ArrowLeft"], description: "10 frames back", action: (c) => c.stepFrames(-10) },
  { id: "player.frames-forward-10", keys: ["Shift+ArrowRight"], description: "10 frames forward", action: (c) => c.stepFrames(10) },
  { id: "player.play-pause", keys: ["Space"], description: "Play / pause", action: (c) => c.togglePlay() },
];

export const playerShortcuts: ShortcutRegistry<PlayerControls> = createShortcutRegistry(PLAYER_SHORTCUTS);

/** "Shift+ArrowLeft" -> "Shift + ←" for help texts. */
export function displayCombo(combo: string): string {
  const symbols: Record<string, string> = { ArrowLeft: "←", ArrowRight: "→", ArrowUp: "↑", ArrowDown: "↓", Space: "Space" };
  return combo
    .split("+")
    .map((p) => symbols[p] ?? (p.length === 1 ? p.toUpperCase() : p))
    .join(" + ");
}

/** What the VSAS caption review's shortcuts act on (components/annotation-panels/vsas-panel.tsx). */
export type CaptionReviewControls = {
  step: (delta: number) => void;
  editCurrent: () => void;
  toggleCorrected: () => void;
  flag: (side: "previous" | "next") => void;
};

export const CAPTION_REVIEW_SHORTCUTS: readonly Shortcut<CaptionReviewControls>[] = [
  { id: "captions.next", keys: ["ArrowDown"], description: "Next second's caption (seeks the video)", action: (c) => c.step(1) },
  { id: "captions.previous", keys: ["ArrowUp"], description: "Previous second's caption (seeks the video)", action: (c) => c.step(-1) },
  { id: "captions.edit", keys: ["Enter"], description: "Edit the current caption (Enter saves, Esc leaves)", action: (c) => c.editCurrent() },
  { id: "captions.corrected", keys: ["c"], description: "Mark the current caption corrected / not", action: (c) => c.toggleCorrected() },
  { id: "captions.flag-previous", keys: ["p"], description: "Flag: inconsistent with the previous second", action: (c) => c.flag("previous") },
  { id: "captions.flag-next", keys: ["n"], description: "Flag: inconsistent with the next second", action: (c) => c.flag("next") },
];

export const captionReviewShortcuts: ShortcutRegistry<CaptionReviewControls> = createShortcutRegistry(CAPTION_REVIEW_SHORTCUTS);
