import { describe, expect, it } from "vitest";
import { ADJUDICATION_SHORTCUT_GROUPS, ADJUDICATION_SHORTCUTS, adjudicationShortcuts, handleShortcutKey, normaliseCombo, WORKSPACE_SHORTCUTS, type AdjudicationControls, type KeyLike } from "./shortcuts";

function controls() {
  const calls: string[] = [];
  const c: AdjudicationControls = {
    stepFrames: (d) => calls.push(`frames ${d}`),
    togglePlay: () => calls.push("play"),
    seekSeconds: (d) => calls.push(`seconds ${d}`),
    stepDifference: (d) => calls.push(`difference ${d}`),
    nextOpen: () => calls.push("next open"),
    take: (j) => calls.push(`take ${j}`),
    edit: () => calls.push("edit"),
    clearPick: () => calls.push("clear"),
    zoom: (d) => calls.push(`zoom ${d}`),
    focusNote: () => calls.push("note"),
    resolve: () => calls.push("resolve"),
    toggleHelp: () => calls.push("help"),
    close: () => calls.push("close"),
  };
  return { c, calls };
}

describe("adjudication shortcuts", () => {
  it("step through differences, take A / B / C, edit, clear, resolve", () => {
    const { c, calls } = controls();
    const keys: KeyLike[] = [
      { key: "n" },
      { key: "p" },
      { key: "N", shiftKey: true },
      { key: "a" },
      { key: "b" },
      { key: "3" },
      { key: "x" },
      { key: "u" },
      { key: "Enter", ctrlKey: true },
      { key: "?", shiftKey: true },
      { key: "ArrowRight", shiftKey: true },
    ];
    for (const e of keys) expect(handleShortcutKey(adjudicationShortcuts, c, e)).toBe(true);
    expect(calls).toEqual(["difference 1", "difference -1", "next open", "take 0", "take 1", "take 2", "edit", "clear", "resolve", "help", "seconds 1"]);
  });

  it("never acts while the reviewer types the note", () => {
    const { c, calls } = controls();
    expect(handleShortcutKey(adjudicationShortcuts, c, { key: "a", target: { tagName: "TEXTAREA" } })).toBe(false);
    expect(handleShortcutKey(adjudicationShortcuts, c, { key: "n", target: { tagName: "INPUT", type: "number" } })).toBe(false);
    expect(calls).toEqual([]);
  });

  it("has one take key per possible pass (A to E), and every shortcut in a help group", () => {
    expect(ADJUDICATION_SHORTCUTS.filter((s) => s.id.startsWith("adj.take-")).map((s) => s.keys)).toEqual([
      ["a", "1"],
      ["b", "2"],
      ["c", "3"],
      ["d", "4"],
      ["e", "5"],
    ]);
    for (const s of ADJUDICATION_SHORTCUTS) expect(ADJUDICATION_SHORTCUT_GROUPS).toContain(s.group);
  });

  it("gives the playback keys the workspace's meaning (one meaning per key across the two registries)", () => {
    const meaning = (list: readonly { keys: readonly string[]; description: string }[], combo: string) => list.find((x) => x.keys.map(normaliseCombo).includes(normaliseCombo(combo)))?.description;
    for (const combo of ["ArrowLeft", "ArrowRight", "Shift+ArrowLeft", "Shift+ArrowRight", "Space", "k", "=", "-", "0", "?"]) {
      expect(meaning(ADJUDICATION_SHORTCUTS, combo), combo).toBeDefined();
    }
    for (const combo of ["ArrowLeft", "ArrowRight", "Shift+ArrowLeft", "Shift+ArrowRight"]) {
      expect(meaning(ADJUDICATION_SHORTCUTS, combo), combo).toBe(meaning(WORKSPACE_SHORTCUTS, combo));
    }
    expect(meaning(ADJUDICATION_SHORTCUTS, "Shift+ArrowRight")).toBe("1 second forward");
  });
});
