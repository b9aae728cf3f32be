import { clientIp } from "@/lib/audit/client-ip";
import { route } from "@/lib/http/route";
import { PROJECT_ADMIN_ROLES, PROJECT_READ_ROLES } from "@/lib/projects/access";
import { updateProjectSettings } from "@/lib/projects/project-admin";
import { projectAccess } from "@/lib/projects/project-access";
import { getProject } from "@/lib/projects/project-queries";
import { projectSettingsUpdateSchema, type ProjectSettingsUpdate } from "@/lib/projects/settings";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { projectId: string };

/** GET /api/projects/[projectId]/settings — the project's settings with defaults filled in (admins; members). */
export const GET = route<undefined, undefined, Params>({ roles: PROJECT_READ_ROLES }, async ({ params, user }) => {
  const { project: ref } = await projectAccess(user, params.projectId);
  const project = await getProject(ref.id);
  return { settings: project!.settings };
});

/**
 * PATCH /api/projects/[projectId]/settings {metricVariant?, qualificationKappa?, doubleReview?,
 * reviewSampleRate?, timestampToleranceFrames?, evidenceMergeGapSec?, protocol?, protocolDefaults?}
 * (admin). Unknown keys and bad values → 400 naming each field; other stored keys are kept.
 */
export const PATCH = route<ProjectSettingsUpdate, undefined, Params>({ roles: PROJECT_ADMIN_ROLES, body: projectSettingsUpdateSchema }, async ({ params, body, user, request }) => {
  const { project } = await projectAccess(user, params.projectId, "manage");
  return { settings: await updateProjectSettings(project.id, body, { id: user.id, ip: clientIp(request.headers) }) };
});
