import { route } from "@/lib/http/route";
import { answerBodySchema, type AnswerBody } from "@/lib/protocol/answer-body";
import { PARTICIPANT_ROLES } from "@/lib/protocol/participant-roles";
import { submitAnswer } from "@/lib/protocol/submit-answer";
import { finishSession } from "@/lib/studies/finish-session";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * POST /api/sessions/[id]/answers {askIndex, tabId, version, answer, latencyMs?, positionSec?}:
 * stores the answer once (409 on a second one) and unlocks the next stretch; the session's last
 * answer finishes it (scores, completion: lib/studies). The caller's user row is read with the
 * session (`caller: "deferred"`, lib/auth/deferred-caller.ts).
 */
export const POST = route<AnswerBody, undefined, { id: string }>(
  { roles: PARTICIPANT_ROLES, body: answerBodySchema, maxBodyBytes: 4 * 1024 * 1024, caller: "deferred" },
  async ({ params, caller, body }) => submitAnswer(caller, params.id, body, (sessionId) => finishSession(sessionId)),
);
