import { describe, expect, it } from "vitest";
import { positionBins, type PositionItem, type PositionSession } from "./position-bins";

const settings = { seed: 0, resamples: 400, level: 0.95 };
const study = { id: "s", name: "Study" };
// A counting item with query points at 10 s and 70 s (quarters 0 and 2 of a 100 s video), truth [2, 5].
const items = new Map<string, PositionItem>([
  ["count", { truthAnswer: [2, 5], queryPoints: [{ ordinal: 1, timeSec: 70 }, { ordinal: 0, timeSec: 10 }] }],
  ["mcq", { truthAnswer: "B", queryPoints: [{ ordinal: 0, timeSec: 95 }] }],
]);
const score = (itemId: string, parsed: unknown, correct: number | null = null) => ({ itemId, raw: parsed, parsed, valid: true, scores: { correct } });

describe("positionBins", () => {
  it("puts each counting answer in its query point's quarter and other answers at their last query point", () => {
    const sessions: PositionSession[] = [
      { participantId: "a", duration: 100, items: [score("count", [2, 4]), score("mcq", "B", 1)] },
      { participantId: "b", duration: 100, items: [score("count", [2, 5]), score("mcq", "C", 0)] },
      // No duration: left out.
      { participantId: "c", duration: 0, items: [score("count", [9, 9])] },
    ];
    const out = positionBins(study, sessions, items, settings);
    expect(out.bins.map((b) => [b.label, b.answers, b.correct, b.accuracy])).toEqual([
      ["0–25 %", 2, 2, 1],
      ["25–50 %", 0, 0, null],
      ["50–75 %", 2, 1, 0.5],
      ["75–100 %", 2, 1, 0.5],
    ]);
    // Quarter 0: every participant correct, so every replicate is 1.
    expect(out.bins[0]).toMatchObject({ lower: 1, upper: 1 });
    expect(out.bins[1]).toMatchObject({ lower: null, upper: null });
    // Quarter 2: one participant right, one wrong: the replicates span 0 … 1.
    expect(out.bins[2].lower).toBe(0);
    expect(out.bins[2].upper).toBe(1);
  });

  it("resamples participants, not answers: one participant's many answers give a zero-width interval", () => {
    const many = Array.from({ length: 40 }, (_, i) => score("count", [i % 2 ? 2 : 3, 5]));
    const out = positionBins(study, [{ participantId: "only", duration: 100, items: many }], items, settings);
    expect(out.bins[0]).toMatchObject({ answers: 40, correct: 20, accuracy: 0.5, lower: 0.5, upper: 0.5 });
  });

  it("is deterministic for a seed and narrows with more participants", () => {
    const people = (k: number): PositionSession[] => Array.from({ length: k }, (_, i) => ({ participantId: `p${i}`, duration: 100, items: [score("count", [i % 3 ? 2 : 0, 5])] }));
    const a = positionBins(study, people(12), items, settings);
    expect(positionBins(study, people(12), items, settings)).toEqual(a);
    const b = positionBins(study, people(120), items, settings);
    expect(b.bins[0].accuracy).toBeCloseTo(2 / 3, 12);
    expect(b.bins[0].upper! - b.bins[0].lower!).toBeLessThan(a.bins[0].upper! - a.bins[0].lower!);
    expect(b.bins[0].lower!).toBeLessThanOrEqual(b.bins[0].accuracy!);
    expect(b.bins[0].upper!).toBeGreaterThanOrEqual(b.bins[0].accuracy!);
  });

  it("no sessions: every quarter empty", () => {
    expect(positionBins(study, [], items, settings).bins.every((b) => b.answers === 0 && b.accuracy === null)).toBe(true);
  });
});
