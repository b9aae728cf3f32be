import { describe, expect, it } from "vitest";
import { judgeAgreement, type JudgedUnit } from "./judge-agreement";

const A = { id: "a", name: "Ada" };
const B = { id: "b", name: "Bea" };
const units = (judge: JudgedUnit["judge"], binary: (0 | 1 | null)[], rubric: (number | null)[]): JudgedUnit[] =>
  binary.map((b, i) => ({ judge, unit: `s${i}`, binary: b, rubric: rubric[i] }));

describe("judgeAgreement", () => {
  it("binary Cohen's kappa and quadratic-weighted rubric kappa over the shared seconds", () => {
    // Binary: p_o = 3/4, p_e = .5 → .5. Rubric: observed Σw 1/4, expected 2.5 → .9 (worked in tests/review-judge.test.ts).
    const out = judgeAgreement([...units(B, [1, 0, 0, 0], [3, 0, 1, 1]), ...units(A, [1, 0, 1, 0], [3, 0, 2, 1])]);
    expect(out).toHaveLength(1);
    expect(out[0].a).toEqual(A);
    expect(out[0].binaryKappa).toBeCloseTo(0.5, 12);
    expect(out[0].rubricKappa).toBeCloseTo(0.9, 12);
    expect(out[0].binaryPercent).toBe(0.75);
  });

  it("only seconds both judged count; undefined kappas are null; a lone judge has no pair", () => {
    const out = judgeAgreement([...units(A, [1, 1, null], [2, null, 1]), ...units(B, [1, 1, 0], [2, 3, null]), { judge: B, unit: "extra", binary: 0, rubric: 0 }]);
    expect(out[0]).toMatchObject({ binaryUnits: 2, rubricUnits: 1, binaryKappa: null, rubricKappa: null, binaryPercent: 1 });
    expect(judgeAgreement(units(A, [1, 0], [1, 2]))).toEqual([]);
  });
});
