import "server-only";
import { db } from "@/lib/db/prisma";
import { loadPlan } from "./load-plan";
import { SERVE_INDEX } from "./serve-codes";

/**
 * Where a participant stands in a study, for the study page's button: the question they are at
 * (answers so far + 1) out of every question of all their sessions, and whether they have begun
 * (an answer, or video already served: "Resume" rather than "Start"). Null when they have no
 * unfinished session.
 */
export type ResumePoint = { begun: boolean; question: number; of: number };

export async function resumePoint(studyId: string, userId: string): Promise<ResumePoint | null> {
  const participant = await db.studyParticipant.findUnique({
    where: { studyId_userId: { studyId, userId } },
    select: {
      study: { select: { protocol: true } },
      sessions: {
        select: {
          videoId: true,
          status: true,
          // Video served (init, segments, the free-rewatch file); not playlists, stills or claims.
          _count: {
            select: {
              answers: true,
              serves: { where: { allowed: true, OR: [{ segmentIndex: { gte: SERVE_INDEX.init } }, { segmentIndex: SERVE_INDEX.media }] } },
            },
          },
        },
      },
    },
  });
  if (!participant || !participant.sessions.some((s) => s.status === "ACTIVE")) return null;
  let answered = 0;
  let of = 0;
  let begun = false;
  for (const s of participant.sessions) {
    const asks = (await loadPlan(studyId, s.videoId, participant.study.protocol).catch(() => null))?.plan.asks.length ?? 0;
    of += asks;
    answered += Math.min(asks, s._count.answers);
    if (s.status !== "ACTIVE" || s._count.answers > 0 || s._count.serves > 0) begun = true;
  }
  if (of === 0) return null;
  return { begun, question: Math.min(of, answered + 1), of };
}

/** The study page's button text: "Start" before anything was watched or answered, else "Resume: question 7 of 18". */
export function resumeLabel(point: ResumePoint): string {
  return point.begun ? `Resume: question ${point.question} of ${point.of}` : "Start";
}
