import { clientIp } from "@/lib/audit/client-ip";
import { route } from "@/lib/http/route";
import { PROJECT_ADMIN_ROLES } from "@/lib/projects/access";
import { projectAccess } from "@/lib/projects/project-access";
import { deleteGoldSet, updateGoldSet } from "@/lib/review/gold-sets";
import { updateGoldSetBodySchema } from "@/lib/review/qualification-api-schemas";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { projectId: string; goldSetId: string };

/** PATCH /api/projects/:projectId/gold-sets/:goldSetId {name?, threshold?} (admins) — the updated set; 409 name_taken. */
export const PATCH = route({ roles: PROJECT_ADMIN_ROLES, body: updateGoldSetBodySchema }, async ({ user, params, body, request }) => {
  const p = params as Params;
  const { project } = await projectAccess(user, p.projectId, "manage");
  return updateGoldSet(project.id, p.goldSetId, body, { id: user.id, ip: clientIp(request.headers) });
});

/** DELETE /api/projects/:projectId/gold-sets/:goldSetId (admins) — deletes the set and its attempts; 409 attempts_open. */
export const DELETE = route<undefined, undefined, Params>({ roles: PROJECT_ADMIN_ROLES }, async ({ user, params, request }) => {
  const { project } = await projectAccess(user, params.projectId, "manage");
  return deleteGoldSet(project.id, params.goldSetId, { id: user.id, ip: clientIp(request.headers) });
});
