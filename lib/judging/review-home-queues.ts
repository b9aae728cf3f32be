import "server-only";
import type { Role } from "@/lib/db/types";
import type { ReviewQueuesResponse } from "@/lib/review/api-schemas";
import { reviewQueues } from "@/lib/review/review-queues";
import { judgeCountsByProject } from "./judge-counts";

/**
 * GET /api/review/queues and the /review page: the reviewer's queues per project
 * (lib/review/review-queues.ts) with the judge queues' counts filled in (units the caller has not
 * judged yet). It lives here because lib/review sits below lib/judging in the layers.
 */
export async function reviewHomeQueues(user: { id: string; role: Role }): Promise<ReviewQueuesResponse> {
  const [queues, counts] = await Promise.all([reviewQueues(user), judgeCountsByProject(user)]);
  return { ...queues, projects: queues.projects.map((p) => ({ ...p, judge: counts.get(p.projectId) ?? p.judge })) };
}
