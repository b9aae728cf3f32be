import "server-only";
import { audit } from "@/lib/audit/audit";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import type { Problem } from "@/lib/metrics/problems";
import { runDerivedKeyPrefix } from "./derived-keys";
import { runSummarySelect } from "./score-run";
import type { RunAggregates } from "./types";

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

export type RunListEntry = {
  id: string;
  name: string;
  kind: string;
  status: string;
  stale: boolean;
  truthVersion: number;
  source: string;
  createdAt: Date;
  scoredAt: Date | null;
  counts: RunAggregates["counts"] | null;
  problemCount: number;
};

/** The project's runs, newest first (no per-item data, no truth). */
export async function listRuns(projectId: string, projectTruthVersion: number): Promise<RunListEntry[]> {
  const runs = await db.modelRun.findMany({ where: { projectId }, orderBy: { createdAt: "desc" }, select: { ...runSummarySelect, aggregates: true } });
  return runs.map((r) => {
    const a = obj(r.aggregates);
    const pc = obj(a.problem_counts);
    return {
      id: r.id,
      name: r.name,
      kind: r.kind,
      status: r.status,
      stale: r.stale || r.truthVersion < projectTruthVersion,
      truthVersion: r.truthVersion,
      source: r.source,
      createdAt: r.createdAt,
      scoredAt: r.scoredAt,
      counts: (a.counts as RunAggregates["counts"]) ?? null,
      problemCount: Object.values(pc).reduce((s: number, n) => s + (typeof n === "number" ? n : 0), 0),
    };
  });
}

export type RunDetail = RunListEntry & {
  projectId: string;
  aggregates: Record<string, unknown> | null;
  problems: Problem[];
  problemsOmitted: number;
  problemCounts: Record<string, number>;
  uploadedBy: { id: string; name: string; email: string } | null;
  /** The uploaded file as received (lib/runs/run-file.ts), or null (study and chance rows, runs uploaded before files were recorded). */
  uploadedFile: { name: string | null; bytes: number; sha256: string } | null;
};

/** One run of the project: aggregates (lib/metrics result + table), problems with line numbers. No truth. */
export async function getRunDetail(projectId: string, runId: string, projectTruthVersion: number): Promise<RunDetail> {
  const r = await db.modelRun.findFirst({
    where: { id: runId, projectId },
    select: { ...runSummarySelect, aggregates: true, problems: true, uploadedBy: { select: { id: true, name: true, email: true } }, fileSha256: true, fileBytes: true, fileName: true },
  });
  if (!r) throw new HttpError(404, "No such run in this project.", "not_found");
  const a = obj(r.aggregates);
  const pc = obj(a.problem_counts) as Record<string, number>;
  return {
    id: r.id,
    projectId: r.projectId,
    name: r.name,
    kind: r.kind,
    status: r.status,
    stale: r.stale || r.truthVersion < projectTruthVersion,
    truthVersion: r.truthVersion,
    source: r.source,
    createdAt: r.createdAt,
    scoredAt: r.scoredAt,
    counts: (a.counts as RunAggregates["counts"]) ?? null,
    problemCount: Object.values(pc).reduce((s, n) => s + (typeof n === "number" ? n : 0), 0),
    aggregates: r.aggregates ? a : null,
    problems: Array.isArray(r.problems) ? (r.problems as Problem[]) : [],
    problemsOmitted: typeof a.problems_omitted === "number" ? a.problems_omitted : 0,
    problemCounts: pc,
    uploadedBy: r.uploadedBy,
    uploadedFile: r.fileSha256 ? { name: r.fileName, bytes: r.fileBytes ?? 0, sha256: r.fileSha256 } : null,
  };
}

export type RunItemRow = {
  itemId: string;
  externalId: string;
  ordinal: number;
  format: string;
  question: string;
  labels: Record<string, unknown>;
  raw: unknown;
  parsed: unknown;
  valid: boolean;
  scores: Record<string, unknown>;
  /** Ground truth (ADMIN/REVIEWER only: callers must check the role). */
  truth: { answer: unknown; spans: [number, number][]; queryTimes: number[] };
};

/**
 * Per-item results of a run with the truth next to each answer, in native item order. Callers
 * must restrict this to ADMIN/REVIEWER (RUN_TRUTH_ROLES). `q` filters by native id (substring),
 * `invalidOnly` keeps unparseable / missing answers.
 */
export async function getRunItems(
  projectId: string,
  runId: string,
  options: { offset?: number; limit?: number; q?: string; invalidOnly?: boolean } = {},
): Promise<{ total: number; items: RunItemRow[] }> {
  const run = await db.modelRun.findFirst({ where: { id: runId, projectId }, select: { id: true } });
  if (!run) throw new HttpError(404, "No such run in this project.", "not_found");
  const where = {
    runId,
    ...(options.invalidOnly ? { valid: false } : {}),
    ...(options.q ? { item: { externalId: { contains: options.q } } } : {}),
  };
  const [total, rows] = await Promise.all([
    db.runItemResult.count({ where }),
    db.runItemResult.findMany({
      where,
      orderBy: { item: { ordinal: "asc" } },
      skip: options.offset ?? 0,
      take: Math.min(Math.max(options.limit ?? 50, 1), 500),
      select: {
        itemId: true,
        raw: true,
        parsed: true,
        valid: true,
        scores: true,
        item: {
          select: {
            externalId: true,
            ordinal: true,
            format: true,
            question: true,
            labels: true,
            truth: { select: { answer: true } },
            spans: { where: { source: "TRUTH" }, select: { startSec: true, endSec: true } },
            queryPoints: { select: { timeSec: true }, orderBy: { ordinal: "asc" } },
          },
        },
      },
    }),
  ]);
  return {
    total,
    items: rows.map((r) => ({
      itemId: r.itemId,
      externalId: r.item.externalId,
      ordinal: r.item.ordinal,
      format: r.item.format,
      question: r.item.question,
      labels: obj(r.item.labels),
      raw: r.raw,
      parsed: r.parsed,
      valid: r.valid,
      scores: obj(r.scores),
      truth: {
        answer: r.item.truth?.answer ?? null,
        spans: r.item.spans.map((s) => [s.startSec, s.endSec] as [number, number]),
        queryTimes: r.item.queryPoints.map((q) => q.timeSec),
      },
    })),
  };
}

/** The run's id, name and kind when it belongs to the project, else 404. */
export async function requireRun(projectId: string, runId: string): Promise<{ id: string; name: string; kind: string }> {
  const run = await db.modelRun.findFirst({ where: { id: runId, projectId }, select: { id: true, name: true, kind: true } });
  if (!run) throw new HttpError(404, "No such run in this project.", "not_found");
  return run;
}

/**
 * Deletes a run of the project with its per-item results and its stored leaderboard intervals
 * (DerivedResult rows, which have no foreign key), audited in the same transaction; 404 when it is not there.
 */
export async function deleteRun(projectId: string, runId: string, actor: { id: string; ip?: string }): Promise<string> {
  const run = await requireRun(projectId, runId);
  await db.$transaction(async (tx) => {
    await tx.modelRun.delete({ where: { id: run.id } });
    await tx.derivedResult.deleteMany({ where: { key: { startsWith: runDerivedKeyPrefix(run.id) } } });
    await audit({ actorId: actor.id, action: "run.delete", targetType: "ModelRun", targetId: run.id, ip: actor.ip, details: { projectId, name: run.name, kind: run.kind } }, tx);
  });
  return run.id;
}
