import { z } from "zod";
import { jsonResponse } from "@/lib/http/json-response";
import { route } from "@/lib/http/route";
import { text } from "@/lib/http/text-schema";
import { createStudy } from "@/lib/studies/manage-study";
import { listStudies } from "@/lib/studies/study-queries";
import { createStudySchema, type CreateStudyInput } from "@/lib/studies/study-schemas";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/studies?projectId=..: studies (admin). */
export const GET = route<undefined, { projectId?: string }>(
  { roles: ["ADMIN"], query: z.object({ projectId: text().max(64).optional() }) },
  async ({ query }) => ({ studies: await listStudies(query.projectId) }),
);

/** POST /api/studies {projectId, name, protocol, settings?}: creates a DRAFT study (admin). */
export const POST = route<CreateStudyInput>({ roles: ["ADMIN"], body: createStudySchema }, async ({ body, user }) =>
  jsonResponse({ study: await createStudy(body, user.id) }, { status: 201 }),
);
