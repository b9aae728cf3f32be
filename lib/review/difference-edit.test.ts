import { describe, expect, it } from "vitest";
import type { Difference } from "./differences";
import { initialEditForm, parseEditForm } from "./difference-edit";

const ctx = { frameCount: 300, frameTime: (frame: number) => ({ frame, sec: frame / 30 }) };
const base = { facet: "moments", kind: "timestamps" as const, blocking: true, derived: false, frame: 10, summary: "" };
const mark: Difference = { ...base, id: "moments:0.a1", type: "unmatched", options: [{ frame: 10, sec: 1 / 3 }, null] };
const span: Difference = { ...base, id: "occurrences:0.o0+1.o0", kind: "spans", type: "span", options: [[{ start: { frame: 10, sec: 0 }, end: { frame: 29, sec: 0 } }], []] };
const count: Difference = { ...base, id: "queryPoints:0.q0+1.q0:count", kind: "counts", type: "count", options: [3, 4] };
const label: Difference = { ...base, id: "decision", facet: "decision", kind: "labels", type: "label", options: ["keep", "remove"] };

describe("difference edit forms", () => {
  it("start from the annotator's version or the current edit", () => {
    expect(initialEditForm(mark, undefined, 0).text).toBe("10");
    expect(initialEditForm(mark, { frame: 12, sec: 0.4 }, 0).text).toBe("12");
    expect(initialEditForm(span, undefined, 0).text).toBe("10-29");
    expect(initialEditForm(count, undefined, 1).text).toBe("4");
    expect(initialEditForm(label, undefined, 1).text).toBe("remove");
  });

  it("turn the fields into edits", () => {
    const f = (text: string) => ({ text, corrected: false, inconsistentWith: null });
    expect(parseEditForm(mark, f(" 42 "), ctx)).toEqual({ ok: true, edit: { frame: 42, sec: 1.4 } });
    expect(parseEditForm(mark, f(""), ctx)).toEqual({ ok: true, edit: null });
    expect(parseEditForm(span, f("10-20, 40 - 50"), ctx)).toEqual({
      ok: true,
      edit: [
        { start: { frame: 10, sec: 1 / 3 }, end: { frame: 20, sec: 2 / 3 } },
        { start: { frame: 40, sec: 4 / 3 }, end: { frame: 50, sec: 5 / 3 } },
      ],
    });
    expect(parseEditForm(count, f("7"), ctx)).toEqual({ ok: true, edit: 7 });
    expect(parseEditForm(label, f("revise"), ctx)).toEqual({ ok: true, edit: "revise" });
  });

  it("name the field of bad input", () => {
    const f = (text: string) => ({ text, corrected: false, inconsistentWith: null });
    expect(parseEditForm(mark, f("1.5"), ctx)).toEqual({ ok: false, error: 'frame: "1.5" is not a whole frame number' });
    expect(parseEditForm(mark, f("300"), ctx)).toEqual({ ok: false, error: "frame: frame 300 is past the video's last frame (299)" });
    expect(parseEditForm(span, f("10-20, 50-40"), ctx)).toEqual({ ok: false, error: "spans: span 2 ends (frame 40) before it starts (frame 50)" });
    expect(parseEditForm(span, f("ten"), ctx)).toEqual({ ok: false, error: 'spans: "ten" (span 1) is not start-end in frames, e.g. 10-29' });
    expect(parseEditForm(count, f("-1"), ctx)).toEqual({ ok: false, error: 'count: "-1" is not a whole number ≥ 0' });
  });
});
