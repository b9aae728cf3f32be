import { describe, expect, it } from "vitest";
import type { VsasDocument } from "./document";
import {
  captionIndexAt,
  captionIndexBySecond,
  captionRate,
  captionSecondAt,
  captionSummary,
  originalCaptions,
  setCaptionText,
  stepCaption,
  toggleCaptionCorrected,
  toggleInconsistency,
} from "./caption-review";

const cap = (second: number, text: string) => ({ second, text, corrected: false, inconsistentWith: null, note: "" });
const doc = (captions: VsasDocument["captions"]): VsasDocument => ({ benchmark: "VSAS", v: 1, captions, notes: "" });

describe("caption review", () => {
  it("maps video time to the caption second at the item's rate", () => {
    expect(captionRate({})).toBe(1);
    expect(captionRate({ fps: 2 })).toBe(2);
    expect(captionSecondAt(2.999, 1)).toBe(2);
    expect(captionSecondAt(3, 1)).toBe(3);
    expect(captionSecondAt(1.5, 2)).toBe(3);
  });

  it("finds the caption covering a second (gaps fall back to the previous one) with both lookups", () => {
    const caps = [cap(0, "a"), cap(1, "b"), cap(3, "d"), cap(2, "c")];
    const lookup = captionIndexBySecond(caps);
    for (const [second, index] of [[0, 0], [1, 1], [2, 3], [3, 2], [10, 2]] as const) {
      expect(captionIndexAt(caps, second)).toBe(index);
      expect(lookup(second)).toBe(index);
    }
    expect(captionIndexAt([cap(5, "x")], 2)).toBe(-1);
    expect(captionIndexBySecond([cap(5, "x")])(2)).toBe(-1);
  });

  it("steps second to second in time order, clamped", () => {
    const caps = [cap(0, "a"), cap(2, "c"), cap(1, "b")];
    expect(stepCaption(caps, 0, 1)).toBe(2);
    expect(stepCaption(caps, 2, 1)).toBe(1);
    expect(stepCaption(caps, 1, 1)).toBe(1);
    expect(stepCaption(caps, 0, -1)).toBe(0);
    expect(stepCaption(caps, -1, 1)).toBe(0);
    expect(stepCaption([], 0, 1)).toBe(-1);
  });

  it("edits one caption without touching the others or the input", () => {
    const d = doc([cap(0, "a man walks"), cap(1, "a man runs")]);
    const e = toggleCaptionCorrected(setCaptionText(d, 1, "a man jogs"), 1);
    expect(e.captions[1]).toEqual({ ...cap(1, "a man jogs"), corrected: true });
    expect(e.captions[0]).toBe(d.captions[0]);
    expect(d.captions[1].text).toBe("a man runs");
    const f = toggleInconsistency(e, 0, "next");
    expect(f.captions[0].inconsistentWith).toBe("next");
    expect(toggleInconsistency(f, 0, "next").captions[0].inconsistentWith).toBeNull();
    expect(toggleInconsistency(f, 0, "previous").captions[0].inconsistentWith).toBe("previous");
    expect(setCaptionText(d, 7, "x")).toBe(d);
  });

  it("summarises against the generated captions", () => {
    const original = originalCaptions([{ t: 0, text: "a man walks" }, { t: 1, text: "a man runs" }], 1);
    const d = doc([{ ...cap(0, "a man walks"), corrected: true }, { ...cap(1, "a man jogs"), inconsistentWith: "previous" }]);
    expect(captionSummary(d, original)).toEqual({ total: 2, corrected: 1, edited: 1, flagged: 1 });
    expect([...originalCaptions(["x", "y"], 2).entries()]).toEqual([[0, "x"], [1, "y"]]);
  });
});
