import { clientIp } from "@/lib/audit/client-ip";
import { HttpError } from "@/lib/http/http-error";
import { route } from "@/lib/http/route";
import { PROJECT_ADMIN_ROLES, PROJECT_READ_ROLES } from "@/lib/projects/access";
import { updateProjectSettings } from "@/lib/projects/project-admin";
import { getProject } from "@/lib/projects/project-queries";
import { projectSettingsUpdateSchema, type ProjectSettingsUpdate } from "@/lib/projects/settings";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { projectId: string };

/** GET /api/projects/[projectId]/settings — the project's settings with defaults filled in (staff). */
export const GET = route<undefined, undefined, Params>({ roles: PROJECT_READ_ROLES }, async ({ params }) => {
  const project = await getProject(params.projectId);
  if (!project) throw new HttpError(404, "No such project.");
  return { settings: project.settings };
});

/**
 * PATCH /api/projects/[projectId]/settings {metricVariant?, qualificationKappa?, doubleReview?,
 * reviewSampleRate?, timestampToleranceFrames?, evidenceMergeGapSec?, protocol?, protocolDefaults?}
 * (admin). Unknown keys and bad values → 400 naming each field; other stored keys are kept.
 */
export const PATCH = route<ProjectSettingsUpdate, undefined, Params>({ roles: PROJECT_ADMIN_ROLES, body: projectSettingsUpdateSchema }, async ({ params, body, user, request }) => ({
  settings: await updateProjectSettings(params.projectId, body, { id: user.id, ip: clientIp(request.headers) }),
}));
