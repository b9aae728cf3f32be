import { clientIp } from "@/lib/audit/client-ip";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { jsonResponse } from "@/lib/http/json-response";
import { route } from "@/lib/http/route";
import { PROJECT_ADMIN_ROLES, PROJECT_READ_ROLES } from "@/lib/projects/access";
import { addMemberSchema, type AddMemberInput } from "@/lib/projects/member-schemas";
import { addMember, listMembers } from "@/lib/projects/project-admin";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { projectId: string };

/** GET /api/projects/[projectId]/members — members and their project roles (staff). */
export const GET = route<undefined, undefined, Params>({ roles: PROJECT_READ_ROLES }, async ({ params }) => {
  const exists = await db.project.findUnique({ where: { id: params.projectId }, select: { id: true } });
  if (!exists) throw new HttpError(404, "No such project.");
  return { members: await listMembers(params.projectId) };
});

/** POST /api/projects/[projectId]/members {email | userId, role} — adds a member or changes their role (admin). */
export const POST = route<AddMemberInput, undefined, Params>({ roles: PROJECT_ADMIN_ROLES, body: addMemberSchema }, async ({ params, body, user, request }) =>
  jsonResponse({ member: await addMember(params.projectId, body, { id: user.id, ip: clientIp(request.headers) }) }, { status: 201 }),
);
