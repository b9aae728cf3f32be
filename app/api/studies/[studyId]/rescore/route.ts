import { route } from "@/lib/http/route";
import { rescoreStudy } from "@/lib/studies/rescore-study";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** POST /api/studies/[studyId]/rescore (admin): re-scores every finished session (e.g. after truth changed) and the human run. */
export const POST = route<undefined, undefined, { studyId: string }>({ roles: ["ADMIN"] }, async ({ params }) => rescoreStudy(params.studyId));
