import "server-only";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { findProject } from "@/lib/runs/project";
import { itemHeadlineScore } from "./item-score";

/**
 * Per-item drill-down of a leaderboard: every run's answer next to the ground truth. Contains
 * truth: callers must restrict it to ADMIN/REVIEWER (lib/runs/access.ts RUN_TRUTH_ROLES).
 */
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

export type DrillListItem = {
  itemId: string;
  externalId: string;
  ordinal: number;
  format: string;
  question: string;
  status: string;
  labels: Record<string, unknown>;
  /** runId → headline per-item score (fraction) or null (no result / not scored). */
  scores: Record<string, number | null>;
  /** Mean headline score over the MODEL runs that have one. */
  modelMean: number | null;
};

export type DrillList = {
  total: number;
  runs: { runId: string; name: string; kind: string }[];
  items: DrillListItem[];
};

/** A page of the project's items with each run's headline score on it (no truth). */
export async function listDrillItems(projectKey: string, options: { q?: string; offset?: number; limit?: number } = {}): Promise<DrillList> {
  const project = await findProject(projectKey);
  const where = { projectId: project.id, ...(options.q ? { externalId: { contains: options.q } } : {}) };
  const [total, items, runs] = await Promise.all([
    db.item.count({ where }),
    db.item.findMany({
      where,
      orderBy: { ordinal: "asc" },
      skip: options.offset ?? 0,
      take: Math.min(Math.max(options.limit ?? 50, 1), 200),
      select: { id: true, externalId: true, ordinal: true, format: true, question: true, status: true, labels: true },
    }),
    db.modelRun.findMany({ where: { projectId: project.id }, orderBy: [{ kind: "asc" }, { name: "asc" }], select: { id: true, name: true, kind: true } }),
  ]);
  const results = await db.runItemResult.findMany({ where: { itemId: { in: items.map((i) => i.id) } }, select: { runId: true, itemId: true, scores: true } });
  const byItem = new Map<string, Record<string, number | null>>();
  for (const r of results) {
    const m = byItem.get(r.itemId) ?? {};
    m[r.runId] = itemHeadlineScore(project.benchmark, obj(r.scores));
    byItem.set(r.itemId, m);
  }
  const modelIds = new Set(runs.filter((r) => r.kind === "MODEL").map((r) => r.id));
  return {
    total,
    runs: runs.map((r) => ({ runId: r.id, name: r.name, kind: r.kind })),
    items: items.map((i) => {
      const scores = byItem.get(i.id) ?? {};
      const model = Object.entries(scores).filter(([id, v]) => modelIds.has(id) && v !== null).map(([, v]) => v as number);
      return {
        itemId: i.id,
        externalId: i.externalId,
        ordinal: i.ordinal,
        format: i.format,
        question: i.question,
        status: i.status,
        labels: obj(i.labels),
        scores,
        modelMean: model.length ? model.reduce((a, b) => a + b, 0) / model.length : null,
      };
    }),
  };
}

export type ItemDrillDown = {
  project: { id: string; name: string; benchmark: string };
  item: { itemId: string; externalId: string; ordinal: number; format: string; question: string; status: string; videoRef: string; labels: Record<string, unknown>; presentation: Record<string, unknown> };
  /** `version`: the project's truth version (the one number every page shows), at which this truth is current. */
  truth: { answer: unknown; spans: [number, number][]; queryTimes: number[]; version: number };
  runs: Array<{ runId: string; name: string; kind: string; stale: boolean; raw: unknown; parsed: unknown; valid: boolean; scores: Record<string, unknown>; headline: number | null } | { runId: string; name: string; kind: string; stale: boolean; raw: null; parsed: null; valid: false; scores: null; headline: null }>;
};

/** One item: its truth and every run's raw answer, parsed answer and scores. */
export async function itemDrillDown(projectKey: string, itemId: string): Promise<ItemDrillDown> {
  const project = await findProject(projectKey);
  const item = await db.item.findFirst({
    where: { OR: [{ id: itemId }, { externalId: itemId }], projectId: project.id },
    select: {
      id: true,
      externalId: true,
      ordinal: true,
      format: true,
      question: true,
      status: true,
      videoRef: true,
      labels: true,
      presentation: true,
      truth: { select: { answer: true } },
      spans: { where: { source: "TRUTH" }, select: { startSec: true, endSec: true } },
      queryPoints: { select: { timeSec: true }, orderBy: { ordinal: "asc" } },
    },
  });
  if (!item) throw new HttpError(404, `No item "${itemId}" in this project.`, "not_found");
  const [runs, results] = await Promise.all([
    db.modelRun.findMany({ where: { projectId: project.id }, orderBy: [{ kind: "asc" }, { name: "asc" }], select: { id: true, name: true, kind: true, stale: true, truthVersion: true } }),
    db.runItemResult.findMany({ where: { itemId: item.id }, select: { runId: true, raw: true, parsed: true, valid: true, scores: true } }),
  ]);
  const byRun = new Map(results.map((r) => [r.runId, r]));
  return {
    project: { id: project.id, name: project.name, benchmark: project.benchmark },
    item: {
      itemId: item.id,
      externalId: item.externalId,
      ordinal: item.ordinal,
      format: item.format,
      question: item.question,
      status: item.status,
      videoRef: item.videoRef,
      labels: obj(item.labels),
      presentation: obj(item.presentation),
    },
    truth: {
      answer: item.truth?.answer ?? null,
      spans: item.spans.map((s) => [s.startSec, s.endSec] as [number, number]),
      queryTimes: item.queryPoints.map((q) => q.timeSec),
      version: project.truthVersion,
    },
    runs: runs.map((r) => {
      const res = byRun.get(r.id);
      const stale = r.stale || r.truthVersion < project.truthVersion;
      if (!res) return { runId: r.id, name: r.name, kind: r.kind, stale, raw: null, parsed: null, valid: false as const, scores: null, headline: null };
      const scores = obj(res.scores);
      return { runId: r.id, name: r.name, kind: r.kind, stale, raw: res.raw, parsed: res.parsed, valid: res.valid, scores, headline: itemHeadlineScore(project.benchmark, scores) };
    }),
  };
}
