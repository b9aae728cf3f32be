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
  /**
   * Also taken when the key is typed into a text field (default: never). Only for keys that act
   * on the field itself and type nothing, e.g. Enter in a list editor's row adds a row.
   */
  inTextFields?: boolean;
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
  // "+" itself is a key: "+" and "Shift++" end with it.
  const plusKey = combo === "+" || combo.endsWith("++");
  const parts = (plusKey ? combo.slice(0, -1) : combo).split("+").map((p) => p.trim()).filter(Boolean);
  const key = plusKey ? "+" : (parts.pop() ?? "");
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
  if (e.isComposing) return false;
  const shortcut = registry.match(e);
  if (!shortcut) return false;
  if (!shortcut.inTextFields && isTypingTarget(e.target)) return false;
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

/**
 * The playback keys of the pages that work on annotations (the workspace, the adjudication view):
 * ONE meaning each, whichever of the two registries binds them (issue 19.9: Shift+→ was 1 second
 * in the workspace and 10 frames in the adjudication view). The registries below spread these.
 */
export const ANNOTATION_PLAYBACK_KEYS = {
  frameBack: { keys: ["ArrowLeft"], description: "Previous frame" },
  frameForward: { keys: ["ArrowRight"], description: "Next frame" },
  secondBack: { keys: ["Shift+ArrowLeft"], description: "1 second back" },
  secondForward: { keys: ["Shift+ArrowRight"], description: "1 second forward" },
} as const satisfies Record<string, { keys: readonly string[]; description: string }>;

/** What the annotation workspace's shortcuts act on (components/annotation-workspace). */
export type WorkspaceControls = PlayerControls & {
  /** Seeks by a number of seconds on the video's timeline (to the frame shown then). */
  seekSeconds: (delta: number) => void;
  /** Multiplies the playback rate up (+1) or down (-1) one step. */
  changeRate: (direction: 1 | -1) => void;
  addMark: () => void;
  spanStart: () => void;
  spanEnd: () => void;
  adjacentMark: (direction: 1 | -1) => void;
  deleteSelected: () => void;
  /** Moves the selected mark / span end by ±n frames. */
  nudgeSelected: (delta: number) => void;
  /** Selects the other end of a selected span (for nudging). */
  toggleSpanEnd: () => void;
  clearSelection: () => void;
  undo: () => void;
  redo: () => void;
  /** Zooms the timeline in (+1) / out (-1) around the playhead. */
  zoom: (direction: 1 | -1) => void;
  zoomToFit: () => void;
  saveNow: () => void;
  toggleHelp: () => void;
};

/** Help groups, in display order. */
export const WORKSPACE_SHORTCUT_GROUPS = ["Playback", "Marks and spans", "Editing", "Timeline", "Other"] as const;

export type WorkspaceShortcut = Shortcut<WorkspaceControls> & { group: (typeof WORKSPACE_SHORTCUT_GROUPS)[number] };

export const WORKSPACE_SHORTCUTS: readonly WorkspaceShortcut[] = [
  { id: "ws.play-pause", group: "Playback", keys: ["Space", "k"], description: "Play / pause", action: (c) => c.togglePlay() },
  { id: "ws.frame-back", group: "Playback", ...ANNOTATION_PLAYBACK_KEYS.frameBack, action: (c) => c.stepFrames(-1) },
  { id: "ws.frame-forward", group: "Playback", ...ANNOTATION_PLAYBACK_KEYS.frameForward, action: (c) => c.stepFrames(1) },
  { id: "ws.second-back", group: "Playback", ...ANNOTATION_PLAYBACK_KEYS.secondBack, action: (c) => c.seekSeconds(-1) },
  { id: "ws.second-forward", group: "Playback", ...ANNOTATION_PLAYBACK_KEYS.secondForward, action: (c) => c.seekSeconds(1) },
  { id: "ws.ten-back", group: "Playback", keys: ["j"], description: "10 seconds back", action: (c) => c.seekSeconds(-10) },
  { id: "ws.ten-forward", group: "Playback", keys: ["l"], description: "10 seconds forward", action: (c) => c.seekSeconds(10) },
  { id: "ws.rate-down", group: "Playback", keys: ["["], description: "Slower playback", action: (c) => c.changeRate(-1) },
  { id: "ws.rate-up", group: "Playback", keys: ["]"], description: "Faster playback", action: (c) => c.changeRate(1) },
  { id: "ws.add-mark", group: "Marks and spans", keys: ["m"], description: "Add a mark at the current frame", action: (c) => c.addMark() },
  { id: "ws.span-start", group: "Marks and spans", keys: ["i"], description: "Span start at the current frame (selected span, else a new one)", action: (c) => c.spanStart() },
  { id: "ws.span-end", group: "Marks and spans", keys: ["o"], description: "Span end at the current frame (selected span, else the open one)", action: (c) => c.spanEnd() },
  { id: "ws.next-mark", group: "Marks and spans", keys: ["n"], description: "Next mark", action: (c) => c.adjacentMark(1) },
  { id: "ws.prev-mark", group: "Marks and spans", keys: ["p"], description: "Previous mark", action: (c) => c.adjacentMark(-1) },
  { id: "ws.nudge-back", group: "Editing", keys: [","], description: "Nudge the selected mark / span end 1 frame back", action: (c) => c.nudgeSelected(-1) },
  { id: "ws.nudge-forward", group: "Editing", keys: ["."], description: "Nudge the selected mark / span end 1 frame forward", action: (c) => c.nudgeSelected(1) },
  { id: "ws.toggle-end", group: "Editing", keys: ["e"], description: "Switch between the selected span's start and end", action: (c) => c.toggleSpanEnd() },
  { id: "ws.delete", group: "Editing", keys: ["Delete", "Backspace"], description: "Delete the selected mark or span", action: (c) => c.deleteSelected() },
  { id: "ws.deselect", group: "Editing", keys: ["Escape"], description: "Clear the selection / close this help", action: (c) => c.clearSelection() },
  { id: "ws.undo", group: "Editing", keys: ["Ctrl+z", "Meta+z"], description: "Undo", action: (c) => c.undo() },
  { id: "ws.redo", group: "Editing", keys: ["Ctrl+Shift+z", "Meta+Shift+z", "Ctrl+y"], description: "Redo", action: (c) => c.redo() },
  { id: "ws.zoom-in", group: "Timeline", keys: ["=", "Shift++", "+"], description: "Zoom the timeline in (down to single frames)", action: (c) => c.zoom(1) },
  { id: "ws.zoom-out", group: "Timeline", keys: ["-"], description: "Zoom the timeline out", action: (c) => c.zoom(-1) },
  { id: "ws.zoom-fit", group: "Timeline", keys: ["0"], description: "Show the whole video", action: (c) => c.zoomToFit() },
  { id: "ws.save", group: "Other", keys: ["Ctrl+s", "Meta+s"], description: "Save now", action: (c) => c.saveNow() },
  { id: "ws.help", group: "Other", keys: ["Shift+?", "?"], description: "Show / hide these shortcuts", action: (c) => c.toggleHelp() },
];

export const workspaceShortcuts: ShortcutRegistry<WorkspaceControls> = createShortcutRegistry(WORKSPACE_SHORTCUTS);

/** "Shift+ArrowLeft" -> "Shift + ←" for help texts. */
export function displayCombo(combo: string): string {
  const symbols: Record<string, string> = { ArrowLeft: "←", ArrowRight: "→", ArrowUp: "↑", ArrowDown: "↓", Space: "Space" };
  if (combo.endsWith("++")) return `${displayCombo(combo.slice(0, -2))} + +`;
  return combo
    .split("+")
    .map((p) => symbols[p] ?? (p.length === 1 ? p.toUpperCase() : p))
    .join(" + ");
}

// ── Human baseline player and answer forms ─────────────────────────────────────────────────

/** What the streaming baseline player's keys act on (components/baseline-player/stream-video.tsx). */
export type StreamingPlayerControls = {
  /** Pause or continue, only where the study allows a voluntary pause and the stretch has not ended. */
  togglePause: () => void;
};

/**
 * Keys that seek, skip, step frames or change the rate in a browser or video.js (arrows, Home/End,
 * Page keys, J/L, < > , . and the digits that jump to a tenth of the video). While streaming they
 * are taken and do nothing: a participant never rewinds or skips ahead, and never replays.
 */
const NO_SEEK_KEYS = [
  "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown", "Enter",
  "j", "l", "<", ">", ",", ".", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9",
  "MediaTrackPrevious", "MediaTrackNext", "MediaRewind", "MediaFastForward",
] as const;

export const STREAMING_PLAYER_SHORTCUTS: readonly Shortcut<StreamingPlayerControls>[] = [
  { id: "baseline.pause", keys: ["Space", "k", "MediaPlayPause"], description: "Pause / continue (when the study allows pausing)", action: (c) => c.togglePause() },
  {
    id: "baseline.no-seek",
    keys: NO_SEEK_KEYS.flatMap((k) => [k, `Shift+${k}`, `Ctrl+${k}`, `Alt+${k}`, `Meta+${k}`]),
    description: "Seeking, skipping and rate keys do nothing while streaming",
    action: () => {},
  },
];

export const streamingPlayerShortcuts: ShortcutRegistry<StreamingPlayerControls> = createShortcutRegistry(STREAMING_PLAYER_SHORTCUTS);

/** What the free-rewatch baseline player's keys act on (components/baseline-player/free-video.tsx). */
export type FreePlayerControls = {
  togglePlay: () => void;
  seekBy: (seconds: number) => void;
  toggleMute: () => void;
  toggleFullscreen: () => void;
};

export const FREE_PLAYER_SHORTCUTS: readonly Shortcut<FreePlayerControls>[] = [
  { id: "free.play-pause", keys: ["Space", "k"], description: "Play / pause", action: (c) => c.togglePlay() },
  { id: "free.back-5", keys: ["ArrowLeft"], description: "5 seconds back", action: (c) => c.seekBy(-5) },
  { id: "free.forward-5", keys: ["ArrowRight"], description: "5 seconds forward", action: (c) => c.seekBy(5) },
  { id: "free.mute", keys: ["m"], description: "Mute / unmute", action: (c) => c.toggleMute() },
  { id: "free.fullscreen", keys: ["f"], description: "Full screen", action: (c) => c.toggleFullscreen() },
];

export const freePlayerShortcuts: ShortcutRegistry<FreePlayerControls> = createShortcutRegistry(FREE_PLAYER_SHORTCUTS);

/** The ordering answer form (components/answer-forms/ordering-input.tsx): on a focused event. */
export type OrderingControls = { move: (delta: -1 | 1) => void };

export const ORDERING_SHORTCUTS: readonly Shortcut<OrderingControls>[] = [
  { id: "answer.ordering.up", keys: ["Alt+ArrowUp"], description: "Move the event up", action: (c) => c.move(-1) },
  { id: "answer.ordering.down", keys: ["Alt+ArrowDown"], description: "Move the event down", action: (c) => c.move(1) },
];

export const orderingShortcuts: ShortcutRegistry<OrderingControls> = createShortcutRegistry(ORDERING_SHORTCUTS);

/** A focused mark or span on the read-only timeline (components/timeline/timeline.tsx). */
export type TimelineMarkControls = { seekToMark: () => void };

export const TIMELINE_MARK_SHORTCUTS: readonly Shortcut<TimelineMarkControls>[] = [
  { id: "timeline.seek-to-mark", keys: ["Enter", "Space"], description: "Show the focused mark's frame", action: (c) => c.seekToMark() },
];

export const timelineMarkShortcuts: ShortcutRegistry<TimelineMarkControls> = createShortcutRegistry(TIMELINE_MARK_SHORTCUTS);

/** The enumeration answer form (components/answer-forms/enumeration-input.tsx): in a row's field. */
export type EnumerationControls = { addRowAfter: () => void };

export const ENUMERATION_SHORTCUTS: readonly Shortcut<EnumerationControls>[] = [
  { id: "answer.enumeration.add-row", keys: ["Enter"], description: "Add a row after this one", inTextFields: true, action: (c) => c.addRowAfter() },
];

export const enumerationShortcuts: ShortcutRegistry<EnumerationControls> = createShortcutRegistry(ENUMERATION_SHORTCUTS);

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
  { id: "captions.flag-previous", keys: ["Shift+ArrowUp"], description: "Flag: inconsistent with the previous second", action: (c) => c.flag("previous") },
  { id: "captions.flag-next", keys: ["Shift+ArrowDown"], description: "Flag: inconsistent with the next second", action: (c) => c.flag("next") },
];

export const captionReviewShortcuts: ShortcutRegistry<CaptionReviewControls> = createShortcutRegistry(CAPTION_REVIEW_SHORTCUTS);

// ── Judge queues (app/(app)/review/judge) ────────────────────────────────────────────────────

/** What the VSAS judge page's keys act on: the current second's verdict and navigation. */
export type VsasJudgeControls = {
  setBinary: (value: 0 | 1) => void;
  setRubric: (value: 0 | 1 | 2 | 3) => void;
  /** Next (+1) / previous (-1) second, across tasks; the video pauses at that second. */
  step: (delta: 1 | -1) => void;
  /** The next second without both a yes/no and a rubric (wrapping around). */
  nextUnjudged: () => void;
  stepFrames: (delta: number) => void;
  toggleHelp: () => void;
  closeHelp: () => void;
};

export const VSAS_JUDGE_SHORTCUTS: readonly Shortcut<VsasJudgeControls>[] = [
  { id: "judge.yes", keys: ["y"], description: "Yes: the response is correct at this second", action: (c) => c.setBinary(1) },
  { id: "judge.no", keys: ["n"], description: "No: the response is wrong at this second", action: (c) => c.setBinary(0) },
  { id: "judge.rubric-0", keys: ["0"], description: "Rubric 0", action: (c) => c.setRubric(0) },
  { id: "judge.rubric-1", keys: ["1"], description: "Rubric 1", action: (c) => c.setRubric(1) },
  { id: "judge.rubric-2", keys: ["2"], description: "Rubric 2", action: (c) => c.setRubric(2) },
  { id: "judge.rubric-3", keys: ["3"], description: "Rubric 3", action: (c) => c.setRubric(3) },
  { id: "judge.next", keys: ["ArrowDown", "j"], description: "Next second", action: (c) => c.step(1) },
  { id: "judge.previous", keys: ["ArrowUp", "k"], description: "Previous second", action: (c) => c.step(-1) },
  { id: "judge.next-unjudged", keys: ["u"], description: "Next second not fully judged", action: (c) => c.nextUnjudged() },
  { id: "judge.frame-back", keys: ["ArrowLeft"], description: "Previous frame (look around the second)", action: (c) => c.stepFrames(-1) },
  { id: "judge.frame-forward", keys: ["ArrowRight"], description: "Next frame", action: (c) => c.stepFrames(1) },
  { id: "judge.help", keys: ["Shift+?", "?"], description: "Show / hide these shortcuts", action: (c) => c.toggleHelp() },
  { id: "judge.close-help", keys: ["Escape"], description: "Close this help", action: (c) => c.closeHelp() },
];

export const vsasJudgeShortcuts: ShortcutRegistry<VsasJudgeControls> = createShortcutRegistry(VSAS_JUDGE_SHORTCUTS);

/** What the EC-Bench matching page's keys act on. */
export type EcMatchControls = {
  /** Next (+1) / previous (-1) enumeration item. */
  step: (delta: 1 | -1) => void;
  /** Back to the automatic links of the current item. */
  resetToAuto: () => void;
  /** Drops the pending click-click selection. */
  cancelSelection: () => void;
  toggleHelp: () => void;
};

export const EC_MATCH_SHORTCUTS: readonly Shortcut<EcMatchControls>[] = [
  { id: "match.next", keys: ["]", "j"], description: "Next enumeration item", action: (c) => c.step(1) },
  { id: "match.previous", keys: ["[", "k"], description: "Previous enumeration item", action: (c) => c.step(-1) },
  { id: "match.reset", keys: ["r"], description: "Reset the item to the automatic links", action: (c) => c.resetToAuto() },
  { id: "match.cancel", keys: ["Escape"], description: "Cancel the selected item / close this help", action: (c) => c.cancelSelection() },
  { id: "match.help", keys: ["Shift+?", "?"], description: "Show / hide these shortcuts", action: (c) => c.toggleHelp() },
];

export const ecMatchShortcuts: ShortcutRegistry<EcMatchControls> = createShortcutRegistry(EC_MATCH_SHORTCUTS);

/** What the adjudication view's keys act on (app/(app)/review/adjudications/[id]/_components). */
export type AdjudicationControls = PlayerControls & {
  /** Seeks by a number of seconds on the video's timeline (to the frame shown then), as in the workspace. */
  seekSeconds: (delta: number) => void;
  /** Next (+1) / previous (-1) difference: selects it, highlights it and seeks the player to it. */
  stepDifference: (direction: 1 | -1) => void;
  /** The next difference that still needs a decision. */
  nextOpen: () => void;
  /** Take annotator j's version (0 = A) for the current difference. */
  take: (annotator: number) => void;
  /** Open the editor for the current difference. */
  edit: () => void;
  /** Drop the current difference's pick (back to its default, or open). */
  clearPick: () => void;
  /** Zooms the timelines in (+1) / out (-1) around the playhead; 0: whole video. */
  zoom: (direction: 1 | -1 | 0) => void;
  focusNote: () => void;
  resolve: () => void;
  toggleHelp: () => void;
  close: () => void;
};

/** Help groups of the adjudication view, in display order. */
export const ADJUDICATION_SHORTCUT_GROUPS = ["Differences", "Playback", "Other"] as const;

export type AdjudicationShortcut = Shortcut<AdjudicationControls> & { group: (typeof ADJUDICATION_SHORTCUT_GROUPS)[number] };

/** Take A … E (at most 5 passes per item): keys a-e and 1-5. */
const TAKE_SHORTCUTS: AdjudicationShortcut[] = [0, 1, 2, 3, 4].map((j) => {
  const letter = String.fromCharCode(65 + j);
  return {
    id: `adj.take-${letter.toLowerCase()}`,
    group: "Differences",
    keys: [letter.toLowerCase(), String(j + 1)],
    description: `Take ${letter}'s version of the current difference`,
    action: (c: AdjudicationControls) => c.take(j),
  };
});

export const ADJUDICATION_SHORTCUTS: readonly AdjudicationShortcut[] = [
  { id: "adj.next", group: "Differences", keys: ["n", "ArrowDown"], description: "Next difference (seeks the video to it)", action: (c) => c.stepDifference(1) },
  { id: "adj.previous", group: "Differences", keys: ["p", "ArrowUp"], description: "Previous difference", action: (c) => c.stepDifference(-1) },
  { id: "adj.next-open", group: "Differences", keys: ["Shift+n"], description: "Next difference that still needs a decision", action: (c) => c.nextOpen() },
  ...TAKE_SHORTCUTS,
  { id: "adj.edit", group: "Differences", keys: ["x", "Enter"], description: "Edit the current difference (frame, span, count, label or caption)", action: (c) => c.edit() },
  { id: "adj.clear", group: "Differences", keys: ["u", "Delete", "Backspace"], description: "Undo the current difference's decision (back to its default)", action: (c) => c.clearPick() },
  { id: "adj.play-pause", group: "Playback", keys: ["Space", "k"], description: "Play / pause", action: (c) => c.togglePlay() },
  { id: "adj.frame-back", group: "Playback", ...ANNOTATION_PLAYBACK_KEYS.frameBack, action: (c) => c.stepFrames(-1) },
  { id: "adj.frame-forward", group: "Playback", ...ANNOTATION_PLAYBACK_KEYS.frameForward, action: (c) => c.stepFrames(1) },
  { id: "adj.second-back", group: "Playback", ...ANNOTATION_PLAYBACK_KEYS.secondBack, action: (c) => c.seekSeconds(-1) },
  { id: "adj.second-forward", group: "Playback", ...ANNOTATION_PLAYBACK_KEYS.secondForward, action: (c) => c.seekSeconds(1) },
  { id: "adj.zoom-in", group: "Playback", keys: ["=", "Shift++", "+"], description: "Zoom the timelines in", action: (c) => c.zoom(1) },
  { id: "adj.zoom-out", group: "Playback", keys: ["-"], description: "Zoom the timelines out", action: (c) => c.zoom(-1) },
  { id: "adj.zoom-fit", group: "Playback", keys: ["0"], description: "Show the whole video", action: (c) => c.zoom(0) },
  { id: "adj.note", group: "Other", keys: ["Shift+m"], description: "Write the note", action: (c) => c.focusNote() },
  { id: "adj.resolve", group: "Other", keys: ["Ctrl+Enter", "Meta+Enter"], description: "Resolve", action: (c) => c.resolve() },
  { id: "adj.help", group: "Other", keys: ["Shift+?", "?"], description: "Show / hide these shortcuts", action: (c) => c.toggleHelp() },
  { id: "adj.close", group: "Other", keys: ["Escape"], description: "Close the editor / this help", action: (c) => c.close() },
];

export const adjudicationShortcuts: ShortcutRegistry<AdjudicationControls> = createShortcutRegistry(ADJUDICATION_SHORTCUTS);
