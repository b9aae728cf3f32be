import { clientIp } from "@/lib/audit/client-ip";
import { route } from "@/lib/http/route";
import { PROJECT_ADMIN_ROLES } from "@/lib/projects/access";
import { updateMemberSchema, type UpdateMemberInput } from "@/lib/projects/member-schemas";
import { removeMember, updateMember } from "@/lib/projects/project-admin";
import { projectAccess } from "@/lib/projects/project-access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { projectId: string; userId: string };

/** PATCH /api/projects/[projectId]/members/[userId] {role} (admin). */
export const PATCH = route<UpdateMemberInput, undefined, Params>({ roles: PROJECT_ADMIN_ROLES, body: updateMemberSchema }, async ({ params, body, user, request }) => {
  const { project } = await projectAccess(user, params.projectId, "manage");
  return { member: await updateMember(project.id, params.userId, body.role, { id: user.id, ip: clientIp(request.headers) }) };
});

/** DELETE /api/projects/[projectId]/members/[userId] (admin). */
export const DELETE = route<undefined, undefined, Params>({ roles: PROJECT_ADMIN_ROLES }, async ({ params, user, request }) => {
  const { project } = await projectAccess(user, params.projectId, "manage");
  await removeMember(project.id, params.userId, { id: user.id, ip: clientIp(request.headers) });
  return { removed: true };
});
