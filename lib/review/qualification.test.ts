import { describe, expect, it } from "vitest";
import { scoreQualification } from "./qualification";
import { e1Doc, tocbenchDoc, vcbenchDoc, at } from "./test-docs";

const video = { fps: 30, frameCount: 300 };

describe("scoreQualification", () => {
  it("an annotator matching the gold exactly passes every kind with kappa 1", () => {
    const gold = [e1Doc([10, 50, 100], [60, 150]), e1Doc([20, 200], [100, 250])];
    const r = scoreQualification(gold.map((g, i) => ({ itemId: `i${i}`, annotation: structuredClone(g), gold: g, ...video })));
    expect(r.passed).toBe(true);
    expect(r.kinds.map((k) => [k.kind, k.kappa])).toEqual([
      ["timestamps", 1],
      ["counts", 1],
    ]);
    expect(r.threshold).toBe(0.8);
  });

  it("hand-computed binned kappa below the threshold fails; the result names the kind", () => {
    // Gold marks 10, 50, 100; annotator 10, 100, 200. Bins of 5 over 300 frames (60 bins):
    // gold bins {2, 10, 20}, annotator {2, 20, 40}: n11 = 2, n10 = 1, n01 = 1, n00 = 56 →
    // κ = 222/342 ≈ 0.649 (as in compare.test.ts) < 0.8.
    const r = scoreQualification([{ itemId: "g", annotation: e1Doc([10, 100, 200], []), gold: e1Doc([10, 50, 100], []), ...video }]);
    expect(r.kinds[0].kind).toBe("timestamps");
    expect(r.kinds[0].kappa).toBeCloseTo(222 / 342, 12);
    expect(r.kinds[0].passed).toBe(false);
    expect(r.passed).toBe(false);
    expect(r.items[0].verdict).toBe("disputed");
    const lax = scoreQualification([{ itemId: "g", annotation: e1Doc([10, 100, 200], []), gold: e1Doc([10, 50, 100], []), ...video }], { thresholds: { qualificationKappa: 0.6 } });
    expect(lax.passed).toBe(true);
  });

  it("labels pooled over facets: one wrong decision in four", () => {
    const items = [
      ["keep", "keep"],
      ["remove", "remove"],
      ["revise", "keep"],
      ["keep", "keep"],
    ].map(([a, g], i) => ({
      itemId: `t${i}`,
      annotation: tocbenchDoc({ decision: a as "keep" }),
      gold: tocbenchDoc({ decision: g as "keep" }),
      ...video,
    }));
    const r = scoreQualification(items);
    // Removal reason is compared on item 1 (both remove; both null). Labels A: keep, remove,
    // reason none, revise, keep; gold: keep, remove, reason none, keep, keep. 5 pairs, 4 agree.
    // Categories (sorted): decision=keep, decision=remove, decision=revise, removalReason=(none).
    // rows A (2,1,1,1), cols gold (3,1,0,1): p_e = (2·3 + 1·1 + 0 + 1·1)/25 = 8/25; p_o = 4/5.
    // κ = (20/25 − 8/25)/(17/25) = 12/17.
    expect(r.kinds).toHaveLength(1);
    expect(r.kinds[0].kappa).toBeCloseTo(12 / 17, 12);
    expect(r.kinds[0].observedAgreement).toBeCloseTo(0.8, 12);
    expect(r.passed).toBe(false);
  });

  it("undefined kappa passes only with perfect raw agreement; no items never passes", () => {
    const snap = (n: number) => vcbenchDoc({ subtype: "O1-Snap", queryPoints: [{ id: "q", at: at(30), count: n }] });
    const same = scoreQualification([{ itemId: "s", annotation: snap(3), gold: snap(3), ...video }]);
    expect(same.kinds[0].kappa).toBeNaN();
    expect(same.passed).toBe(true);
    const off = scoreQualification([{ itemId: "s", annotation: snap(3), gold: snap(4), ...video }]);
    expect(off.passed).toBe(false);
    expect(scoreQualification([]).passed).toBe(false);
    expect(() => scoreQualification([{ itemId: "x9", annotation: e1Doc([500], []), gold: e1Doc([], []), ...video }])).toThrow(/item x9: .*outside the video/);
  });
});
