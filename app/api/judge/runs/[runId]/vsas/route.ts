import { route } from "@/lib/http/route";
import { vsasJudgementBodySchema, type VsasJudgementBody } from "@/lib/judging/api-schemas";
import { JUDGE_ROLES, requireJudgeRun } from "@/lib/judging/judge-run";
import { saveVsasJudgement } from "@/lib/judging/save-judgement";
import { vsasQueue } from "@/lib/judging/vsas-queue";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { runId: string };

/** GET /api/judge/runs/:runId/vsas — the run's VSAS judge queue for the caller (VsasQueuePayload). */
export const GET = route<undefined, undefined, Params>({ roles: JUDGE_ROLES }, async ({ user, params }) => {
  const run = await requireJudgeRun(user, params.runId, "VSAS");
  return vsasQueue(run, user.id);
});

/** PUT /api/judge/runs/:runId/vsas — autosave one second's verdict `{itemId, t, binary, rubric}` (idempotent). */
export const PUT = route<VsasJudgementBody, undefined, Params>({ roles: JUDGE_ROLES, body: vsasJudgementBodySchema }, async ({ user, params, body }) => {
  const run = await requireJudgeRun(user, params.runId, "VSAS");
  return saveVsasJudgement(run, user.id, body);
});
