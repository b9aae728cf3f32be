import { clientIp } from "@/lib/audit/client-ip";
import { createApiToken, listApiTokens } from "@/lib/auth/api-tokens";
import { createApiTokenSchema } from "@/lib/auth/schemas";
import { TOKEN_ROLES } from "@/lib/auth/roles";
import { jsonResponse } from "@/lib/http/json-response";
import { route } from "@/lib/http/route";

/** GET /api/tokens — the signed-in user's API tokens (prefix only, never the token). */
export const GET = route({ roles: TOKEN_ROLES }, async ({ user }) => ({ tokens: await listApiTokens(user.id) }));

/** POST /api/tokens {name} — a new token `ph_...`, returned once (201). Use as `Authorization: Bearer <token>`. */
export const POST = route({ roles: TOKEN_ROLES, body: createApiTokenSchema, maxBodyBytes: 16 * 1024 }, async ({ body, user, request }) => {
  const token = await createApiToken(body.name, { user, ip: clientIp(request.headers) });
  return jsonResponse({ token }, { status: 201 });
});
