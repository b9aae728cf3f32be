import { describe, expect, it } from "vitest";
import {
  comboOf,
  createShortcutRegistry,
  displayCombo,
  handleShortcutKey,
  isTypingTarget,
  PLAYER_SHORTCUTS,
  playerShortcuts,
  type KeyLike,
  type PlayerControls,
  type WorkspaceControls,
  WORKSPACE_SHORTCUT_GROUPS,
  WORKSPACE_SHORTCUTS,
  workspaceShortcuts,
} from "./shortcuts";

function controls() {
  const calls: string[] = [];
  const c: PlayerControls = { stepFrames: (d) => calls.push(`step ${d}`), togglePlay: () => calls.push("toggle") };
  return { c, calls };
}

describe("shortcut registry", () => {
  it("maps arrows, shifted arrows and space to the player's actions", () => {
    const { c, calls } = controls();
    for (const e of [
      { key: "ArrowLeft" },
      { key: "ArrowRight" },
      { key: "ArrowLeft", shiftKey: true },
      { key: "ArrowRight", shiftKey: true },
      { key: " " },
    ]) {
      expect(handleShortcutKey(playerShortcuts, c, e)).toBe(true);
    }
    expect(calls).toEqual(["step -1", "step 1", "step -10", "step 10", "toggle"]);
  });

  it("ignores unbound combos", () => {
    const { c, calls } = controls();
    expect(handleShortcutKey(playerShortcuts, c, { key: "ArrowLeft", ctrlKey: true })).toBe(false);
    expect(handleShortcutKey(playerShortcuts, c, { key: "x" })).toBe(false);
    expect(calls).toEqual([]);
  });

  it("never takes keys typed into text fields or contenteditable", () => {
    const { c, calls } = controls();
    const targets = [
      { tagName: "INPUT", type: "text" },
      { tagName: "textarea" },
      { tagName: "SELECT" },
      { tagName: "DIV", isContentEditable: true },
      { tagName: "SPAN", closest: () => ({}) },
    ];
    for (const target of targets) {
      expect(isTypingTarget(target)).toBe(true);
      expect(handleShortcutKey(playerShortcuts, c, { key: " ", target })).toBe(false);
    }
    expect(isTypingTarget({ tagName: "INPUT", type: "checkbox" })).toBe(false);
    expect(isTypingTarget({ tagName: "BUTTON", closest: () => null })).toBe(false);
    expect(handleShortcutKey(playerShortcuts, c, { key: "ArrowLeft", isComposing: true })).toBe(false);
    expect(calls).toEqual([]);
  });

  it("refuses duplicate ids and duplicate key bindings", () => {
    const noop = () => undefined;
    expect(() =>
      createShortcutRegistry([
        { id: "a", keys: ["Shift+x"], description: "", action: noop },
        { id: "b", keys: ["shift+X"], description: "", action: noop },
      ]),
    ).toThrow(/bound to both/);
    expect(() =>
      createShortcutRegistry([
        { id: "a", keys: ["x"], description: "", action: noop },
        { id: "a", keys: ["y"], description: "", action: noop },
      ]),
    ).toThrow(/twice/);
  });

  it("writes combos in a fixed modifier order and displays them", () => {
    expect(comboOf({ key: "K", metaKey: true, ctrlKey: true, shiftKey: true })).toBe("Ctrl+Shift+Meta+k");
    expect(displayCombo("Shift+ArrowLeft")).toBe("Shift + ←");
    expect(PLAYER_SHORTCUTS.map((s) => s.id)).toContain("player.play-pause");
  });
});

describe("workspace shortcuts", () => {
  const calls: string[] = [];
  const c = new Proxy({} as WorkspaceControls, {
    get: (_t, name: string) => (...args: unknown[]) => calls.push([name, ...args].join(" ")),
  });
  it("cover every action the workspace needs, each with a unique key", () => {
    calls.length = 0;
    const press = (e: KeyLike) => expect(handleShortcutKey(workspaceShortcuts, c, e)).toBe(true);
    press({ key: " " });
    press({ key: "ArrowRight" });
    press({ key: "ArrowLeft", shiftKey: true });
    press({ key: "l" });
    press({ key: "]" });
    press({ key: "m" });
    press({ key: "i" });
    press({ key: "o" });
    press({ key: "n" });
    press({ key: "." });
    press({ key: "Delete" });
    press({ key: "z", ctrlKey: true });
    press({ key: "Z", ctrlKey: true, shiftKey: true });
    press({ key: "+", shiftKey: true });
    press({ key: "=" });
    press({ key: "-" });
    press({ key: "?", shiftKey: true });
    expect(calls).toEqual([
      "togglePlay",
      "stepFrames 1",
      "seekSeconds -1",
      "seekSeconds 10",
      "changeRate 1",
      "addMark",
      "spanStart",
      "spanEnd",
      "adjacentMark 1",
      "nudgeSelected 1",
      "deleteSelected",
      "undo",
      "redo",
      "zoom 1",
      "zoom 1",
      "zoom -1",
      "toggleHelp",
    ]);
  });

  it("are off while typing in a field", () => {
    calls.length = 0;
    for (const tagName of ["INPUT", "TEXTAREA", "SELECT"]) expect(handleShortcutKey(workspaceShortcuts, c, { key: "m", target: { tagName, type: "text" } })).toBe(false);
    expect(calls).toEqual([]);
  });

  it("help texts come from the registry, grouped", () => {
    expect(WORKSPACE_SHORTCUTS.every((s) => (WORKSPACE_SHORTCUT_GROUPS as readonly string[]).includes(s.group))).toBe(true);
    expect(displayCombo("Shift++")).toBe("Shift + +");
    expect(displayCombo("Ctrl+Shift+z")).toBe("Ctrl + Shift + Z");
  });
});

describe("human baseline registries", () => {
  it("streaming: every seek, skip, rate and media key is taken and does nothing; Space and K only toggle the pause", async () => {
    const { streamingPlayerShortcuts } = await import("./shortcuts");
    const calls: string[] = [];
    const c = { togglePause: () => calls.push("pause") };
    for (const key of ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown", "j", "J", "l", "L", "<", ">", ",", ".", "0", "5", "9", "Enter", "MediaTrackPrevious", "MediaRewind"]) {
      for (const mods of [{}, { shiftKey: true }, { ctrlKey: true }, { altKey: true }, { metaKey: true }]) {
        expect(handleShortcutKey(streamingPlayerShortcuts, c, { key, ...mods }), `${key} ${JSON.stringify(mods)}`).toBe(true);
      }
    }
    expect(calls).toEqual([]);
    expect(handleShortcutKey(streamingPlayerShortcuts, c, { key: " " })).toBe(true);
    expect(handleShortcutKey(streamingPlayerShortcuts, c, { key: "k" })).toBe(true);
    expect(calls).toEqual(["pause", "pause"]);
  });

  it("answer forms: Alt+arrows move an ordering event; Enter adds an enumeration row even inside its text field", async () => {
    const { orderingShortcuts, enumerationShortcuts } = await import("./shortcuts");
    const moves: number[] = [];
    expect(handleShortcutKey(orderingShortcuts, { move: (d) => moves.push(d) }, { key: "ArrowUp", altKey: true, target: { tagName: "LI" } })).toBe(true);
    expect(handleShortcutKey(orderingShortcuts, { move: (d) => moves.push(d) }, { key: "ArrowDown", altKey: true })).toBe(true);
    expect(handleShortcutKey(orderingShortcuts, { move: (d) => moves.push(d) }, { key: "ArrowDown" })).toBe(false);
    expect(moves).toEqual([-1, 1]);
    let rows = 0;
    const input = { tagName: "INPUT", type: "text" };
    expect(handleShortcutKey(enumerationShortcuts, { addRowAfter: () => rows++ }, { key: "Enter", target: input })).toBe(true);
    expect(handleShortcutKey(enumerationShortcuts, { addRowAfter: () => rows++ }, { key: "Enter", target: input, isComposing: true })).toBe(false);
    expect(rows).toBe(1);
    // Ordinary shortcuts stay off while typing.
    expect(handleShortcutKey(orderingShortcuts, { move: (d) => moves.push(d) }, { key: "ArrowUp", altKey: true, target: input })).toBe(false);
  });
});

describe("timeline registry", () => {
  it("Enter and Space on a focused mark seek to it; other keys and modifiers do not", async () => {
    const { timelineMarkShortcuts } = await import("./shortcuts");
    let seeks = 0;
    const c = { seekToMark: () => seeks++ };
    expect(handleShortcutKey(timelineMarkShortcuts, c, { key: "Enter", target: { tagName: "g" } })).toBe(true);
    expect(handleShortcutKey(timelineMarkShortcuts, c, { key: " ", target: { tagName: "g" } })).toBe(true);
    expect(handleShortcutKey(timelineMarkShortcuts, c, { key: "Enter", shiftKey: true })).toBe(false);
    expect(handleShortcutKey(timelineMarkShortcuts, c, { key: "a" })).toBe(false);
    expect(seeks).toBe(2);
  });
});
