import type { z } from "zod";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { jsonResponse } from "@/lib/http/json-response";
import { route } from "@/lib/http/route";
import { PROJECT_ADMIN_ROLES } from "@/lib/projects/access";
import { reimportQuerySchema } from "@/lib/projects/import-params";
import { importUploadedBenchmark } from "@/lib/projects/import-upload";

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
    const project = await db.project.findUnique({ where: { id: params.projectId }, select: { name: true, benchmark: true } });
    if (!project) throw new HttpError(404, "No such project.");
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
