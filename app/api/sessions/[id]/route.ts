import { z } from "zod";
import { route } from "@/lib/http/route";
import { tabIdSchema } from "@/lib/protocol/answer-body";
import { PARTICIPANT_ROLES } from "@/lib/protocol/participant-roles";
import { requireOwnSession } from "@/lib/protocol/load-session";
import { sessionState } from "@/lib/protocol/session-state";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/sessions/[id]?tabId=..: the session's participant-safe state (current question, stretch). */
export const GET = route<undefined, { tabId?: string }, { id: string }>(
  { roles: PARTICIPANT_ROLES, query: z.object({ tabId: tabIdSchema.optional() }) },
  async ({ params, user, query }) => sessionState(await requireOwnSession(params.id, user), query.tabId ?? null),
);
