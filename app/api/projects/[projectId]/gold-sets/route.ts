import { clientIp } from "@/lib/audit/client-ip";
import { route } from "@/lib/http/route";
import { PROJECT_ADMIN_ROLES } from "@/lib/projects/access";
import { projectAccess } from "@/lib/projects/project-access";
import { createGoldSet, goldCandidates, listGoldSets } from "@/lib/review/gold-sets";
import { createGoldSetBodySchema } from "@/lib/review/qualification-api-schemas";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { projectId: string };

/** GET /api/projects/:projectId/gold-sets (admins) — {goldSets, candidates}: the sets and the items with truth they may hold. */
export const GET = route<undefined, undefined, Params>({ roles: PROJECT_ADMIN_ROLES }, async ({ user, params }) => {
  const { project } = await projectAccess(user, params.projectId, "manage");
  const [goldSets, candidates] = await Promise.all([listGoldSets(project.id), goldCandidates(project.id)]);
  return { goldSets, candidates };
});

/** POST /api/projects/:projectId/gold-sets {name, threshold = 0.8, itemIds} (admins) — 201 the gold set; 400 naming `itemIds.i`; 409 name_taken. */
export const POST = route({ roles: PROJECT_ADMIN_ROLES, body: createGoldSetBodySchema }, async ({ user, params, body, request }) => {
  const { project } = await projectAccess(user, (params as Params).projectId, "manage");
  const set = await createGoldSet(project.id, body, { id: user.id, ip: clientIp(request.headers) });
  return Response.json(set, { status: 201, headers: { "cache-control": "no-store" } });
});
