import { route } from "@/lib/http/route";
import { playbackLog } from "@/lib/studies/results";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/studies/[studyId]/sessions/[sessionId]/log (admin): the session's playback log (every media request and answer). */
export const GET = route<undefined, undefined, { studyId: string; sessionId: string }>({ roles: ["ADMIN"] }, async ({ params }) =>
  playbackLog(params.studyId, params.sessionId),
);
