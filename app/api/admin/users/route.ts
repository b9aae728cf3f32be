import { clientIp } from "@/lib/audit/client-ip";
import { createUserSchema, listUsersQuerySchema } from "@/lib/auth/schemas";
import { createUser, listUsers } from "@/lib/auth/users";
import { jsonResponse } from "@/lib/http/json-response";
import { route } from "@/lib/http/route";

/** GET /api/admin/users?q=&role=&active= — list accounts (ADMIN). */
export const GET = route({ roles: ["ADMIN"], query: listUsersQuerySchema }, async ({ query }) => ({
  users: await listUsers(query),
}));

/** POST /api/admin/users {email, name, role, password} — create an account (ADMIN; 201, 409 if the email is taken). */
export const POST = route({ roles: ["ADMIN"], body: createUserSchema, maxBodyBytes: 16 * 1024 }, async ({ body, user, request }) => {
  const created = await createUser(body, { user, ip: clientIp(request.headers) });
  return jsonResponse({ user: created }, { status: 201 });
});
