import "server-only";
import { db } from "@/lib/db/prisma";
import type { Role } from "@/lib/db/types";
import { HttpError } from "@/lib/http/http-error";
import { projectAccess, type ProjectRef } from "@/lib/projects/project-access";
import type { RunScoreView } from "./api-schemas";

/** Who may judge: reviewers (members of the project) and admins. */
export const JUDGE_ROLES: readonly Role[] = ["ADMIN", "REVIEWER"];

/** Benchmarks with a judge queue and what is judged there. */
export const JUDGE_BENCHMARKS = { VSAS: "vsas", ECBENCH: "ec" } as const;
export type JudgeBenchmark = keyof typeof JUDGE_BENCHMARKS;

export type JudgeRun = { id: string; name: string; kind: string; stale: boolean; status: string; aggregates: unknown; project: ProjectRef };

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
  // A study's human run is rebuilt from its sessions, which do not read judgements.
  if (run.source.startsWith("study:")) throw new HttpError(422, `Run "${run.name}" is a study's human run: its answers are not judged in this queue.`, "wrong_run_kind", { field: "runId" });
  return { id: run.id, name: run.name, kind: run.kind, stale: run.stale, status: run.status, aggregates: run.aggregates, project };
}

/** The figures of the run's stored score shown on the queue pages. */
export function runScoreView(run: Pick<JudgeRun, "stale" | "status" | "aggregates">, keys: readonly string[]): RunScoreView {
  const metrics = ((run.aggregates as { metrics?: Record<string, unknown> } | null)?.metrics ?? {}) as Record<string, unknown>;
  return {
    stale: run.stale,
    status: run.status,
    metrics: Object.fromEntries(keys.map((k) => [k, typeof metrics[k] === "number" ? (metrics[k] as number) : null])),
  };
}
