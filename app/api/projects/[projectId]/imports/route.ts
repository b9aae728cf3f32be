import { HttpError } from "@/lib/http/http-error";
import { route } from "@/lib/http/route";
import { db } from "@/lib/db/prisma";
import { PROJECT_READ_ROLES } from "@/lib/projects/access";
import { importHistory } from "@/lib/projects/project-queries";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/projects/[projectId]/imports — the project's import history with full reports, newest first (staff). */
export const GET = route<undefined, undefined, { projectId: string }>({ roles: PROJECT_READ_ROLES }, async ({ params }) => {
  const exists = await db.project.findUnique({ where: { id: params.projectId }, select: { id: true } });
  if (!exists) throw new HttpError(404, "No such project.");
  return { imports: await importHistory(params.projectId, 200) };
});
