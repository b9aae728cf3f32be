import { clientIp } from "@/lib/audit/client-ip";
import { route } from "@/lib/http/route";
import { PROJECT_ADMIN_ROLES } from "@/lib/projects/access";
import { projectAccess } from "@/lib/projects/project-access";
import { removeGoldItem } from "@/lib/review/gold-sets";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { projectId: string; goldSetId: string; itemId: string };

/** DELETE /api/projects/:projectId/gold-sets/:goldSetId/items/:itemId (admins) — the set without the item; 409 attempts_open / last_gold_item. */
export const DELETE = route<undefined, undefined, Params>({ roles: PROJECT_ADMIN_ROLES }, async ({ user, params, request }) => {
  const { project } = await projectAccess(user, params.projectId, "manage");
  return removeGoldItem(project.id, params.goldSetId, params.itemId, { id: user.id, ip: clientIp(request.headers) });
});
