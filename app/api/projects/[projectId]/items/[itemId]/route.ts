import { clientIp } from "@/lib/audit/client-ip";
import { HttpError } from "@/lib/http/http-error";
import { route } from "@/lib/http/route";
import { PROJECT_ADMIN_ROLES, PROJECT_READ_ROLES } from "@/lib/projects/access";
import { editItem } from "@/lib/projects/item-edit";
import { itemEditSchema, type ItemEdit } from "@/lib/projects/item-edit-schema";
import { getItemForViewer, itemRevisions } from "@/lib/projects/item-queries";
import { projectAccess } from "@/lib/projects/project-access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { projectId: string; itemId: string };

/**
 * GET /api/projects/[projectId]/items/[itemId] (admins; members) — the item: question,
 * presentation, labels, video reference / id, status, version, query points and its revision
 * history; its truth (answer, source, evidence spans), staff notes and revision reasons only for
 * viewers `truthVisibleTo` allows in the "project" context (admins, reviewer members; never
 * annotators: they get what a task needs through the annotation workspace).
 */
export const GET = route<undefined, undefined, Params>({ roles: PROJECT_READ_ROLES }, async ({ params, user }) => {
  const { project, truthVisible } = await projectAccess(user, params.projectId);
  const item = await getItemForViewer(project.id, params.itemId, truthVisible);
  if (!item) throw new HttpError(404, "No such item in this project.");
  return { item, truthVisible, revisions: await itemRevisions(item.id, truthVisible) };
});

/**
 * PATCH /api/projects/[projectId]/items/[itemId] {version, ...changes} (admin) — see
 * lib/projects/item-edit-schema.ts. 200 {item, result}; 409 `version_conflict` with
 * `details.currentVersion` when the item changed since `version`; 400 naming each bad field.
 */
export const PATCH = route<ItemEdit, undefined, Params>({ roles: PROJECT_ADMIN_ROLES, body: itemEditSchema }, async ({ params, body, user, request }) => {
  const { project } = await projectAccess(user, params.projectId, "manage");
  const result = await editItem(project.id, params.itemId, body, { id: user.id, ip: clientIp(request.headers) });
  const item = await getItemForViewer(project.id, params.itemId, true);
  return { item, result };
});
