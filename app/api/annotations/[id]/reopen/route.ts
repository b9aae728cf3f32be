import { reopenAnnotation } from "@/lib/annotation/annotation-history";
import { clientIp } from "@/lib/audit/client-ip";
import { route } from "@/lib/http/route";
import { PROJECT_ADMIN_ROLES } from "@/lib/projects/access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** POST /api/annotations/:id/reopen — a submitted annotation becomes a draft again (admins). */
export const POST = route<undefined, undefined, { id: string }>({ roles: PROJECT_ADMIN_ROLES }, async ({ user, params, request }) =>
  reopenAnnotation(user, params.id, { ip: clientIp(request.headers) }),
);
