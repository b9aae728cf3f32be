/**
 * The links an admin hands out for a study (PURE): the plain link for account holders and, per
 * recruitment platform the study uses (settings.crowdPlatforms), the link in that platform's own
 * form. The platform fills in its placeholders; lib/studies/participant-identity.ts reads them.
 *
 * - Prolific: `?PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}&SESSION_ID={{%SESSION_ID%}}`
 *   (Prolific's URL parameters, filled in per participant).
 * - MTurk: the plain link with the worker's `workerId`, `assignmentId` and `hitId` added (MTurk
 *   appends them to an ExternalQuestion URL itself). NOT YET SUPPORTED inside an ExternalQuestion
 *   frame: the browser withholds the SameSite=Lax sign-in cookie in another site's frame, and the
 *   done page does not hand the assignment back to MTurk (`externalSubmit`); the link's note says
 *   so, and to open the link in a tab of its own and paste the completion code into the HIT.
 */

import { CROWD_PLATFORMS, type CrowdPlatform } from "@/lib/protocol/crowd-platforms";

export { CROWD_PLATFORMS, type CrowdPlatform };

export const PLATFORM_LABELS: Record<CrowdPlatform, string> = { prolific: "Prolific", mturk: "MTurk" };

export type StudyLink = { key: "accounts" | CrowdPlatform; label: string; url: string; note: string };

const PROLIFIC_QUERY = "PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}&SESSION_ID={{%SESSION_ID%}}";

/** `origin` is the public base URL (scheme, host and any base path; a trailing "/" is dropped). */
export function studyLinks(origin: string, studyId: string, platforms: readonly CrowdPlatform[]): StudyLink[] {
  const base = `${origin.replace(/\/+$/, "")}/s/${encodeURIComponent(studyId)}`;
  const links: StudyLink[] = [{ key: "accounts", label: "Account holders", url: base, note: "Signed-in Playhead accounts take part with this link." }];
  for (const p of CROWD_PLATFORMS.filter((x) => platforms.includes(x))) {
    if (p === "prolific") {
      links.push({ key: p, label: "Prolific", url: `${base}?${PROLIFIC_QUERY}`, note: "Paste as the study URL with URL parameters on; Prolific fills in the placeholders (all three are needed: SESSION_ID binds each participant to their submission)." });
    } else {
      links.push({
        key: p,
        label: "MTurk",
        url: base,
        note:
          "Add the worker's workerId, assignmentId (the submission each worker is bound to) and hitId to this link, and have workers open it in a tab of its own and paste the completion code into the HIT. " +
          "Not inside an ExternalQuestion frame yet: there the browser withholds Playhead's sign-in cookie, and the assignment is not submitted back to MTurk.",
      });
    }
  }
  return links;
}

/**
 * The public origin of a request: `x-forwarded-host`/`host` with `x-forwarded-proto` (else http).
 * Null when the request names no host.
 */
export function requestOrigin(headers: { get(name: string): string | null }): string | null {
  const first = (v: string | null) => v?.split(",")[0]?.trim() || null;
  const host = first(headers.get("x-forwarded-host")) ?? first(headers.get("host"));
  if (!host || !/^[A-Za-z0-9.\-:[\]]+$/.test(host)) return null;
  const proto = first(headers.get("x-forwarded-proto"));
  return `${proto === "https" ? "https" : "http"}://${host}`;
}
