import "server-only";
import type { SessionUser } from "@/lib/auth/request-user";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { requireParticipantRole } from "@/lib/protocol/participant-roles";
import { completionRedirect, parseStudySettings } from "@/lib/protocol/study-settings";

/**
 * What the study landing and completion pages show a participant. Participant-safe: study texts,
 * their own progress counts, and the completion code only once all their sessions are complete.
 */
export type Participation = {
  studyId: string;
  title: string;
  protocol: "STREAMING" | "FREE_REWATCH";
  open: boolean;
  joined: boolean;
  consented: boolean;
  instructions: string;
  consentText: string;
  timeLimitMinutes: number | null;
  sessions: { id: string; status: "ACTIVE" | "COMPLETED" | "ABANDONED"; position: number }[];
  nextSessionId: string | null;
  finished: boolean;
  completion: { code: string; redirectUrl: string | null } | null;
};

export async function participation(studyId: string, user: SessionUser | null): Promise<Participation> {
  // Staff never take part (participant-roles.ts), so they learn nothing here, not even the title.
  if (user) requireParticipantRole(user.role);
  const study = await db.study.findUnique({ where: { id: studyId }, select: { id: true, name: true, protocol: true, status: true, settings: true } });
  if (!study || study.status === "DRAFT") throw new HttpError(404, "No such study.");
  const settings = parseStudySettings(study.settings);
  const participant = user
    ? await db.studyParticipant.findUnique({
        where: { studyId_userId: { studyId, userId: user.id } },
        select: {
          consentedAt: true,
          finishedAt: true,
          completionCode: true,
          sessions: { select: { id: true, status: true }, orderBy: [{ startedAt: "asc" }, { id: "asc" }] },
        },
      })
    : null;
  const sessions = (participant?.sessions ?? []).map((s, i) => ({ id: s.id, status: s.status, position: i + 1 }));
  const finished = !!participant?.finishedAt && sessions.length > 0 && sessions.every((s) => s.status === "COMPLETED");
  return {
    studyId: study.id,
    title: study.name,
    protocol: study.protocol,
    open: study.status === "OPEN",
    joined: !!participant,
    consented: !!participant?.consentedAt,
    instructions: settings.instructions,
    consentText: settings.consentText,
    timeLimitMinutes: settings.timeLimitMinutes,
    sessions,
    nextSessionId: sessions.find((s) => s.status === "ACTIVE")?.id ?? null,
    finished,
    completion: finished
      ? {
          code: participant?.completionCode ?? settings.completionCode,
          redirectUrl: completionRedirect({ redirectUrl: settings.redirectUrl, completionCode: participant?.completionCode ?? settings.completionCode }),
        }
      : null,
  };
}
