import "server-only";
import { audit } from "@/lib/audit/audit";
import { db } from "@/lib/db/prisma";
import type { Problem } from "@/lib/metrics/problems";
import { HttpError } from "@/lib/http/http-error";
import { parsePredictions } from "./parse-predictions";
import { runFile, runFileColumns } from "./run-file";
import { findProject, projectClipParser, projectVariant, scoredBenchmark } from "./project";
import { validateRunName, versionedName, type IfExists } from "./run-name";
import { scoreRawPredictions } from "./score-raws";
import { insertItemResults, mergeProblems } from "./store-run";
import { PredictionFileError } from "./text-records";
import { loadTruthIndex } from "./truth-index";
import type { MetricVariant, PredictionFormat, RunAggregates } from "./types";

/**
 * Scores an uploaded prediction file on the server from the project's ground truth (ItemTruth,
 * never sent to the client) and stores it as a run, all or nothing:
 *
 * 1. the project (id, slug or name) must have a scorer; the name must be valid and free
 *    (409 `run_exists`, or a versioned name "name (2)" with `ifExists: "version"`);
 * 2. the file is read with the benchmark's native rules or the generic format
 *    (lib/runs/parse-predictions.ts); an unusable file (empty, not the format, another
 *    benchmark's predictions, no record matching an item) is refused with 400 naming the line
 *    and field, and nothing is written;
 * 3. the raw predictions are scored with lib/metrics (lib/runs/score-raws.ts) at the project's
 *    current truthVersion and metric variant;
 * 4. ONE transaction writes the ModelRun (status DONE, aggregates = lib/metrics result + the
 *    leaderboard table + counts, problems with line numbers: unknown ids, unparseable answers,
 *    missing items..., the uploaded file's SHA-256, size and name: lib/runs/run-file.ts), every
 *    RunItemResult (raw, parsed, valid, scores) and an audit entry.
 * If the truth changes while a file is being scored, the run records the older truthVersion and
 * is therefore stale: the stale-run sweep job queues its rescoring.
 */
export type UploadRunInput = {
  /** Project id, slug or name. */
  project: string;
  name: unknown;
  text: string;
  /** The file's bytes as received, when they are at hand (their SHA-256 and size are recorded; else the text's UTF-8). */
  bytes?: Uint8Array;
  fileName?: string;
  format?: PredictionFormat;
  kind?: "MODEL" | "HUMAN";
  answerColumn?: string;
  clipsColumn?: string;
  /** Overrides the project's metric variant for this run. */
  variant?: MetricVariant;
  ifExists?: IfExists;
  actorId?: string | null;
  ip?: string;
};

export type RunSummary = {
  id: string;
  projectId: string;
  name: string;
  kind: string;
  status: string;
  stale: boolean;
  truthVersion: number;
  source: string;
  createdAt: Date;
  scoredAt: Date | null;
};

export type UploadRunResult = {
  run: RunSummary;
  aggregates: RunAggregates;
  problems: Problem[];
  /** Milliseconds spent per phase (server side). */
  timings: { load: number; parse: number; score: number; write: number; total: number };
};

const TX = { maxWait: 30_000, timeout: 10 * 60_000 };
export const runSummarySelect = {
  id: true,
  projectId: true,
  name: true,
  kind: true,
  status: true,
  stale: true,
  truthVersion: true,
  source: true,
  createdAt: true,
  scoredAt: true,
} as const;

function runExists(name: string): HttpError {
  return new HttpError(409, `A run named "${name}" already exists in this project: choose another name, or upload with ifExists=version to get "${name} (2)".`, "run_exists", { name });
}

export async function uploadRun(input: UploadRunInput): Promise<UploadRunResult> {
  const t0 = performance.now();
  const project = await findProject(input.project);
  const benchmark = scoredBenchmark(project);
  const checked = validateRunName(input.name);
  if (!checked.ok) throw new HttpError(400, checked.message, "invalid_name", { field: "name" });
  const baseName = checked.name;
  const ifExists = input.ifExists ?? "error";
  if (ifExists === "error") {
    const taken = await db.modelRun.findUnique({ where: { projectId_name: { projectId: project.id, name: baseName } }, select: { id: true } });
    if (taken) throw runExists(baseName);
  }
  const variant = input.variant ?? projectVariant(project.settings);
  const clipParser = projectClipParser(project.settings);
  const truthVersion = project.truthVersion;
  const truth = await loadTruthIndex(project.id, benchmark);
  if (truth.items.length === 0) throw new HttpError(400, `Project "${project.name}" has no items to score against: import the benchmark file first.`, "no_items");
  const t1 = performance.now();

  let parsed;
  try {
    parsed = parsePredictions(input.text, truth, { format: input.format, answerColumn: input.answerColumn, clipsColumn: input.clipsColumn, clipParser, fileName: input.fileName });
  } catch (error) {
    if (error instanceof PredictionFileError) {
      throw new HttpError(400, error.message, error.code, { ...(error.line !== undefined ? { line: error.line } : {}), ...(error.field !== undefined ? { field: error.field } : {}) });
    }
    throw error;
  }
  const t2 = performance.now();
  const outcome = scoreRawPredictions(benchmark, truth.items, parsed.raws, variant, { clipParser });
  const t3 = performance.now();

  const merged = mergeProblems(
    { list: parsed.problems, counts: parsed.problemCounts, omitted: parsed.problemsOmitted },
    { list: outcome.problems, counts: (outcome.metrics.problem_counts as Record<string, number>) ?? {}, omitted: Number(outcome.metrics.problems_omitted ?? 0) },
  );
  const aggregates: RunAggregates = {
    schema: "playhead.run.v1",
    benchmark,
    variant,
    format: parsed.format,
    metrics: outcome.metrics,
    table: outcome.table,
    counts: outcome.counts,
    problem_counts: merged.counts,
    problems_omitted: merged.omitted,
    parse_problems: merged.parseKept,
    meta: { ...parsed.meta, ...(input.fileName ? { file: input.fileName } : {}), records: String(parsed.records) },
    ...(outcome.judging ? { judging: outcome.judging } : {}),
  };
  const source = `upload:${input.fileName ?? "(body)"} (${parsed.format})`;
  const file = runFile(input.bytes ?? input.text, input.fileName);
  let run: RunSummary;
  try {
    run = await db.$transaction(async (tx) => {
      let name = baseName;
      if (ifExists === "version") {
        const taken = await tx.modelRun.findMany({ where: { projectId: project.id, name: { startsWith: baseName } }, select: { name: true } });
        name = versionedName(baseName, new Set(taken.map((t) => t.name)));
      }
      const created = await tx.modelRun.create({
        data: {
          projectId: project.id,
          name,
          kind: input.kind ?? "MODEL",
          source,
          uploadedById: input.actorId ?? null,
          status: "DONE",
          truthVersion,
          stale: false,
          aggregates: aggregates as never,
          problems: merged.problems as never,
          scoredAt: new Date(),
          ...runFileColumns(file),
        },
        select: runSummarySelect,
      });
      await insertItemResults(tx, created.id, outcome.results);
      await audit(
        {
          actorId: input.actorId ?? null,
          action: "run.upload",
          targetType: "ModelRun",
          targetId: created.id,
          ip: input.ip,
          details: { projectId: project.id, name, kind: created.kind, file: input.fileName ?? null, sha256: file.sha256, bytes: file.bytes, format: parsed.format, items: outcome.results.length, problems: Object.values(merged.counts).reduce((a, b) => a + b, 0) },
        },
        tx,
      );
      return created;
    }, TX);
  } catch (error) {
    if ((error as { code?: unknown })?.code === "P2002") throw runExists(baseName);
    throw error;
  }
  const t4 = performance.now();
  return {
    run,
    aggregates,
    problems: merged.problems,
    timings: { load: t1 - t0, parse: t2 - t1, score: t3 - t2, write: t4 - t3, total: t4 - t0 },
  };
}
