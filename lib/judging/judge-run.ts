import "server-only";
import { db } from "@/lib/db/prisma";
import type { Role } from "@/lib/db/types";
import { HttpError } from "@/lib/http/http-error";
import { projectAccess, type ProjectRef } from "@/lib/projects/project-access";
import { judgingOf } from "@/lib/runs/judging-status";
import type { RunScoreView } from "./api-schemas";

/** Who may judge: reviewers (members of the project) and admins. */
export const JUDGE_ROLES: readonly Role[] = ["ADMIN", "REVIEWER"];

/** Benchmarks with a judge queue and what is judged there. */
export const JUDGE_BENCHMARKS = { VSAS: "vsas", ECBENCH: "ec" } as const;
export type JudgeBenchmark = keyof typeof JUDGE_BENCHMARKS;

/** `studyId`: a study's human run (source `study:<id>`), whose participants' answers are judged per session. */
export type JudgeRun = { id: string; name: string; kind: string; stale: boolean; status: string; aggregates: unknown; project: ProjectRef; studyId: string | null };

/**
 * The run a reviewer judges: 404 when the run does not exist or its project is not visible to
 * the caller (non-members: existence is not confirmed); 403 for a role without the project's
 * truth; 422 when the run's project is not of `benchmark`.
 */
export async function requireJudgeRun(user: { id: string; role: Role }, runId: string, benchmark: JudgeBenchmark): Promise<JudgeRun> {
  if (!JUDGE_ROLES.includes(user.role)) throw new HttpError(403, "Only reviewers and admins judge runs.", "forbidden");
  const run = await db.modelRun.findUnique({ where: { id: runId }, select: { id: true, name: true, kind: true, source: true, stale: true, status: true, aggregates: true, projectId: true } });
  if (!run) throw new HttpError(404, "No such run.", "not_found");
  const { project } = await projectAccess(user, run.projectId, "truth");
  if (project.benchmark !== benchmark) {
    throw new HttpError(422, `Run "${run.name}" belongs to a ${project.benchmark} project; this queue judges ${benchmark} runs.`, "wrong_benchmark", { field: "runId" });
  }
  if (run.kind === "CHANCE") throw new HttpError(422, "Chance baselines have no answers to judge.", "wrong_run_kind", { field: "runId" });
  const studyId = run.source.startsWith("study:") ? run.source.slice("study:".length) : null;
  return { id: run.id, name: run.name, kind: run.kind, stale: run.stale, status: run.status, aggregates: run.aggregates, project, studyId };
}

/** The figures of the run's stored score shown on the queue pages. */
export function runScoreView(run: Pick<JudgeRun, "stale" | "status" | "aggregates" | "studyId">, keys: readonly string[]): RunScoreView {
  const metrics = run.studyId ? studyMetrics(run.aggregates) : (((run.aggregates as { metrics?: Record<string, unknown> } | null)?.metrics ?? {}) as Record<string, unknown>);
  return {
    stale: run.stale,
    status: run.status,
    metrics: Object.fromEntries(keys.map((k) => [k, typeof metrics[k] === "number" ? (metrics[k] as number) : null])),
    judging: run.studyId ? null : judgingOf(run.aggregates),
  };
}

/** A study run's aggregates (lib/studies `aggregateScores`) as the metric names of model runs: means of the item scores. */
function studyMetrics(aggregates: unknown): Record<string, unknown> {
  const means = ((aggregates as { means?: Record<string, { mean?: unknown; n?: unknown }> } | null)?.means ?? {}) as Record<string, { mean?: unknown; n?: unknown }>;
  const m = (k: string) => (typeof means[k]?.mean === "number" ? means[k].mean : null);
  const n = (k: string) => (typeof means[k]?.n === "number" ? means[k].n : null);
  const judged = means.n_judged ? (means.n_judged.mean as number) * (means.n_judged.n as number) : null;
  return {
    accuracy: m("accuracy"),
    rubric_mean: m("rubric_mean"),
    consistency: m("consistency"),
    n_judgements: judged,
    enumeration_precision: m("precision"),
    enumeration_recall: m("recall"),
    enumeration_f1: m("f1"),
    enumeration_judged: n("judged"),
  };
}
