import { describe, expect, it } from "vitest";
import type { ItemScore, ScoringItem } from "./score-answers";
import { applySessionJudgements, sessionEcSubjectKey, sessionOfSubject, sessionVsasSubjectKey } from "./session-judgements";

const at = new Date("2026-01-01T00:00:00Z");
const base = { externalId: "x", videoRef: "v.mp4", labels: {}, presentation: {}, truthSpans: [], queryPoints: [] };

describe("applySessionJudgements", () => {
  const live: ScoringItem = { ...base, itemId: "i1", format: "caption", truthAnswer: [0, 1, 2].map((t) => ({ t, text: `c${t}` })) };
  const liveScore: ItemScore = { itemId: "i1", raw: { timeline: [{ sec: 0, text: "a" }] }, parsed: null, valid: true, scores: { correct: null } };

  it("VSAS: the mean of the reviewers' binary verdicts per second gives the answer's accuracy; other sessions' rows are ignored", () => {
    const rows = [
      { itemId: "i1", subjectKey: sessionVsasSubjectKey("s1", 0), verdict: { binary: 1, rubric: 3 }, updatedAt: at },
      { itemId: "i1", subjectKey: sessionVsasSubjectKey("s1", 1), verdict: { binary: 1, rubric: 1 }, updatedAt: at },
      { itemId: "i1", subjectKey: sessionVsasSubjectKey("s1", 1), verdict: { binary: 0, rubric: 1 }, updatedAt: at },
      { itemId: "i1", subjectKey: sessionVsasSubjectKey("s2", 2), verdict: { binary: 1, rubric: 3 }, updatedAt: at },
    ];
    const out = applySessionJudgements("s1", live, liveScore, rows);
    // Seconds judged 0 and 1 (mean 1 and .5); second 2 unjudged is left out (unknown, not wrong:
    // docs/metrics/vsas.md): A = 1.5 / 2. Rubric (3 + 1) / 2.
    expect(out.scores.accuracy).toBeCloseTo(0.75, 12);
    expect(out.scores.rubric_mean).toBeCloseTo(2, 12);
    expect(out.scores.n_judged).toBe(2);
    expect(applySessionJudgements("s1", live, liveScore, []).scores.accuracy).toBeNull();
  });

  it("EC enumeration: the latest matching on the current lists replaces the automatic counts; an outdated one is ignored", () => {
    const item: ScoringItem = { ...base, itemId: "e1", format: "enumeration", truthAnswer: "fire truck, ambulance" };
    const score: ItemScore = { itemId: "e1", raw: { items: ["Fire engine", "ambulance"] }, parsed: null, valid: true, scores: { correct: 0, tp: 1, fp: 1, fn: 1 } };
    const lists = { predicted: ["Fire engine", "ambulance"], truth: ["fire truck", "ambulance"] };
    const rows = [
      { itemId: "e1", subjectKey: sessionEcSubjectKey("s1"), verdict: { matches: [{ pred: 1, truth: 1 }], ...lists }, updatedAt: at },
      { itemId: "e1", subjectKey: sessionEcSubjectKey("s1"), verdict: { matches: [{ pred: 0, truth: 0 }, { pred: 1, truth: 1 }], ...lists }, updatedAt: new Date(at.getTime() + 1000) },
    ];
    expect(applySessionJudgements("s1", item, score, rows).scores).toMatchObject({ tp: 2, fp: 0, fn: 0, correct: 1, f1: 1, judged: 1 });
    const outdated = [{ ...rows[1], verdict: { ...rows[1].verdict, truth: ["fire truck"] } }];
    expect(applySessionJudgements("s1", item, score, outdated).scores).toEqual(score.scores);
  });

  it("reads the session of a subject key", () => {
    expect(sessionOfSubject("session:abc:t:3")).toBe("abc");
    expect(sessionOfSubject("run:abc:t:3")).toBeNull();
  });
});
