import { submitAnnotationBodySchema } from "@/lib/annotation/api-schemas";
import { route } from "@/lib/http/route";
import { afterQualifySubmit } from "@/lib/review/qualification-record";
import { submitAnnotationPass } from "@/lib/review/submit-pass";
import { TASK_ROLES } from "@/lib/tasks/task-access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * POST /api/annotations/:id/submit {baseVersion} — the author submits (with double review / expert
 * sample); 422 submit_problems with details.problems. The last QUALIFY task of a qualification
 * attempt scores the attempt (after the commit).
 */
export const POST = route({ roles: TASK_ROLES, body: submitAnnotationBodySchema }, async ({ user, params, body }) => {
  const id = (params as { id: string }).id;
  const result = await submitAnnotationPass(user, id, body.baseVersion);
  await afterQualifySubmit(id);
  return result;
});
