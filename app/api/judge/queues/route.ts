import { route } from "@/lib/http/route";
import { JUDGE_ROLES } from "@/lib/judging/judge-run";
import { listJudgeQueues } from "@/lib/judging/queue-list";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/judge/queues — the VSAS and EC-Bench judge queues of the caller's projects (reviewers, admins). */
export const GET = route({ roles: JUDGE_ROLES }, async ({ user }) => listJudgeQueues(user));
