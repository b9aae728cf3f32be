import { describe, expect, it } from "vitest";
import { ecSubjectKey, vsasSubjectKey, type JudgementRow } from "./human-judgements";
import { judgingLabel, judgingOf } from "./judging-status";
import { scoreWithJudgements } from "./score-judged";
import type { EcRaw, RawPrediction, TruthItem, VsasRaw } from "./types";

// Issue 19.11: a run judged by people is scored over the judged units and flagged partial until
// every unit (VSAS second, EC-Bench enumeration answer) is judged.

const base = { ordinal: 0, labels: {}, presentation: {}, videoRef: "v.mp4", source: {}, spans: [], queryPoints: [] };
const vsasItem = (id: string, seconds: number): TruthItem => ({ ...base, itemId: id, externalId: id, format: "vsas", labels: { task_type: "Present" }, answer: Array.from({ length: seconds }, (_, t) => ({ t, text: `caption ${t}` })) });
const row = (itemId: string, subjectKey: string, verdict: unknown, at = 0): JudgementRow => ({ itemId, judgeId: "rev", subjectKey, verdict, updatedAt: new Date(at) });

function scoreVsasRun(truth: TruthItem[], judged: { itemId: string; t: number; binary: 0 | 1 }[]) {
  const raws = new Map<string, RawPrediction>(truth.map((i) => [i.itemId, { events: [{ t: 0, response: "a response" }], judgements: [] } as VsasRaw]));
  return scoreWithJudgements("VSAS", "r", truth, raws, judged.map((j) => row(j.itemId, vsasSubjectKey("r", j.t), { binary: j.binary, rubric: 2 })), "reference").scored;
}

describe("VSAS: unjudged seconds are not wrong", () => {
  const truth = [vsasItem("t1", 10), vsasItem("t2", 10)];

  it("1 of 20 seconds judged: accuracy over that second, partial, judged 1 of 20", () => {
    const out = scoreVsasRun(truth, [{ itemId: "t1", t: 0, binary: 1 }]);
    // Before: 1/10 for the task (unjudged seconds counted 0), "Accuracy A: 0.100".
    expect(out.metrics.accuracy).toBe(1);
    expect(out.judging).toEqual({ unit: "second", judged: 1, total: 20, final: false, basis: "judged" });
    expect(judgingLabel(out.judging!)).toBe("partial: judged 1 of 20 seconds (score over the judged seconds)");
    expect(out.table["acc.overall"]).toBe(1);
  });

  it("every second judged: the paper's accuracy, final", () => {
    const all = truth.flatMap((i) => Array.from({ length: 10 }, (_, t) => ({ itemId: i.itemId, t, binary: (i.itemId === "t1" ? 1 : t % 2) as 0 | 1 })));
    const out = scoreVsasRun(truth, all);
    // t1: 10/10; t2: 5/10 → A = 0.75.
    expect(out.metrics.accuracy).toBeCloseTo(0.75, 12);
    expect(out.judging).toEqual({ unit: "second", judged: 20, total: 20, final: true, basis: "judged" });
    expect(judgingLabel(out.judging!)).toBe("final: all 20 seconds judged");
  });

  it("nothing judged: no accuracy, not final", () => {
    const out = scoreVsasRun(truth, []);
    expect(out.metrics.accuracy).toBeNull();
    expect(out.judging).toMatchObject({ judged: 0, total: 20, final: false });
    expect(judgingLabel(out.judging!)).toBe("not judged yet: 0 of 20 seconds");
  });
});

describe("EC-Bench enumeration judged by people", () => {
  const ecItem = (id: string, format: string, answer: string): TruthItem => ({ ...base, itemId: id, externalId: id, format, labels: { category: "B" }, answer });
  const truth = [ecItem("c", "counting", "3"), ecItem("e1", "enumeration", "fire truck, ambulance"), ecItem("e2", "enumeration", "cat, dog")];
  const raws = new Map<string, RawPrediction>([
    ["c", { answer: "3" } as EcRaw],
    ["e1", { answer: "fire engine, ambulance" } as EcRaw],
    ["e2", { answer: "cat, dog" } as EcRaw],
  ]);
  const match = (itemId: string, matches: { pred: number; truth: number }[], predicted: string[], truthList: string[]) => row(itemId, ecSubjectKey("r"), { matches, predicted, truth: truthList });
  const e1 = match("e1", [{ pred: 0, truth: 0 }, { pred: 1, truth: 1 }], ["fire engine", "ambulance"], ["fire truck", "ambulance"]);
  const e2 = match("e2", [{ pred: 0, truth: 0 }, { pred: 1, truth: 1 }], ["cat", "dog"], ["cat", "dog"]);
  const score = (rows: JudgementRow[]) => scoreWithJudgements("ECBENCH", "r", truth, raws, rows, "reference").scored;

  it("no matching by people: the automatic matching scores every answer (final, automatic)", () => {
    const out = score([]);
    expect(out.metrics.enumeration_total).toBe(2);
    expect(out.judging).toEqual({ unit: "enumeration answer", judged: 0, total: 2, final: true, basis: "automatic" });
    expect(judgingLabel(out.judging!)).toBe("automatic matching (no enumeration answer judged by people)");
  });

  it("1 of 2 matched by people: the enumeration figures are over the matched answer only, partial", () => {
    const out = score([e1]);
    expect(out.metrics).toMatchObject({ enumeration_total: 1, enumeration_tp_total: 2, enumeration_fp_total: 0, enumeration_awaiting_judgement: 1 });
    expect(out.judging).toEqual({ unit: "enumeration answer", judged: 1, total: 2, final: false, basis: "judged" });
    const awaiting = out.results.find((r) => r.itemId === "e2")!;
    expect(awaiting.scores.status).toBe("awaiting_judgement");
    expect(judgingLabel(out.judging!)).toBe("partial: judged 1 of 2 enumeration answers (score over the judged enumeration answers)");
  });

  it("all matched: final", () => {
    const out = score([e1, e2]);
    expect(out.judging).toMatchObject({ judged: 2, total: 2, final: true, basis: "judged" });
    expect(out.metrics.enumeration_total).toBe(2);
  });
});

describe("judgingOf (stored aggregates)", () => {
  it("reads a stored status and refuses anything else", () => {
    expect(judgingOf({ judging: { unit: "second", judged: 1, total: 2, final: false, basis: "judged" } })).toEqual({ unit: "second", judged: 1, total: 2, final: false, basis: "judged" });
    expect(judgingOf({ judging: { unit: "second", judged: "1" } })).toBeNull();
    expect(judgingOf(null)).toBeNull();
    expect(judgingOf({})).toBeNull();
  });
});
