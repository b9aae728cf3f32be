import "server-only";
import { db } from "@/lib/db/prisma";
import type { Role } from "@/lib/db/types";
import { visibleProjectIds } from "@/lib/projects/project-access";
import { HUMAN_JUDGE_KIND, runSubjectPrefix } from "@/lib/runs/human-judgements";
import { ecTaskType } from "@/lib/runs/score-ecbench";
import { vsasCaptions } from "@/lib/runs/score-vsas";
import type { TruthItem } from "@/lib/runs/types";
import { sessionSubjectPrefix } from "@/lib/studies/session-judgements";
import type { JudgeQueueList, JudgeQueueRun } from "./api-schemas";
import { JUDGE_BENCHMARKS, JUDGE_ROLES, type JudgeBenchmark } from "./judge-run";

/**
 * The judge queues a reviewer sees: every VSAS and EC-Bench project they review (admins: every
 * one), each with its runs (model and uploaded human runs, and studies' runs, whose participants'
 * answers are judged per session; not chance baselines), the units to judge (VSAS seconds; EC
 * enumeration answers) and how many each reviewer judged.
 *
 * Counted with aggregate queries, never reading predictions: per project one read of the items'
 * kind and caption count; per run a count of judgements grouped by reviewer; EC model runs' units
 * are their valid results (a non-blank answer) on enumeration items, grouped by run; a study's
 * units come from its completed sessions' answers grouped by item.
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
    const runs = await db.modelRun.findMany({ where: { projectId: p.id, kind: { not: "CHANCE" } }, select: { id: true, name: true, kind: true, source: true }, orderBy: { createdAt: "asc" } });
    const units = await unitsPerItem(p.id, benchmark);
    const modelTotals = await modelRunTotals(benchmark, runs.filter((r) => !r.source.startsWith("study:")).map((r) => r.id), units);
    const judges = new Map<string, string>();
    const rows: JudgeQueueRun[] = [];
    for (const run of runs) {
      const studyId = run.source.startsWith("study:") ? run.source.slice("study:".length) : null;
      const counted = studyId ? await studyCounts(studyId, units) : { total: modelTotals.get(run.id) ?? 0, prefixes: [runSubjectPrefix(run.id)] };
      const grouped = counted.prefixes.length
        ? await db.judgement.groupBy({
            by: ["judgeId"],
            where: { judgeKind: HUMAN_JUDGE_KIND, judgeId: { not: null }, OR: counted.prefixes.map((prefix) => ({ subjectKey: { startsWith: prefix } })) },
            _count: { _all: true },
          })
        : [];
      await addNames(judges, grouped.flatMap((g) => (g.judgeId ? [g.judgeId] : [])));
      const byReviewer = grouped
        .flatMap((g) => (g.judgeId ? [{ id: g.judgeId, name: judges.get(g.judgeId) ?? g.judgeId, judged: g._count._all }] : []))
        .sort((a, b) => a.name.localeCompare(b.name));
      rows.push({ id: run.id, name: run.name, kind: run.kind, total: counted.total, byReviewer, mine: byReviewer.find((r) => r.id === user.id)?.judged ?? 0 });
    }
    out.push({ id: p.id, name: p.name, benchmark, kind: JUDGE_BENCHMARKS[benchmark], runs: rows });
  }
  return { projects: out };
}

/** Per active item of the project, the units an answer to it gives: VSAS caption seconds; EC 1 for an enumeration question (others absent). */
async function unitsPerItem(projectId: string, benchmark: JudgeBenchmark): Promise<Map<string, number>> {
  const items = await db.item.findMany({
    where: { projectId, status: "ACTIVE" },
    select: { id: true, format: true, labels: true, ...(benchmark === "VSAS" ? { truth: { select: { answer: true } } } : {}) },
  });
  const out = new Map<string, number>();
  for (const i of items) {
    const item = { itemId: i.id, format: i.format, labels: (i.labels ?? {}) as Record<string, unknown>, answer: (i as { truth?: { answer: unknown } | null }).truth?.answer ?? null } as TruthItem;
    if (benchmark === "VSAS") out.set(i.id, vsasCaptions(item).length);
    else if (ecTaskType(item) === "Enumeration") out.set(i.id, 1);
  }
  return out;
}

/** Units of model / uploaded runs: VSAS every second of every task; EC their non-blank (valid) answers to enumeration questions. */
async function modelRunTotals(benchmark: JudgeBenchmark, runIds: string[], units: Map<string, number>): Promise<Map<string, number>> {
  if (benchmark === "VSAS") {
    const all = [...units.values()].reduce((s, n) => s + n, 0);
    return new Map(runIds.map((id) => [id, all]));
  }
  if (runIds.length === 0 || units.size === 0) return new Map();
  const grouped = await db.runItemResult.groupBy({ by: ["runId"], where: { runId: { in: runIds }, itemId: { in: [...units.keys()] }, valid: true }, _count: { _all: true } });
  return new Map(grouped.map((g): [string, number] => [g.runId, g._count._all]));
}

/** A study's units (its completed sessions' answers to judgeable items) and the subject prefixes of those sessions. */
async function studyCounts(studyId: string, units: Map<string, number>): Promise<{ total: number; prefixes: string[] }> {
  const where = { unseen: false, itemId: { in: [...units.keys()] }, session: { studyId, status: "COMPLETED" as const } };
  const [perItem, sessions] = await Promise.all([
    db.answer.groupBy({ by: ["itemId"], where, _count: { _all: true } }),
    db.answer.findMany({ where, select: { sessionId: true }, distinct: ["sessionId"] }),
  ]);
  const total = perItem.reduce((s, g) => s + g._count._all * (units.get(g.itemId) ?? 0), 0);
  return { total, prefixes: sessions.map((s) => sessionSubjectPrefix(s.sessionId)) };
}

async function addNames(names: Map<string, string>, ids: string[]): Promise<void> {
  const missing = [...new Set(ids)].filter((id) => !names.has(id));
  if (missing.length === 0) return;
  const users = await db.user.findMany({ where: { id: { in: missing } }, select: { id: true, name: true, email: true } });
  for (const u of users) names.set(u.id, u.name || u.email);
}
