import "server-only";
import { enumerationLists, readEcVerdict } from "@/lib/runs/human-judgements";
import { ecTaskType } from "@/lib/runs/score-ecbench";
import type { EcRaw } from "@/lib/runs/types";
import type { EcItemView, EcQueuePayload } from "./api-schemas";
import { autoMatches } from "./auto-match";
import { runScoreView, type JudgeRun } from "./judge-run";
import { loadRunContext } from "./run-context";

export const EC_SCORE_KEYS = ["enumeration_precision", "enumeration_recall", "enumeration_f1", "enumeration_tp_total", "enumeration_fp_total", "enumeration_fn_total"] as const;

/**
 * The EC-Bench matching queue of a run: its enumeration items that have a prediction, each with
 * the predicted and true item lists (split as the scorer splits them), the automatic matcher's
 * links (pre-filled), the caller's stored links (when their lists are still current) and how
 * many reviewers matched the item.
 */
export async function ecQueue(run: JudgeRun, userId: string): Promise<EcQueuePayload> {
  const ctx = await loadRunContext(run.project.id, "ECBENCH", run.id);
  const items: EcItemView[] = [];
  for (const item of ctx.truth) {
    if (ecTaskType(item) !== "Enumeration") continue;
    const raw = ctx.raws.get(item.itemId) as EcRaw | undefined;
    if (!raw || raw.answer === null || raw.answer.trim() === "") continue;
    const lists = enumerationLists(item.answer, raw.answer);
    const rows = ctx.judgements.filter((j) => j.itemId === item.itemId);
    const mine = rows.map((r) => (r.judgeId === userId ? readEcVerdict(r.verdict) : null)).find((v) => v !== null);
    const current = mine && same(mine.predicted, lists.predicted) && same(mine.truth, lists.truth) ? mine.matches : null;
    items.push({
      itemId: item.itemId,
      externalId: item.externalId,
      question: ctx.items.get(item.itemId)?.question ?? "",
      predicted: lists.predicted,
      truth: lists.truth,
      auto: autoMatches(lists.predicted, lists.truth),
      mine: current,
      judges: rows.length,
    });
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
