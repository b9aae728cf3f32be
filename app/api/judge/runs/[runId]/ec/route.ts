import { route } from "@/lib/http/route";
import { ecMatchBodySchema, type EcMatchBody } from "@/lib/judging/api-schemas";
import { ecQueue } from "@/lib/judging/ec-queue";
import { JUDGE_ROLES, requireJudgeRun } from "@/lib/judging/judge-run";
import { saveEcMatch } from "@/lib/judging/save-judgement";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { runId: string };

/** GET /api/judge/runs/:runId/ec — the run's enumeration matching queue for the caller (EcQueuePayload). */
export const GET = route<undefined, undefined, Params>({ roles: JUDGE_ROLES }, async ({ user, params }) => {
  const run = await requireJudgeRun(user, params.runId, "ECBENCH");
  return ecQueue(run, user.id);
});

/** PUT /api/judge/runs/:runId/ec — autosave the links of one enumeration item `{itemId, matches: [{pred, truth}]}`. */
export const PUT = route<EcMatchBody, undefined, Params>({ roles: JUDGE_ROLES, body: ecMatchBodySchema }, async ({ user, params, body }) => {
  const run = await requireJudgeRun(user, params.runId, "ECBENCH");
  return saveEcMatch(run, user.id, body);
});
