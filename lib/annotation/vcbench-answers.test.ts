import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { vcbenchDocumentSchema, type VcbenchDocument } from "./document";
import { computeVcbenchAnswers } from "./vcbench-answers";

const at = (frame: number, fps = 10) => ({ frame, sec: frame / fps });
const doc = (partial: Omit<z.input<typeof vcbenchDocumentSchema>, "benchmark" | "v">): VcbenchDocument =>
  vcbenchDocumentSchema.parse({ benchmark: "VCBENCH", v: 1, ...partial });
const qps = (...frames: number[]) => frames.map((f, i) => ({ id: `q${i}`, at: at(f) }));

describe("computeVcbenchAnswers", () => {
  it("E1: counts moments at or before each query point (t <= q), in the designer's order", () => {
    const d = doc({
      subtype: "E1-Action",
      moments: [20, 5, 40].map((f, i) => ({ id: `m${i}`, at: at(f) })),
      queryPoints: qps(40, 5, 4, 100),
    });
    expect(computeVcbenchAnswers(d).map((a) => a.answer)).toEqual([3, 1, 0, 3]);
    expect(computeVcbenchAnswers(d).every((a) => a.source === "rule")).toBe(true);
  });

  it("E2: only completed occurrences count (end <= q); an open occurrence never counts", () => {
    const d = doc({
      subtype: "E2-Episode",
      occurrences: [
        { id: "o1", start: at(10), end: at(30) },
        { id: "o2", start: at(35), end: null },
      ],
      queryPoints: qps(29, 30, 90),
    });
    expect(computeVcbenchAnswers(d).map((a) => a.answer)).toEqual([0, 1, 1]);
  });

  it("O2-Unique counts first appearances; O2-Gain only those inside the window", () => {
    const identities = [5, 15, 25].map((f, i) => ({ id: `p${i}`, key: `#${i + 1}`, firstAppearance: at(f) }));
    expect(computeVcbenchAnswers(doc({ subtype: "O2-Unique", identities, queryPoints: qps(15) }))[0].answer).toBe(2);
    const gain = doc({ subtype: "O2-Gain", identities, window: { start: at(10), end: at(30) }, queryPoints: qps(30) });
    expect(computeVcbenchAnswers(gain)[0].answer).toBe(2);
    const noWindow = doc({ subtype: "O2-Gain", identities, queryPoints: qps(30) });
    expect(computeVcbenchAnswers(noWindow)[0]).toMatchObject({ answer: null, source: "undetermined" });
  });

  it("O1-Delta is end minus start (may be negative); O1-Snap takes the annotator's count", () => {
    const delta = doc({ subtype: "O1-Delta", window: { start: at(0), end: at(50) }, countAtStart: 4, countAtEnd: 1, queryPoints: qps(50) });
    expect(computeVcbenchAnswers(delta)[0].answer).toBe(-3);
    const snap = doc({ subtype: "O1-Snap", queryPoints: [{ id: "a", at: at(3), count: 2 }, { id: "b", at: at(9) }] });
    expect(computeVcbenchAnswers(snap).map((a) => [a.answer, a.source])).toEqual([
      [2, "manual"],
      [null, "undetermined"],
    ]);
  });
});
