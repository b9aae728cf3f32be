import { clientIp } from "@/lib/audit/client-ip";
import { resetPasswordSchema } from "@/lib/auth/schemas";
import { resetUserPassword } from "@/lib/auth/users";
import { route } from "@/lib/http/route";

/** POST /api/admin/users/:id/password {password} — set a new password; ends the user's sessions (ADMIN). */
export const POST = route<{ password: string }, undefined, { id: string }>(
  { roles: ["ADMIN"], body: resetPasswordSchema, maxBodyBytes: 16 * 1024 },
  async ({ params, body, user, request }) => ({
    user: await resetUserPassword(params.id, body.password, { user, ip: clientIp(request.headers) }),
  }),
);
