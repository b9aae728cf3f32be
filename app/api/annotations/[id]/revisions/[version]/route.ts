import { z } from "zod";
import { getRevision } from "@/lib/annotation/annotation-history";
import { HttpError } from "@/lib/http/http-error";
import { route } from "@/lib/http/route";
import { TASK_ROLES } from "@/lib/tasks/task-access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const versionParam = z.coerce.number().int().min(1);

/** GET /api/annotations/:id/revisions/:version — that version's document (author, admins). */
export const GET = route<undefined, undefined, { id: string; version: string }>({ roles: TASK_ROLES }, async ({ user, params }) => {
  const v = versionParam.safeParse(params.version);
  if (!v.success) throw new HttpError(400, "version: must be a whole number of at least 1", "invalid_input", [{ field: "version", message: "must be a whole number of at least 1" }]);
  return getRevision(user, params.id, v.data);
});
