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
    for (const key of ["ArrowDown", "ArrowUp", "Enter", "c", "x"]) handleShortcutKey(captionReviewShortcuts, c, { key, target: { tagName: "OL" } });
    for (const key of ["ArrowUp", "ArrowDown"]) handleShortcutKey(captionReviewShortcuts, c, { key, shiftKey: true, target: { tagName: "OL" } });
    expect(calls).toEqual(["step 1", "step -1", "edit", "corrected", "flag previous", "flag next"]);
  });
  it("share no key with the workspace's page-wide shortcuts (those are taken first, in the capture phase)", async () => {
    const { WORKSPACE_SHORTCUTS, CAPTION_REVIEW_SHORTCUTS, normaliseCombo } = await import("./shortcuts");
    const taken = new Set(WORKSPACE_SHORTCUTS.flatMap((s) => s.keys.map(normaliseCombo)));
    expect(CAPTION_REVIEW_SHORTCUTS.flatMap((s) => s.keys.map(normaliseCombo)).filter((k) => taken.has(k))).toEqual([]);
  });

  it("are off while typing in the caption editor", () => {
    const { calls, c } = recorder();
    expect(handleShortcutKey(captionReviewShortcuts, c, { key: "ArrowDown", target: { tagName: "TEXTAREA" } })).toBe(false);
    expect(handleShortcutKey(captionReviewShortcuts, c, { key: "c", target: { tagName: "INPUT", type: "text" } })).toBe(false);
    expect(calls).toEqual([]);
  });
});
