import { clientIp } from "@/lib/audit/client-ip";
import { route } from "@/lib/http/route";
import { PROJECT_ADMIN_ROLES } from "@/lib/projects/access";
import { projectAccess } from "@/lib/projects/project-access";
import { allowRetry, attemptProject } from "@/lib/review/qualification-attempts";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** POST /api/qualifications/:id/allow-retry (admins) — lets the annotator of this FAILED (latest) attempt start another; 409 not_failed / not_latest. */
export const POST = route<undefined, undefined, { id: string }>({ roles: PROJECT_ADMIN_ROLES }, async ({ user, params, request }) => {
  await projectAccess(user, await attemptProject(params.id), "manage");
  return allowRetry(params.id, { id: user.id, ip: clientIp(request.headers) });
});
