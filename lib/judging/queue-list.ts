import "server-only";
import { db } from "@/lib/db/prisma";
import { visibleProjectIds } from "@/lib/projects/project-access";
import { enumerationLists, HUMAN_JUDGE_KIND } from "@/lib/runs/human-judgements";
import { ecTaskType } from "@/lib/runs/score-ecbench";
import { vsasCaptions } from "@/lib/runs/score-vsas";
import { loadTruthIndex } from "@/lib/runs/truth-index";
import type { EcRaw } from "@/lib/runs/types";
import type { Role } from "@/lib/db/types";
import type { JudgeQueueList, JudgeQueueRun } from "./api-schemas";
import { JUDGE_BENCHMARKS, JUDGE_ROLES, type JudgeBenchmark } from "./judge-run";

/**
 * The judge queues a reviewer sees: every VSAS and EC-Bench project they review (admins: every
 * one), each with its runs (model and uploaded human runs; not chance baselines nor study runs,
 * whose answers are judged elsewhere), the units to judge (VSAS seconds; EC enumeration items
 * with an answer) and how many each reviewer judged.
 */
export async function listJudgeQueues(user: { id: string; role: Role }): Promise<JudgeQueueList> {
  if (!JUDGE_ROLES.includes(user.role)) return { projects: [] };
  const visible = await visibleProjectIds(user);
  const projects = await db.project.findMany({
    where: { benchmark: { in: Object.keys(JUDGE_BENCHMARKS) as JudgeBenchmark[] }, ...(visible === "all" ? {} : { id: { in: visible } }) },
    select: { id: true, name: true, benchmark: true },
    orderBy: { name: "asc" },
  });
  const out: JudgeQueueList["projects"] = [];
  for (const p of projects) {
    const benchmark = p.benchmark as JudgeBenchmark;
    const runs = await db.modelRun.findMany({
      where: { projectId: p.id, kind: { not: "CHANCE" }, NOT: { source: { startsWith: "study:" } } },
      select: { id: true, name: true, kind: true },
      orderBy: { createdAt: "asc" },
    });
    const index = await loadTruthIndex(p.id, benchmark);
    const judgements = await db.judgement.findMany({
      where: { judgeKind: HUMAN_JUDGE_KIND, subjectKey: { startsWith: "run:" }, item: { projectId: p.id } },
      select: { subjectKey: true, judgeId: true, judge: { select: { name: true, email: true } } },
    });
    const vsasTotal = benchmark === "VSAS" ? index.items.reduce((s, i) => s + vsasCaptions(i).length, 0) : 0;
    const rows: JudgeQueueRun[] = [];
    for (const run of runs) {
      let total = vsasTotal;
      if (benchmark === "ECBENCH") {
        const results = await db.runItemResult.findMany({ where: { runId: run.id }, select: { itemId: true, raw: true } });
        const raws = new Map(results.map((r) => [r.itemId, r.raw as EcRaw | null]));
        total = index.items.filter((i) => {
          const raw = raws.get(i.itemId);
          return ecTaskType(i) === "Enumeration" && !!raw && typeof raw.answer === "string" && enumerationLists(i.answer, raw.answer).predicted.length > 0;
        }).length;
      }
      const per = new Map<string, { id: string; name: string; judged: number }>();
      for (const j of judgements) {
        if (!j.judgeId || !j.subjectKey.startsWith(`run:${run.id}:`)) continue;
        const entry = per.get(j.judgeId) ?? { id: j.judgeId, name: j.judge?.name || j.judge?.email || j.judgeId, judged: 0 };
        entry.judged += 1;
        per.set(j.judgeId, entry);
      }
      const byReviewer = [...per.values()].sort((a, b) => a.name.localeCompare(b.name));
      rows.push({ id: run.id, name: run.name, kind: run.kind, total, byReviewer, mine: per.get(user.id)?.judged ?? 0 });
    }
    out.push({ id: p.id, name: p.name, benchmark, kind: JUDGE_BENCHMARKS[benchmark], runs: rows });
  }
  return out.length ? { projects: out } : { projects: [] };
}
