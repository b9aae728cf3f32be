import { describe, expect, it } from "vitest";
import { ecMatchShortcuts, handleShortcutKey, vsasJudgeShortcuts, type VsasJudgeControls } from "./shortcuts";

describe("judge shortcuts", () => {
  it("y / n / 0-3 grade, arrows move between seconds; nothing while typing", () => {
    const calls: string[] = [];
    const c: VsasJudgeControls = {
      setBinary: (v) => calls.push(`binary ${v}`),
      setRubric: (v) => calls.push(`rubric ${v}`),
      step: (d) => calls.push(`step ${d}`),
      nextUnjudged: () => calls.push("unjudged"),
      stepFrames: (d) => calls.push(`frames ${d}`),
      toggleHelp: () => calls.push("help"),
      closeHelp: () => calls.push("close"),
    };
    for (const key of ["y", "n", "0", "3", "ArrowDown", "ArrowUp", "u", "?"]) handleShortcutKey(vsasJudgeShortcuts, c, { key, shiftKey: key === "?" });
    expect(calls).toEqual(["binary 1", "binary 0", "rubric 0", "rubric 3", "step 1", "step -1", "unjudged", "help"]);
    expect(handleShortcutKey(vsasJudgeShortcuts, c, { key: "y", target: { tagName: "TEXTAREA" } })).toBe(false);
  });

  it("the matching page has its own keys", () => {
    const calls: string[] = [];
    handleShortcutKey(ecMatchShortcuts, { step: (d) => calls.push(`step ${d}`), resetToAuto: () => calls.push("reset"), cancelSelection: () => calls.push("cancel"), toggleHelp: () => calls.push("help") }, { key: "r" });
    expect(calls).toEqual(["reset"]);
  });
});
