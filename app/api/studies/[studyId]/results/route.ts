import { route } from "@/lib/http/route";
import { studyResults } from "@/lib/studies/results";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/studies/[studyId]/results: per-participant and aggregate scores, answer times, flags (admin). */
export const GET = route<undefined, undefined, { studyId: string }>({ roles: ["ADMIN"] }, async ({ params }) => studyResults(params.studyId));
