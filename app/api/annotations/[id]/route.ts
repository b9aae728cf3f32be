import { saveAnnotationBodySchema } from "@/lib/annotation/api-schemas";
import { saveAnnotation } from "@/lib/annotation/save-annotation";
import { route } from "@/lib/http/route";
import { TASK_ROLES } from "@/lib/tasks/task-access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** PUT /api/annotations/:id — autosave (docs/annotation/design.md): 200 {version, savedAt, replayed}; 409 version_conflict / annotation_submitted; 422 naming fields. */
export const PUT = route({ roles: TASK_ROLES, body: saveAnnotationBodySchema, maxBodyBytes: 8 * 1024 * 1024 }, async ({ user, params, body }) =>
  saveAnnotation(user, (params as { id: string }).id, body),
);
