import { z } from "zod";
import { jsonResponse } from "@/lib/http/json-response";
import { route } from "@/lib/http/route";
import { PROJECT_ADMIN_ROLES, PROJECT_READ_ROLES } from "@/lib/projects/access";
import { projectImportQuerySchema } from "@/lib/projects/import-params";
import { importUploadedBenchmark } from "@/lib/projects/import-upload";
import { listProjects } from "@/lib/projects/project-queries";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/projects — the projects the caller may see (admins: all; reviewers, annotators: their projects) with item counts. */
export const GET = route({ roles: PROJECT_READ_ROLES }, async ({ user }) => ({ projects: await listProjects(user) }));

/**
 * POST /api/projects?kind=..&name=..&dryRun=1&expectSha256=.. — create a project by importing a
 * benchmark file (admin). Body: the file's raw bytes; `x-file-name`: its name, percent-encoded.
 * A name that already exists imports a new version of that project's file (same kind only).
 *
 * 200 dry run / re-import {kind, file {name,size,sha256}, report, project, existingProject, noChanges};
 * 201 project created; 422 the file has errors ({error, report}: every error names line, item
 * and field; nothing written); 409 `file_changed` (not the file of the dry run); 413 over the
 * size limit; 400 no name / empty body / interrupted upload.
 */
export const POST = route<undefined, z.output<typeof projectImportQuerySchema>>(
  { roles: PROJECT_ADMIN_ROLES, query: projectImportQuerySchema },
  async ({ request, query, user }) => {
    const { status, body } = await importUploadedBenchmark(request, {
      kind: query.kind,
      projectName: query.name,
      dryRun: query.dryRun,
      expectSha256: query.expectSha256,
      actorId: user.id,
    });
    return jsonResponse(body, { status });
  },
);
