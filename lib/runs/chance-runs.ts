import "server-only";
import { db } from "@/lib/db/prisma";
import { chanceRunsFor } from "./chance";
import { findProject, projectVariant } from "./project";
import { insertItemResults } from "./store-run";
import { loadTruthIndex } from "./truth-index";
import { isRunBenchmark, type RunAggregates } from "./types";

const TX = { maxWait: 30_000, timeout: 5 * 60_000 };

/** How many chance rows each benchmark's paper reports (see lib/runs/chance.ts). */
export function chanceRowCount(benchmark: string): number {
  return benchmark === "TOCBENCH" ? 1 : benchmark === "VSTAT" ? 2 : 0;
}

/**
 * Computes the project's chance rows from its current truth and writes them as CHANCE runs
 * (created, or replaced in place: same id, fresh results and aggregates, not stale). With
 * `onlyIfMissing`, existing rows are left alone. Returns the ids written.
 */
export async function refreshChanceRuns(projectKey: string, options: { onlyIfMissing?: boolean } = {}): Promise<string[]> {
  const project = await findProject(projectKey);
  if (!isRunBenchmark(project.benchmark) || chanceRowCount(project.benchmark) === 0) return [];
  const existing = await db.modelRun.findMany({ where: { projectId: project.id, kind: "CHANCE" }, select: { id: true, source: true } });
  if (options.onlyIfMissing && existing.length >= chanceRowCount(project.benchmark)) return [];
  const variant = projectVariant(project.settings);
  const truth = await loadTruthIndex(project.id, project.benchmark);
  if (truth.items.length === 0) return [];
  const defs = chanceRunsFor(project.benchmark, truth.items, variant);
  const ids: string[] = [];
  for (const def of defs) {
    const prior = existing.find((e) => e.source === def.source);
    if (prior && options.onlyIfMissing) continue;
    const aggregates: RunAggregates = {
      schema: "playhead.run.v1",
      benchmark: project.benchmark,
      variant,
      format: "chance",
      metrics: def.metrics,
      table: def.table,
      counts: { items: truth.items.length, predicted: def.results.length, scored: def.results.length, missing: 0, invalid: 0 },
      problem_counts: {},
      problems_omitted: 0,
      parse_problems: 0,
      meta: { baseline: def.source },
    };
    const data = {
      name: def.name,
      kind: "CHANCE" as const,
      source: def.source,
      status: "DONE" as const,
      truthVersion: project.truthVersion,
      stale: false,
      aggregates: aggregates as never,
      problems: [] as never,
      scoredAt: new Date(),
    };
    try {
      const id = await db.$transaction(async (tx) => {
        const run = prior
          ? await tx.modelRun.update({ where: { id: prior.id }, data, select: { id: true } })
          : await tx.modelRun.create({ data: { ...data, projectId: project.id }, select: { id: true } });
        await tx.runItemResult.deleteMany({ where: { runId: run.id } });
        await insertItemResults(tx, run.id, def.results);
        return run.id;
      }, TX);
      ids.push(id);
    } catch (error) {
      // Another instance created the same row at the same moment: theirs stands.
      if ((error as { code?: unknown })?.code !== "P2002") throw error;
    }
  }
  return ids;
}
