import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { evaluateAgreementCases } from "./agreement-cases";
import { e1Doc } from "./test-docs";

const dir = join(__dirname, "..", "..", "tests", "fixtures", "agreement");
const cases = JSON.parse(readFileSync(join(dir, "cases.json"), "utf8")) as unknown[];
const expected = JSON.parse(readFileSync(join(dir, "expected.json"), "utf8")) as Record<string, unknown>[];

describe("evaluateAgreementCases: golden vectors (independently computed, tests/fixtures/agreement)", () => {
  const results = evaluateAgreementCases(cases);
  it("one result per case, in order", () => {
    expect(results).toHaveLength(cases.length);
  });
  expected.forEach((want, i) => {
    it(`case ${i}: ${JSON.stringify(cases[i]).slice(0, 80)}`, () => {
      const got = results[i];
      if ("error_contains" in want) {
        expect(String(got.error)).toContain(String(want.error_contains));
        expect(String(got.error)).toContain(String(want.reason));
        return;
      }
      expect(Object.keys(got).sort()).toEqual(Object.keys(want).sort());
      for (const [k, v] of Object.entries(want)) {
        if (v === null) expect(got[k]).toBeNull();
        else expect(got[k] as number).toBeCloseTo(v as number, 10);
      }
    });
  });
});

describe("evaluateAgreementCases: errors and documents", () => {
  it("names the case index and field of a malformed case; others still computed", () => {
    const r = evaluateAgreementCases([{ measure: "cohen", a: [1], b: ["x", {}] }, { measure: "spans", a: [[0, 1]], b: [[0, 1]] }, { measure: "nope" }, 5]);
    expect(r[0].error).toMatch(/^case 0: b\.1 /);
    expect(r[1]).toEqual({ value: 1 });
    expect(r[2].error).toMatch(/^case 2: measure must be one of "cohen"/);
    expect(r[3].error).toMatch(/^case 3: /);
    expect(evaluateAgreementCases({})).toEqual([{ error: "input must be a JSON array of cases" }]);
  });

  it("documents in, verdict and figures out", () => {
    const [r] = evaluateAgreementCases([{ measure: "documents", documents: [e1Doc([10, 50], [90]), e1Doc([11, 70], [90])], fps: 30, frameCount: 300 }]);
    expect(r.verdict).toBe("disputed");
    const facets = r.facets as { name: string; pairs: { f1: number }[] }[];
    expect(facets[0].name).toBe("moments");
    expect(facets[0].pairs[0].f1).toBe(0.5);
    const [bad] = evaluateAgreementCases([{ measure: "documents", documents: [e1Doc([10], [])], fps: 30, frameCount: 300 }]);
    expect(bad.error).toMatch(/^case 0: documents must hold at least 2 documents/);
  });
});
