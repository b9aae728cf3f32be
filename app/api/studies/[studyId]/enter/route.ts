import { route } from "@/lib/http/route";
import { HttpError } from "@/lib/http/http-error";
import { enterStudy } from "@/lib/studies/enter-study";
import { participantSessionCookie } from "@/lib/studies/participant-cookie";
import { parseExternalIdentity } from "@/lib/studies/participant-identity";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET /api/studies/[studyId]/enter?PROLIFIC_PID=..&STUDY_ID=..&SESSION_ID=.. (or
 * ?workerId=..&assignmentId=..): the study link's landing. Creates (idempotently) the platform
 * participant's account and StudyParticipant row, signs them in (session cookie) and redirects
 * (303) to the study page. Without platform ids the signed-in account joins.
 */
export const GET = route<undefined, undefined, { studyId: string }>({ roles: "public" }, async ({ request, params, user }) => {
  const parsed = parseExternalIdentity(request.nextUrl.searchParams);
  if (parsed.kind === "invalid") throw new HttpError(400, parsed.message, "invalid_input");
  // A relative Location: behind a proxy the request's own origin may not be the public one.
  const target = `/s/${encodeURIComponent(params.studyId)}`;
  if (parsed.kind === "preview") return new Response(null, { status: 303, headers: { location: `${target}?preview=1`, "cache-control": "no-store" } });
  const result = await enterStudy(params.studyId, parsed.kind === "external" ? parsed.identity : null, user);
  const headers = new Headers({ location: target, "cache-control": "no-store" });
  if (result.signIn) headers.append("set-cookie", await participantSessionCookie(result.user));
  return new Response(null, { status: 303, headers });
});
