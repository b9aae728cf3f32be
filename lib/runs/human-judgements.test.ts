import { describe, expect, it } from "vitest";
import { applyHumanJudgements, ecSubjectKey, matchingProblem, vsasSecondOf, vsasSubjectKey, type JudgementRow } from "./human-judgements";
import type { EcRaw, TruthItem, VsasRaw } from "./types";

const item = (itemId: string, answer: unknown): TruthItem => ({ itemId, externalId: itemId, ordinal: 0, format: "enumeration", labels: {}, presentation: {}, videoRef: "v.mp4", answer, source: {}, spans: [], queryPoints: [] });
const row = (itemId: string, judgeId: string, subjectKey: string, verdict: unknown, at = 0): JudgementRow => ({ itemId, judgeId, subjectKey, verdict, updatedAt: new Date(at) });

describe("human judgements of a run", () => {
  it("subject keys round-trip", () => {
    expect(vsasSecondOf("r1", vsasSubjectKey("r1", 2.5))).toBe(2.5);
    expect(vsasSecondOf("r2", vsasSubjectKey("r1", 2))).toBeNull();
    expect(vsasSecondOf("r1", ecSubjectKey("r1"))).toBeNull();
  });

  it("VSAS: people's verdicts (mean over reviewers) replace the file's at the seconds they judged", () => {
    const raws = new Map([["i1", { events: [{ t: 0, response: "x" }], judgements: [{ t: 0, judge: 0, rubric: 0 }, { t: 1, judge: 1, rubric: 3 }] } as VsasRaw]]);
    const out = applyHumanJudgements("VSAS", "r", [], raws, [
      row("i1", "a", vsasSubjectKey("r", 0), { binary: 1, rubric: 3 }),
      row("i1", "b", vsasSubjectKey("r", 0), { binary: 0, rubric: 2 }),
      row("i2", "a", vsasSubjectKey("r", 1), { binary: null, rubric: 1 }),
      row("i2", "a", vsasSubjectKey("other", 1), { binary: 1, rubric: 1 }),
    ]);
    expect((out.raws.get("i1") as VsasRaw).judgements).toEqual([{ t: 0, judge: 0.5, rubric: 2.5 }, { t: 1, judge: 1, rubric: 3 }]);
    expect((out.raws.get("i2") as VsasRaw).judgements).toEqual([{ t: 1, judge: null, rubric: 1 }]);
    expect(out.applied).toBe(2);
    expect((raws.get("i1") as VsasRaw).judgements[0].judge).toBe(0);
  });

  it("EC-Bench: the latest matching gives judged counts; one made on other lists is ignored and reported", () => {
    const truth = [item("q", "fire truck, ambulance"), item("old", "a, b")];
    const raws = new Map<string, EcRaw>([["q", { answer: "fire engine, ambulance, bike" }], ["old", { answer: "a" }]]);
    const out = applyHumanJudgements("ECBENCH", "r", truth, raws, [
      row("q", "a", ecSubjectKey("r"), { matches: [{ pred: 1, truth: 1 }], predicted: ["fire engine", "ambulance", "bike"], truth: ["fire truck", "ambulance"] }, 1),
      row("q", "b", ecSubjectKey("r"), { matches: [{ pred: 1, truth: 1 }, { pred: 0, truth: 0 }], predicted: ["fire engine", "ambulance", "bike"], truth: ["fire truck", "ambulance"] }, 2),
      row("old", "a", ecSubjectKey("r"), { matches: [], predicted: ["a"], truth: ["a", "c"] }),
    ]);
    expect((out.raws.get("q") as EcRaw).judged).toEqual({ tp: 2, fp: 1, fn: 0 });
    expect((out.raws.get("old") as EcRaw).judged).toBeUndefined();
    expect(out.problems.map((p) => `${p.code}:${p.id}`)).toEqual(["judgement_outdated:old"]);
  });

  it("a matching must be one-to-one inside both lists", () => {
    const lists = { predicted: ["a", "b"], truth: ["a"] };
    expect(matchingProblem({ ...lists, matches: [{ pred: 0, truth: 0 }] })).toBeNull();
    expect(matchingProblem({ ...lists, matches: [{ pred: 0, truth: 0 }, { pred: 1, truth: 0 }] })).toMatch(/true item 0 is linked twice/);
    expect(matchingProblem({ ...lists, matches: [{ pred: 2, truth: 0 }] })).toMatch(/predicted item 2 does not exist/);
  });
});
