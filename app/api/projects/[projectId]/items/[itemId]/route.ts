import { clientIp } from "@/lib/audit/client-ip";
import { HttpError } from "@/lib/http/http-error";
import { route } from "@/lib/http/route";
import { canSeeTruth, PROJECT_ADMIN_ROLES, PROJECT_READ_ROLES } from "@/lib/projects/access";
import { editItem } from "@/lib/projects/item-edit";
import { itemEditSchema, type ItemEdit } from "@/lib/projects/item-edit-schema";
import { getItemForViewer, itemRevisions } from "@/lib/projects/item-queries";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { projectId: string; itemId: string };

/**
 * GET /api/projects/[projectId]/items/[itemId] (staff) — the item: question, presentation,
 * labels, video reference / id, status, version, query points; with its truth (answer, source,
 * evidence spans) for roles allowed to see truth; and its revision history.
 */
export const GET = route<undefined, undefined, Params>({ roles: PROJECT_READ_ROLES }, async ({ params, user }) => {
  const item = await getItemForViewer(params.projectId, params.itemId, user.role);
  if (!item) throw new HttpError(404, "No such item in this project.");
  return { item, truthVisible: canSeeTruth(user.role), revisions: await itemRevisions(item.id) };
});

/**
 * PATCH /api/projects/[projectId]/items/[itemId] {version, ...changes} (admin) — see
 * lib/projects/item-edit-schema.ts. 200 {item, result}; 409 `version_conflict` with
 * `details.currentVersion` when the item changed since `version`; 400 naming each bad field.
 */
export const PATCH = route<ItemEdit, undefined, Params>({ roles: PROJECT_ADMIN_ROLES, body: itemEditSchema }, async ({ params, body, user, request }) => {
  const result = await editItem(params.projectId, params.itemId, body, { id: user.id, ip: clientIp(request.headers) });
  const item = await getItemForViewer(params.projectId, params.itemId, user.role);
  return { item, result };
});
