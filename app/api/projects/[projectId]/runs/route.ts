import { z } from "zod";
import { clientIp } from "@/lib/audit/client-ip";
import { jsonResponse } from "@/lib/http/json-response";
import { route } from "@/lib/http/route";
import { text } from "@/lib/http/text-schema";
import { projectAccess } from "@/lib/projects/project-access";
import { RUN_UPLOAD_ROLES, RUN_VIEW_ROLES } from "@/lib/runs/access";
import { listRuns } from "@/lib/runs/run-queries";
import { uploadRun } from "@/lib/runs/score-run";
import { readUploadRequest } from "@/lib/runs/upload-request";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { projectId: string };

/** GET /api/projects/[projectId]/runs — the project's runs (admins; members; no per-item data, no truth). */
export const GET = route<undefined, undefined, Params>({ roles: RUN_VIEW_ROLES }, async ({ params, user }) => {
  const { project } = await projectAccess(user, params.projectId);
  return { runs: await listRuns(project.id, project.truthVersion) };
});

/**
 * POST /api/projects/[projectId]/runs — upload a prediction file; it is scored on the server from
 * the project's truth and stored as a run (admins; reviewer members; session or `Authorization: Bearer
 * ph_...`). Body: the raw file (options in the query: `name`, `format`, `kind`, `ifExists`,
 * `answerColumn`, `clipsColumn`, `variant`; file name in `x-file-name`) or multipart/form-data with
 * a `file` part and the same fields. 201 {run, aggregates, problems, timings}; 400 unusable file
 * (message names the line and field); 409 name taken; 413 too large. See docs/api/runs.md.
 */
export const POST = route<undefined, Record<string, string>, Params>(
  { roles: RUN_UPLOAD_ROLES, query: z.record(text(), text()) },
  async ({ request, params, user, query }) => {
    const { project } = await projectAccess(user, params.projectId);
    const { text, bytes, options } = await readUploadRequest(request, query);
    const result = await uploadRun({
      project: project.id,
      name: options.name,
      text,
      bytes,
      fileName: options.fileName,
      format: options.format,
      kind: options.kind,
      answerColumn: options.answerColumn,
      clipsColumn: options.clipsColumn,
      variant: options.variant,
      ifExists: options.ifExists,
      actorId: user.id,
      ip: clientIp(request.headers),
    });
    return jsonResponse(result, { status: 201 });
  },
);
