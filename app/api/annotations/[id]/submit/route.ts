import { submitAnnotationBodySchema } from "@/lib/annotation/api-schemas";
import { route } from "@/lib/http/route";
import { submitAnnotationPass } from "@/lib/review/submit-pass";
import { TASK_ROLES } from "@/lib/tasks/task-access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** POST /api/annotations/:id/submit {baseVersion} — the author submits (with double review / expert sample); 422 submit_problems with details.problems. */
export const POST = route({ roles: TASK_ROLES, body: submitAnnotationBodySchema }, async ({ user, params, body }) =>
  submitAnnotationPass(user, (params as { id: string }).id, body.baseVersion),
);
