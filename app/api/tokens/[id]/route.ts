import { clientIp } from "@/lib/audit/client-ip";
import { revokeApiToken } from "@/lib/auth/api-tokens";
import { TOKEN_ROLES } from "@/lib/auth/roles";
import { route } from "@/lib/http/route";

/** DELETE /api/tokens/:id — revoke one of your tokens (404 for unknown ids and other people's tokens). */
export const DELETE = route<undefined, undefined, { id: string }>({ roles: TOKEN_ROLES }, async ({ params, user, request }) => ({
  token: await revokeApiToken(params.id, { user, ip: clientIp(request.headers) }),
}));
