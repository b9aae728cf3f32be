import { route } from "@/lib/http/route";
import { claimBodySchema } from "@/lib/protocol/answer-body";
import { PARTICIPANT_ROLES } from "@/lib/protocol/participant-roles";
import { claimSession } from "@/lib/protocol/claim-session";
import { requireOwnSession } from "@/lib/protocol/load-session";
import { sessionState } from "@/lib/protocol/session-state";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * POST /api/sessions/[id]/claim {tabId}: this tab takes the session over (the previous tab's next
 * answer gets 409). Returns the state. Releases no media.
 */
export const POST = route<{ tabId: string }, undefined, { id: string }>({ roles: PARTICIPANT_ROLES, body: claimBodySchema, caller: "deferred" }, async ({ params, caller, body }) => {
  // The caller's user row is read with the session (`caller: "deferred"`, lib/auth/deferred-caller.ts).
  const session = await requireOwnSession(params.id, caller);
  return sessionState({ ...session, ...(await claimSession(session.id, body.tabId)) }, body.tabId);
});
