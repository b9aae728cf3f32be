import { z } from "zod";
import { route } from "@/lib/http/route";
import { PROJECT_ADMIN_ROLES } from "@/lib/projects/access";
import { projectAccess } from "@/lib/projects/project-access";
import { exportProjectFile } from "@/lib/projects/project-export";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const query = z.object({
  format: z.enum(["data", "eval"], { message: "must be data or eval (VCBench only)" }).optional(),
  includeRemoved: z.enum(["0", "1", "true", "false"], { message: "must be 1 or 0" }).optional(),
});

/**
 * GET /api/projects/[projectId]/export[?format=data|eval][&includeRemoved=1] — the project's items
 * in the benchmark's native file format, as a download (admin). Warnings about anything that could
 * not be written faithfully are counted in `x-playhead-export-warnings`.
 */
export const GET = route<undefined, z.output<typeof query>, { projectId: string }>({ roles: PROJECT_ADMIN_ROLES, query }, async ({ params, query, user }) => {
  const { project } = await projectAccess(user, params.projectId, "manage");
  const file = await exportProjectFile({ id: project.id }, {
    vcbenchFormat: query.format,
    includeRemoved: query.includeRemoved === "1" || query.includeRemoved === "true",
  });
  return new Response(file.text, {
    status: 200,
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
      "cache-control": "no-store",
      "x-playhead-export-items": String(file.items),
      "x-playhead-export-warnings": String(file.warnings.length),
    },
  });
});
