import "server-only";
import type { Role } from "@/lib/db/types";
import { listJudgeQueues } from "./queue-list";

export type JudgeCounts = { vsas: number; ecEnumeration: number };

/**
 * For the reviewer's home (`judge` of GET /api/review/queues, whose lib/review sits below
 * lib/judging): per project id, the units the caller has not judged yet over the project's runs
 * (VSAS seconds; EC-Bench enumeration items). Projects without a judge queue are absent (0, 0).
 * Hook-up, where both are in reach (the route and the page):
 *   const counts = await judgeCountsByProject(user);
 *   for (const p of queues.projects) p.judge = counts.get(p.projectId) ?? p.judge;
 */
export async function judgeCountsByProject(user: { id: string; role: Role }): Promise<Map<string, JudgeCounts>> {
  const list = await listJudgeQueues(user);
  const out = new Map<string, JudgeCounts>();
  for (const p of list.projects) {
    const left = p.runs.reduce((n, r) => n + Math.max(0, r.total - r.mine), 0);
    out.set(p.id, p.kind === "vsas" ? { vsas: left, ecEnumeration: 0 } : { vsas: 0, ecEnumeration: left });
  }
  return out;
}
