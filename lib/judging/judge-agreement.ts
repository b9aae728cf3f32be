/**
 * Judge-vs-judge agreement of a run's human judgements (PURE), as the VSAS paper reports its
 * judge against people: Cohen's kappa of the binary yes/no verdicts, and the quadratic-weighted
 * Cohen's kappa of the 0-3 rubric (categories 0..3 fixed, so a score nobody gave still counts in
 * the distances), for every pair of reviewers over the units (seconds) both judged.
 * Undefined kappas (no shared unit, or both used one single category) are null.
 */
import { cohenKappa } from "@/lib/metrics/agreement";
import type { JudgePairAgreement } from "./api-schemas";

export type JudgedUnit = { judge: { id: string; name: string }; unit: string; binary: 0 | 1 | null; rubric: number | null };

export function judgeAgreement(units: readonly JudgedUnit[]): JudgePairAgreement[] {
  const byJudge = new Map<string, { judge: JudgedUnit["judge"]; units: Map<string, JudgedUnit> }>();
  for (const u of units) {
    const entry = byJudge.get(u.judge.id) ?? { judge: u.judge, units: new Map() };
    entry.units.set(u.unit, u);
    byJudge.set(u.judge.id, entry);
  }
  const judges = [...byJudge.values()].sort((x, y) => x.judge.name.localeCompare(y.judge.name) || x.judge.id.localeCompare(y.judge.id));
  const out: JudgePairAgreement[] = [];
  for (let i = 0; i < judges.length; i++) {
    for (let j = i + 1; j < judges.length; j++) {
      const A = judges[i];
      const B = judges[j];
      const binA: number[] = [];
      const binB: number[] = [];
      const rubA: number[] = [];
      const rubB: number[] = [];
      for (const [unit, a] of A.units) {
        const b = B.units.get(unit);
        if (!b) continue;
        if (a.binary !== null && b.binary !== null) {
          binA.push(a.binary);
          binB.push(b.binary);
        }
        if (a.rubric !== null && b.rubric !== null) {
          rubA.push(a.rubric);
          rubB.push(b.rubric);
        }
      }
      if (binA.length === 0 && rubA.length === 0) continue;
      out.push({
        a: A.judge,
        b: B.judge,
        binaryUnits: binA.length,
        rubricUnits: rubA.length,
        binaryKappa: finite(binA.length ? cohenKappa(binA, binB, { categories: [0, 1] }) : NaN),
        rubricKappa: finite(rubA.length ? cohenKappa(rubA, rubB, { categories: [0, 1, 2, 3], weights: "quadratic" }) : NaN),
        binaryPercent: binA.length ? binA.filter((x, k) => x === binB[k]).length / binA.length : null,
      });
    }
  }
  return out;
}

function finite(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}
