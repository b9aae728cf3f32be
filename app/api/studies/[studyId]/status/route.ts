import { route } from "@/lib/http/route";
import { closeStudy } from "@/lib/studies/manage-study";
import { openStudy } from "@/lib/studies/open-study";
import { studyStatusSchema, type StudyStatusInput } from "@/lib/studies/study-schemas";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
export const maxDuration = 3600;

/**
 * POST /api/studies/[studyId]/status {status: "OPEN" | "CLOSED", confirmMissingCompletion?} (admin).
 * Opening a STREAMING study segments its videos first (in the request; can take minutes). A crowd
 * study without a completion code or URL opens only with `confirmMissingCompletion: true` (else
 * 409 `completion_missing`).
 */
export const POST = route<StudyStatusInput, undefined, { studyId: string }>({ roles: ["ADMIN"], body: studyStatusSchema }, async ({ params, body, user }) => {
  if (body.status === "OPEN") {
    return { status: "OPEN", report: await openStudy(params.studyId, user.id, { confirmMissingCompletion: body.confirmMissingCompletion }) };
  }
  await closeStudy(params.studyId, user.id);
  return { status: "CLOSED" };
});
