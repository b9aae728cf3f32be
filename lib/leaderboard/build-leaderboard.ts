import "server-only";
import { db } from "@/lib/db/prisma";
import { derivedResults, missingDerivedKeys, type DerivedRequest } from "@/lib/derived/derived-result";
import { inputHash } from "@/lib/derived/input-hash";
import { chanceRowCount, refreshChanceRuns } from "@/lib/runs/chance-runs";
import { LEADERBOARD_CI, runDerivedKeyPrefix } from "@/lib/runs/derived-keys";
import { findProject, projectVariant } from "@/lib/runs/project";
import { judgingOf } from "@/lib/runs/judging-status";
import type { RunAggregates } from "@/lib/runs/types";
import { bootstrapTables, DEFAULT_BOOTSTRAP, type BootstrapSettings, type TableIntervals } from "./bootstrap-table";
import { CHANCE_NOTES, columnsFor, primaryColumn, type LeaderboardColumn } from "./columns";
import { tableFromItems, type ItemRecord } from "@/lib/scoring/item-table";
import type { Table } from "@/lib/scoring/tables";
import { rankRows } from "./rank";
import type { LeaderboardData, LeaderboardRow } from "./types";

export type LeaderboardOptions = {
  /** Compute bootstrap intervals from the runs' per-item scores (slow: on demand). */
  ci?: boolean;
  bootstrap?: Partial<BootstrapSettings>;
  /** Create the paper's chance rows when missing (default true). */
  ensureChance?: boolean;
  /**
   * The runs' per-item results when the caller reads them anyway (the report writes them out):
   * used instead of reading them again. Must hold every result row of the runs it lists.
   */
  results?: ReadonlyMap<string, readonly RunResultRow[]>;
};

/** One stored per-item result of a run, as `itemRecords` reads it. */
export type RunResultRow = { itemId: string; scores: unknown };

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** Stored table of a run written by lib/runs, or null (e.g. a human-baseline run written by lib/studies). */
function storedTable(aggregates: unknown): Table | null {
  const a = obj(aggregates) as Partial<RunAggregates>;
  return a.table && typeof a.table === "object" ? (a.table as Table) : null;
}

type ItemInfo = { id: string; format: string; labels: unknown };

/** The project's active items by id (format and labels group the per-item scores). */
async function activeItems(projectId: string): Promise<Map<string, ItemInfo>> {
  const items = await db.item.findMany({ where: { projectId, status: "ACTIVE" }, select: { id: true, format: true, labels: true } });
  return new Map(items.map((i) => [i.id, i]));
}

/** Per-item records of some runs (scores + the item's format and labels). */
async function itemRecords(projectId: string, runIds: readonly string[], items?: Map<string, ItemInfo>, preloaded?: ReadonlyMap<string, readonly RunResultRow[]>): Promise<Map<string, ItemRecord[]>> {
  const out = new Map<string, ItemRecord[]>(runIds.map((id) => [id, []]));
  if (runIds.length === 0) return out;
  const byId = items ?? (await activeItems(projectId));
  const toRead = runIds.filter((id) => !preloaded?.has(id));
  const rows: { runId: string; itemId: string; scores: unknown }[] = toRead.length
    ? await db.runItemResult.findMany({ where: { runId: { in: toRead } }, select: { runId: true, itemId: true, scores: true } })
    : [];
  for (const id of runIds) for (const r of preloaded?.get(id) ?? []) rows.push({ runId: id, itemId: r.itemId, scores: r.scores });
  for (const r of rows) {
    const item = byId.get(r.itemId);
    if (!item) continue;
    out.get(r.runId)!.push({ format: item.format, labels: obj(item.labels), scores: obj(r.scores) });
  }
  return out;
}

/**
 * Intervals are costly (1,000 resamples of the whole table per run): each is computed once per
 * change and kept in DerivedResult (lib/derived), shared by every instance. Key: the run, the
 * variant and the bootstrap settings; inputs: the versions its per-item records come from — the
 * run's scoring time and truth version (every write of its RunItemResults sets scoredAt), the
 * project's truth version, and the number and latest edit of the project's active items (their
 * format and labels group the scores).
 */
export const leaderboardCiKey = (runId: string, variant: string, s: BootstrapSettings) => `${runDerivedKeyPrefix(runId)}${variant}:${s.resamples}:${s.level}:${s.seed}`;

function display(column: LeaderboardColumn | undefined, v: number | null | undefined): number | null {
  if (v === null || v === undefined || !Number.isFinite(v)) return null;
  return column && column.unit === "percent" ? v * 100 : v;
}

/**
 * The leaderboard of a project: one row per run (MODEL, HUMAN, CHANCE) with the columns of the
 * paper's main table (lib/leaderboard/columns.ts). Only the precomputed aggregates are read for
 * the table (one query); runs without a stored table (human baselines built by lib/studies) are
 * tabulated from their per-item scores. With `ci`, 95 % bootstrap intervals are computed from
 * every run's per-item scores (seeded, deterministic; computed once per change: LEADERBOARD_CI).
 */
export async function buildLeaderboard(projectKey: string, options: LeaderboardOptions = {}): Promise<LeaderboardData> {
  let project = await findProject(projectKey);
  if (options.ensureChance !== false && chanceRowCount(project.benchmark) > 0) {
    const have = await db.modelRun.count({ where: { projectId: project.id, kind: "CHANCE" } });
    if (have < chanceRowCount(project.benchmark)) {
      await refreshChanceRuns(project.id, { onlyIfMissing: true });
      project = await findProject(project.id);
    }
  }
  const variant = projectVariant(project.settings);
  const runs = await db.modelRun.findMany({
    where: { projectId: project.id },
    select: { id: true, name: true, kind: true, status: true, stale: true, truthVersion: true, scoredAt: true, source: true, aggregates: true },
  });
  const tables = new Map<string, Table>();
  const fallback: string[] = [];
  for (const r of runs) {
    const t = storedTable(r.aggregates);
    if (t) tables.set(r.id, t);
    else fallback.push(r.id);
  }
  const settings: BootstrapSettings = { ...DEFAULT_BOOTSTRAP, ...(options.bootstrap ?? {}) };
  const records = await itemRecords(project.id, fallback, undefined, options.results);
  for (const id of fallback) tables.set(id, tableFromItems(project.benchmark, variant, records.get(id) ?? []));
  const intervalsOf = new Map<string, TableIntervals>();
  if (options.ci && runs.length) {
    const itemsNow = await db.item.aggregate({ where: { projectId: project.id, status: "ACTIVE" }, _count: { _all: true }, _max: { updatedAt: true } });
    const itemsVersion = `${itemsNow._count._all}:${itemsNow._max.updatedAt?.getTime() ?? 0}`;
    let items: Promise<Map<string, ItemInfo>> | null = null;
    const hashes = runs.map((r) => inputHash({ scoredAt: r.scoredAt?.getTime() ?? 0, runTruth: r.truthVersion, projectTruth: project.truthVersion, items: itemsVersion, benchmark: project.benchmark }));
    const keys = runs.map((r) => leaderboardCiKey(r.id, variant, settings));
    // The missing intervals are computed together (runs of equal size share their resamples).
    const missing = await missingDerivedKeys(keys.map((key, i) => ({ key, inputHash: hashes[i] })));
    const computeFor = async (ids: string[]): Promise<Map<string, TableIntervals>> => {
      // Only runs without a stored interval read their per-item records (the items once).
      const unread = ids.filter((id) => !records.has(id));
      const read = unread.length ? await itemRecords(project.id, unread, await (items ??= activeItems(project.id)), options.results) : new Map<string, ItemRecord[]>();
      const own = ids.map((id) => records.get(id) ?? read.get(id) ?? []);
      const intervals = bootstrapTables(own.map((list) => ({ benchmark: project.benchmark, variant, records: list })), settings);
      return new Map(ids.map((id, i) => [id, intervals[i]]));
    };
    let batch: Promise<Map<string, TableIntervals>> | null = null;
    const requests: DerivedRequest<TableIntervals>[] = runs.map((r, i) => ({
      key: keys[i],
      kind: LEADERBOARD_CI,
      inputHash: hashes[i],
      compute: async () => {
        const together = await (batch ??= computeFor(runs.filter((_, j) => missing.has(keys[j])).map((x) => x.id)));
        return together.get(r.id) ?? (await computeFor([r.id])).get(r.id)!;
      },
    }));
    const outcomes = await derivedResults(requests);
    runs.forEach((r, i) => intervalsOf.set(r.id, outcomes[i].value));
  }

  const present = new Set<string>();
  for (const t of tables.values()) for (const [k, v] of Object.entries(t)) if (v !== null) present.add(k);
  const columns = columnsFor(project.benchmark, present);
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const primary = primaryColumn(project.benchmark);

  const rows: LeaderboardRow[] = runs.map((r) => {
    const t = tables.get(r.id) ?? {};
    const values: Record<string, number | null> = {};
    for (const c of columns) values[c.key] = display(c, t[c.key]);
    const counts = obj(r.aggregates).counts as LeaderboardRow["counts"] | undefined;
    const unseen = obj(r.aggregates).n_unseen;
    const row: LeaderboardRow = {
      runId: r.id,
      name: r.name,
      kind: r.kind,
      status: r.status,
      stale: r.stale || r.truthVersion < project.truthVersion,
      truthVersion: r.truthVersion,
      scoredAt: r.scoredAt ? r.scoredAt.toISOString() : null,
      source: r.source,
      values,
      ...(counts && typeof counts === "object" ? { counts } : {}),
      ...(r.kind === "HUMAN" && typeof unseen === "number" ? { unseenAnswers: unseen } : {}),
    };
    const judging = judgingOf(r.aggregates);
    if (judging) row.judging = judging;
    if (options.ci) {
      const intervals = intervalsOf.get(r.id) ?? {};
      row.ci = {};
      for (const [k, iv] of Object.entries(intervals)) {
        const c = byKey.get(k);
        if (!c) continue;
        row.ci[k] = { lower: display(c, iv.lower)!, upper: display(c, iv.upper)! };
      }
    }
    return row;
  });
  const sortKey = byKey.has(primary) ? primary : columns[0]?.key;
  const better = byKey.get(sortKey ?? "")?.higherIsBetter ?? true;
  // Partial runs (judged figures not all judged) are listed after the ranked ones, without a rank.
  const ranked = rankRows(rows, sortKey ?? "", better);
  return {
    project: { id: project.id, name: project.name, slug: project.slug, benchmark: project.benchmark, truthVersion: project.truthVersion, variant },
    columns,
    primary: sortKey ?? "",
    rows: ranked,
    chanceNote: CHANCE_NOTES[project.benchmark] ?? "",
    ci: options.ci ? { ...settings, unit: "display" } : null,
  };
}
