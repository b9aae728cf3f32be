/**
 * Reviewers' judgements of a study participant's answers (PURE: lib/metrics only), the study
 * side of the human judge queues (docs/annotation/judging.md). A session's answers are judged
 * under subject keys naming the session, as a run's answers are under `run:<runId>:...`:
 * - VSAS live responses: `session:<sessionId>:t:<sec>`, verdict `{binary, rubric}`; at a second
 *   judged by people the judge is the mean of their binary verdicts and the rubric the mean of
 *   their rubric scores. The item's accuracy / rubric mean / consistency are then computed with
 *   lib/metrics `scoreVsas`, as a model's task (consistency needs no judgement).
 * - EC-Bench enumeration answers: `session:<sessionId>:match`, verdict `{matches, predicted,
 *   truth}`; the latest matching whose lists still equal the item's gives TP/FP/FN instead of the
 *   automatic matching.
 * Participants never see these: they are read only when a session is scored (server side).
 */
import { enumerationFromCounts } from "@/lib/metrics/ecbench";
import { parseEnumeration } from "@/lib/metrics/parse-time";
import { scoreVsas } from "@/lib/metrics/vsas";
import { answerKindForFormat } from "@/lib/protocol/participant-question";
import type { ItemScore, ScoringItem } from "./score-answers";

export const SESSION_JUDGE_KIND = "human";

export function sessionSubjectPrefix(sessionId: string): string {
  return `session:${sessionId}:`;
}
export function sessionVsasSubjectKey(sessionId: string, t: number): string {
  return `${sessionSubjectPrefix(sessionId)}t:${t}`;
}
export function sessionEcSubjectKey(sessionId: string): string {
  return `${sessionSubjectPrefix(sessionId)}match`;
}

/** The session of a `session:<id>:...` subject key, or null. */
export function sessionOfSubject(subjectKey: string): string | null {
  const m = /^session:([^:]+):/.exec(subjectKey);
  return m ? m[1] : null;
}

/** A stored Judgement as scoring reads it. */
export type SessionJudgementRow = { itemId: string; subjectKey: string; verdict: unknown; updatedAt: Date };

/** Captions `[{t, text}]` of a VSAS item's truth. */
export function liveCaptions(truthAnswer: unknown): { t: number; text: string }[] {
  if (!Array.isArray(truthAnswer)) return [];
  return (truthAnswer as Array<{ t?: unknown; text?: unknown }>)
    .filter((c) => typeof c?.t === "number" && Number.isFinite(c.t) && typeof c.text === "string")
    .map((c) => ({ t: c.t as number, text: c.text as string }))
    .sort((a, b) => a.t - b.t);
}

/** A live answer `{timeline: [{sec, text}]}` as response events. */
export function liveEvents(value: unknown): { t: number; response: string }[] {
  const timeline = (value as { timeline?: unknown } | null)?.timeline;
  if (!Array.isArray(timeline)) return [];
  return timeline.flatMap((s: { sec?: unknown; text?: unknown }) => (typeof s?.sec === "number" && typeof s.text === "string" ? [{ t: s.sec, response: s.text }] : []));
}

/** The enumeration lists of a participant's answer and of the truth, as the matching queue shows them. */
export function sessionEnumerationLists(truthAnswer: unknown, value: unknown): { truth: string[]; predicted: string[] } {
  const items = (value as { items?: unknown } | null)?.items;
  const text = Array.isArray(items) ? items.join(", ") : "";
  const truthText = typeof truthAnswer === "string" ? truthAnswer : truthAnswer == null ? null : String(truthAnswer);
  return { truth: parseEnumeration(truthText).items, predicted: parseEnumeration(text).items };
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

function vsasJudgements(sessionId: string, rows: readonly SessionJudgementRow[]): { t: number; judge: number | null; rubric: number | null }[] {
  const prefix = `${sessionSubjectPrefix(sessionId)}t:`;
  const perSecond = new Map<number, { b: number[]; r: number[] }>();
  for (const row of rows) {
    if (!row.subjectKey.startsWith(prefix)) continue;
    const t = Number(row.subjectKey.slice(prefix.length));
    const v = (row.verdict ?? {}) as { binary?: unknown; rubric?: unknown };
    if (!Number.isFinite(t)) continue;
    const entry = perSecond.get(t) ?? { b: [], r: [] };
    if (v.binary === 0 || v.binary === 1) entry.b.push(v.binary);
    if (typeof v.rubric === "number" && Number.isInteger(v.rubric) && v.rubric >= 0 && v.rubric <= 3) entry.r.push(v.rubric);
    perSecond.set(t, entry);
  }
  return [...perSecond].map(([t, e]) => ({ t, judge: e.b.length ? mean(e.b) : null, rubric: e.r.length ? mean(e.r) : null }));
}

/**
 * The item score with reviewers' judgements of this session applied (see the file comment);
 * other answers are returned as they are. `rows` are the judgements of this item.
 */
export function applySessionJudgements(sessionId: string, item: ScoringItem, score: ItemScore, rows: readonly SessionJudgementRow[]): ItemScore {
  const kind = answerKindForFormat(item.format);
  if (kind === "live_response") {
    const captions = liveCaptions(item.truthAnswer);
    if (captions.length === 0 || score.raw === null) return score;
    const judgements = vsasJudgements(sessionId, rows);
    const s = scoreVsas([{ taskId: item.externalId, taskType: "(none)", captions, responses: liveEvents(score.raw), judgements }]).per_task[0];
    const judged = judgements.filter((j) => j.judge !== null && captions.some((c) => Math.abs(c.t - j.t) <= 1e-6)).length;
    return {
      ...score,
      scores: { ...score.scores, accuracy: judged ? s.accuracy : null, rubric_mean: s.rubric_mean, consistency: s.consistency, n_judged: judged },
    };
  }
  if (kind !== "ec_enumeration" || score.raw === null) return score;
  const latest = rows
    .filter((r) => r.subjectKey === sessionEcSubjectKey(sessionId))
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0];
  const v = latest?.verdict as { matches?: { pred: number; truth: number }[]; predicted?: string[]; truth?: string[] } | undefined;
  if (!v || !Array.isArray(v.matches) || !Array.isArray(v.predicted) || !Array.isArray(v.truth)) return score;
  const lists = sessionEnumerationLists(item.truthAnswer, score.raw);
  if (!sameList(lists.truth, v.truth) || !sameList(lists.predicted, v.predicted)) return score;
  const tp = v.matches.length;
  const e = enumerationFromCounts({ tp, fp: lists.predicted.length - tp, fn: lists.truth.length - tp });
  return {
    ...score,
    scores: { ...score.scores, correct: e.complete ? 1 : 0, precision_is_one: e.precisionIsOne ? 1 : 0, precision: e.precision, recall: e.recall, f1: e.f1, tp: e.tp, fp: e.fp, fn: e.fn, judged: 1 },
  };
}
