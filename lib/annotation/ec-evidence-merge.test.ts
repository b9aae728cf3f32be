import { describe, expect, it } from "vitest";
import type { Span } from "./document";
import { applyEvidenceMerge, evidenceMergeSuggestions, reappearanceCount } from "./ec-evidence-merge";

// 25 fps, whole seconds: frame = 25 * sec
const t = (sec: number) => ({ frame: sec * 25, sec });
const clip = (id: string, s: number, e: number | null, label = "", comment = ""): Span => ({ id, start: t(s), end: e === null ? null : t(e), label, comment });

describe("evidenceMergeSuggestions", () => {
  it("merges clips less than 5 s apart (chained), not 5 s or more; in time order whatever the list order", () => {
    const ev = [clip("c", 30, 32), clip("a", 10, 12), clip("b", 16, 20), clip("d", 37, 40), clip("e", 100, 110)];
    const s = evidenceMergeSuggestions(ev);
    // a(10-12) b(16-20): gap 4 -> merge; c(30-32): gap 10 from b; d(37-40): gap 5 from c -> not merged
    expect(s).toEqual([{ ids: ["a", "b"], start: t(10), end: t(20), reappearance: false, label: "", message: "2 clips less than 5 s apart: merge into one clip 10 s-20 s" }]);
    const chain = evidenceMergeSuggestions([clip("a", 0, 2), clip("b", 6, 7), clip("c", 11, 12), clip("d", 3, 4)]);
    expect(chain.map((x) => x.ids)).toEqual([["a", "d", "b", "c"]]);
    expect(chain[0].end).toEqual(t(12));
  });

  it("overlapping and contained clips merge; the group end is the latest end", () => {
    const s = evidenceMergeSuggestions([clip("a", 10, 40), clip("b", 12, 15), clip("c", 43, 50)]);
    expect(s).toHaveLength(1);
    expect(s[0]).toMatchObject({ ids: ["a", "b", "c"], start: t(10), end: t(50) });
  });

  it("open clips are ignored; a custom gap is honoured", () => {
    expect(evidenceMergeSuggestions([clip("a", 10, 12), clip("b", 13, null)])).toEqual([]);
    expect(evidenceMergeSuggestions([clip("a", 10, 12), clip("b", 19, 20)], 8).map((x) => x.ids)).toEqual([["a", "b"]]);
  });

  it("a group of one subject is a reappearance that counts once", () => {
    const s = evidenceMergeSuggestions([clip("a", 10, 12, "dog"), clip("b", 14, 15, "dog")]);
    expect(s[0]).toMatchObject({ reappearance: true, label: "dog", message: '"dog" reappears within 5 s (counts once): merge into one clip 10 s-15 s' });
  });
});

describe("applyEvidenceMerge", () => {
  it("replaces the group by one clip at the first member's place, keeping the others' order", () => {
    const ev = [clip("x", 100, 110), clip("b", 16, 20, "cat", "tail"), clip("a", 10, 12, "dog", "far"), clip("y", 200, 201)];
    const [s] = evidenceMergeSuggestions(ev);
    const out = applyEvidenceMerge(ev, s);
    expect(out).toEqual([clip("x", 100, 110), clip("b", 10, 20, "cat, dog", "tail; far"), clip("y", 200, 201)]);
    expect(ev).toHaveLength(4); // not mutated
  });

  it("a stale suggestion (clips gone) leaves the list unchanged", () => {
    const ev = [clip("a", 10, 12)];
    expect(applyEvidenceMerge(ev, { ids: ["a", "gone"], start: t(10), end: t(20) })).toEqual(ev);
  });
});

describe("reappearanceCount", () => {
  it("counts occurrences per label with reappearances within 5 s counted once", () => {
    const ev = [clip("a", 10, 12, "dog"), clip("b", 15, 16, "dog"), clip("c", 30, 31, "dog"), clip("d", 11, 13, "cat"), clip("e", 50, 52, "")];
    expect(reappearanceCount(ev)).toEqual({
      byLabel: [
        { label: "dog", occurrences: 2, clips: 3 },
        { label: "cat", occurrences: 1, clips: 1 },
      ],
      total: 3,
      unlabelled: 1,
    });
  });
});
