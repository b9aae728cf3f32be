import { clientIp } from "@/lib/audit/client-ip";
import { updateUserSchema, type UpdateUserInput } from "@/lib/auth/schemas";
import { getUserSummary, updateUser } from "@/lib/auth/users";
import { route } from "@/lib/http/route";

type Params = { id: string };

/** GET /api/admin/users/:id (ADMIN; 404 for an unknown id). */
export const GET = route<undefined, undefined, Params>({ roles: ["ADMIN"] }, async ({ params }) => ({
  user: await getUserSummary(params.id),
}));

/**
 * PATCH /api/admin/users/:id {name?, role?, active?} (ADMIN). A role change or (de)activation
 * ends the user's sessions at once (sessionVersion). Each change is audited.
 */
export const PATCH = route<UpdateUserInput, undefined, Params>(
  { roles: ["ADMIN"], body: updateUserSchema, maxBodyBytes: 16 * 1024 },
  async ({ params, body, user, request }) => ({
    user: await updateUser(params.id, body, { user, ip: clientIp(request.headers) }),
  }),
);
