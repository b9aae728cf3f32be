import { HttpError } from "@/lib/http/http-error";
import { htmlMessagePage, wantsHtml } from "@/lib/http/html-page";
import { route } from "@/lib/http/route";
import { entryCookie, entryCookieParticipant } from "@/lib/studies/entry-cookie";
import { enterStudy } from "@/lib/studies/enter-study";
import { participantSessionCookie } from "@/lib/studies/participant-cookie";
import { parseExternalIdentity } from "@/lib/studies/participant-identity";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const TITLES: Record<number, string> = {
  400: "This study link is incomplete",
  401: "Sign in to take part",
  403: "You cannot take part with this link",
  404: "No such study",
  409: "You are already taking part",
  410: "This study is closed",
};

/**
 * GET /api/studies/[studyId]/enter?PROLIFIC_PID=..&STUDY_ID=..&SESSION_ID=.. (or
 * ?workerId=..&assignmentId=..&hitId=..): the study link's landing. A platform entry creates the
 * worker's participant (bound to the submission id) and signs it in; a later one gets in only with
 * the same submission id or from the same browser (lib/studies/enter-study.ts). Without platform
 * ids the signed-in participant account joins. 303 to the study page, with the session cookie and
 * the browser's entry cookie (lib/studies/entry-cookie.ts). Refusals keep their status and, for a
 * browser, come as a page that says what to do (JSON for API clients).
 */
export const GET = route<undefined, undefined, { studyId: string }>({ roles: "public" }, async ({ request, params, user }) => {
  try {
    const parsed = parseExternalIdentity(request.nextUrl.searchParams);
    if (parsed.kind === "invalid") {
      throw new HttpError(400, `${parsed.message}: open the study from the link on your recruitment platform.`, "invalid_input");
    }
    // A relative Location: behind a proxy the request's own origin may not be the public one.
    const target = `/s/${encodeURIComponent(params.studyId)}`;
    if (parsed.kind === "preview") return new Response(null, { status: 303, headers: { location: `${target}?preview=1`, "cache-control": "no-store" } });
    const result = await enterStudy(params.studyId, parsed.kind === "external" ? parsed.identity : null, {
      current: user,
      entryParticipantId: entryCookieParticipant(request.headers.get("cookie")),
    });
    const headers = new Headers({ location: target, "cache-control": "no-store" });
    if (result.signIn) headers.append("set-cookie", await participantSessionCookie(result.user));
    if (result.bindBrowser) headers.append("set-cookie", entryCookie(params.studyId, result.participantId));
    return new Response(null, { status: 303, headers });
  } catch (error) {
    if (error instanceof HttpError && wantsHtml(request)) {
      return htmlMessagePage(error.status, TITLES[error.status] ?? "This study link did not work", error.message, error.code);
    }
    throw error;
  }
});
