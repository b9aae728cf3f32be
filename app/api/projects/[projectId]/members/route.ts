import { clientIp } from "@/lib/audit/client-ip";
import { jsonResponse } from "@/lib/http/json-response";
import { route } from "@/lib/http/route";
import { PROJECT_ADMIN_ROLES, PROJECT_READ_ROLES } from "@/lib/projects/access";
import { addMemberSchema, type AddMemberInput } from "@/lib/projects/member-schemas";
import { addMember, listMembers } from "@/lib/projects/project-admin";
import { projectAccess } from "@/lib/projects/project-access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { projectId: string };

/** GET /api/projects/[projectId]/members — members and their project roles (admins; members). */
export const GET = route<undefined, undefined, Params>({ roles: PROJECT_READ_ROLES }, async ({ params, user }) => {
  const { project } = await projectAccess(user, params.projectId);
  return { members: await listMembers(project.id) };
});

/** POST /api/projects/[projectId]/members {email | userId, role} — adds a member or changes their role (admin). */
export const POST = route<AddMemberInput, undefined, Params>({ roles: PROJECT_ADMIN_ROLES, body: addMemberSchema }, async ({ params, body, user, request }) => {
  const { project } = await projectAccess(user, params.projectId, "manage");
  return jsonResponse({ member: await addMember(project.id, body, { id: user.id, ip: clientIp(request.headers) }) }, { status: 201 });
});
