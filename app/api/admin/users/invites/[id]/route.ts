import { clientIp } from "@/lib/audit/client-ip";
import { revokeInvite } from "@/lib/auth/invites";
import { route } from "@/lib/http/route";

/** DELETE /api/admin/users/invites/:id — withdraw a pending invitation (ADMIN; 404 unknown, 409 used). */
export const DELETE = route<undefined, undefined, { id: string }>({ roles: ["ADMIN"] }, async ({ params, user, request }) => ({
  invite: await revokeInvite(params.id, { user, ip: clientIp(request.headers) }),
}));
