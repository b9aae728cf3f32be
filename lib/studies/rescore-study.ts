import "server-only";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { finishSession } from "./finish-session";
import { updateHumanRun } from "./human-run";

/** Re-scores every finished session of a study (e.g. after truth changed) and its human run. */
export async function rescoreStudy(studyId: string): Promise<{ sessions: number; runId: string }> {
  const study = await db.study.findUnique({ where: { id: studyId }, select: { id: true } });
  if (!study) throw new HttpError(404, "No such study.");
  const sessions = await db.baselineSession.findMany({ where: { studyId, status: { not: "ACTIVE" } }, select: { id: true } });
  for (const s of sessions) await finishSession(s.id, { updateRun: false });
  const runId = await updateHumanRun(studyId);
  return { sessions: sessions.length, runId };
}
