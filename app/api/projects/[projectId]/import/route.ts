import type { z } from "zod";
import { jsonResponse } from "@/lib/http/json-response";
import { route } from "@/lib/http/route";
import { PROJECT_ADMIN_ROLES } from "@/lib/projects/access";
import { reimportQuerySchema } from "@/lib/projects/import-params";
import { importUploadedBenchmark } from "@/lib/projects/import-upload";
import { projectAccess } from "@/lib/projects/project-access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * POST /api/projects/[projectId]/import?dryRun=1&expectSha256=.. — a new version of the project's
 * benchmark file (admin); body and answers as POST /api/projects. Items are matched by native id:
 * new ones created, changed ones updated (new version + revision), the same file → noChanges.
 */
export const POST = route<undefined, z.output<typeof reimportQuerySchema>, { projectId: string }>(
  { roles: PROJECT_ADMIN_ROLES, query: reimportQuerySchema },
  async ({ request, query, params, user }) => {
    const { project } = await projectAccess(user, params.projectId, "manage");
    const { status, body } = await importUploadedBenchmark(request, {
      kind: project.benchmark,
      projectName: project.name,
      dryRun: query.dryRun,
      expectSha256: query.expectSha256,
      actorId: user.id,
    });
    return jsonResponse(body, { status });
  },
);
