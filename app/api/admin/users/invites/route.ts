import { clientIp } from "@/lib/audit/client-ip";
import { createInvite, listInvites } from "@/lib/auth/invites";
import { createInviteSchema } from "@/lib/auth/schemas";
import { jsonResponse } from "@/lib/http/json-response";
import { route } from "@/lib/http/route";

/** GET /api/admin/users/invites — recent invitations with their status (ADMIN). */
export const GET = route({ roles: ["ADMIN"] }, async () => ({ invites: await listInvites() }));

/**
 * POST /api/admin/users/invites {email, role} — one-time invitation link `/invite/<token>`
 * (ADMIN; 201). The link is in the response only; it cannot be shown again.
 */
export const POST = route({ roles: ["ADMIN"], body: createInviteSchema, maxBodyBytes: 16 * 1024 }, async ({ body, user, request }) => {
  const result = await createInvite(body, { user, ip: clientIp(request.headers) }, request.nextUrl.origin);
  return jsonResponse(result, { status: 201 });
});
