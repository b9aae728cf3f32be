import "server-only";
import { enumerationLists, readEcVerdict } from "@/lib/runs/human-judgements";
import { ecTaskType } from "@/lib/runs/score-ecbench";
import type { EcRaw, TruthItem } from "@/lib/runs/types";
import { sessionEcSubjectKey, sessionEnumerationLists } from "@/lib/studies/session-judgements";
import type { EcItemView, EcQueuePayload } from "./api-schemas";
import { autoMatches } from "./auto-match";
import { runScoreView, type JudgeRun } from "./judge-run";
import { loadRunContext } from "./run-context";
import { loadSessionJudgements, loadStudyAnswers } from "./study-answers";

export const EC_SCORE_KEYS = ["enumeration_precision", "enumeration_recall", "enumeration_f1", "enumeration_tp_total", "enumeration_fp_total", "enumeration_fn_total"] as const;

/**
 * The EC-Bench matching queue of a run: its enumeration items that have a prediction, each with
 * the predicted and true item lists (split as the scorer splits them), the automatic matcher's
 * links (pre-filled), the caller's stored links (when their lists are still current) and how
 * many reviewers matched the item. A study's run: one entry per participant's enumeration answer
 * (completed sessions), matched under `session:<sessionId>:match`.
 */
export async function ecQueue(run: JudgeRun, userId: string): Promise<EcQueuePayload> {
  const ctx = await loadRunContext(run.project.id, "ECBENCH", run.id);
  const items: EcItemView[] = [];
  const view = (item: TruthItem, lists: { predicted: string[]; truth: string[] }, rows: { judgeId: string | null; verdict: unknown }[], session: { sessionId: string; participant: string } | null): EcItemView => {
    const mine = rows.map((r) => (r.judgeId === userId ? readEcVerdict(r.verdict) : null)).find((v) => v !== null);
    const current = mine && same(mine.predicted, lists.predicted) && same(mine.truth, lists.truth) ? mine.matches : null;
    return {
      itemId: item.itemId,
      sessionId: session?.sessionId ?? null,
      participant: session?.participant ?? null,
      externalId: item.externalId,
      question: ctx.items.get(item.itemId)?.question ?? "",
      predicted: lists.predicted,
      truth: lists.truth,
      auto: autoMatches(lists.predicted, lists.truth),
      mine: current,
      judges: rows.length,
    };
  };
  if (run.studyId) {
    const byId = new Map(ctx.truth.filter((i) => ecTaskType(i) === "Enumeration").map((i) => [i.itemId, i]));
    const answers = (await loadStudyAnswers(run.studyId, [...byId.keys()])).filter((a) => byId.has(a.itemId));
    const rows = await loadSessionJudgements(answers.map((a) => a.sessionId));
    for (const a of answers) {
      const item = byId.get(a.itemId)!;
      const lists = sessionEnumerationLists(item.answer, a.value);
      if (lists.predicted.length === 0) continue;
      items.push(view(item, lists, rows.filter((r) => r.itemId === a.itemId && r.subjectKey === sessionEcSubjectKey(a.sessionId)), a));
    }
  }
  for (const item of run.studyId ? [] : ctx.truth) {
    if (ecTaskType(item) !== "Enumeration") continue;
    const raw = ctx.raws.get(item.itemId) as EcRaw | undefined;
    if (!raw || raw.answer === null || raw.answer.trim() === "") continue;
    const lists = enumerationLists(item.answer, raw.answer);
    items.push(view(item, lists, ctx.judgements.filter((j) => j.itemId === item.itemId), null));
  }
  return {
    run: { id: run.id, name: run.name, projectId: run.project.id, projectName: run.project.name },
    score: runScoreView(run, EC_SCORE_KEYS),
    items,
  };
}

function same(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
