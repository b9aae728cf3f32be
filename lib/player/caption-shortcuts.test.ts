import { describe, expect, it } from "vitest";
import { captionReviewShortcuts, handleShortcutKey, type CaptionReviewControls } from "./shortcuts";

function recorder() {
  const calls: string[] = [];
  const c: CaptionReviewControls = {
    step: (d) => calls.push(`step ${d}`),
    editCurrent: () => calls.push("edit"),
    toggleCorrected: () => calls.push("corrected"),
    flag: (s) => calls.push(`flag ${s}`),
  };
  return { calls, c };
}

describe("caption review shortcuts", () => {
  it("walk second to second, edit, mark corrected and flag neighbours", () => {
    const { calls, c } = recorder();
    for (const key of ["ArrowDown", "ArrowUp", "Enter", "c", "p", "n", "x"]) handleShortcutKey(captionReviewShortcuts, c, { key, target: { tagName: "OL" } });
    expect(calls).toEqual(["step 1", "step -1", "edit", "corrected", "flag previous", "flag next"]);
  });
  it("are off while typing in the caption editor", () => {
    const { calls, c } = recorder();
    expect(handleShortcutKey(captionReviewShortcuts, c, { key: "ArrowDown", target: { tagName: "TEXTAREA" } })).toBe(false);
    expect(handleShortcutKey(captionReviewShortcuts, c, { key: "c", target: { tagName: "INPUT", type: "text" } })).toBe(false);
    expect(calls).toEqual([]);
  });
});
