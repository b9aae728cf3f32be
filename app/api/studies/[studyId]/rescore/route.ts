import { db } from "@/lib/db/prisma";
import { route } from "@/lib/http/route";
import { finishSession } from "@/lib/studies/finish-session";
import { updateHumanRun } from "@/lib/studies/human-run";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** POST /api/studies/[studyId]/rescore (admin): re-scores every finished session (e.g. after truth changed) and the human run. */
export const POST = route<undefined, undefined, { studyId: string }>({ roles: ["ADMIN"] }, async ({ params }) => {
  const sessions = await db.baselineSession.findMany({ where: { studyId: params.studyId, status: { not: "ACTIVE" } }, select: { id: true } });
  for (const s of sessions) await finishSession(s.id, { updateRun: false });
  const runId = await updateHumanRun(params.studyId);
  return { sessions: sessions.length, runId };
});
