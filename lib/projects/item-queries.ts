import "server-only";
import { databaseTarget } from "@/lib/db/database-url";
import { db } from "@/lib/db/prisma";
import { Prisma } from "@/lib/generated/prisma-sqlite/client";
import { itemWhereSql } from "./item-filter-sql";
import { labelFacets, type ItemFilter, type ItemPage, type LabelFacet } from "./item-filters";
import { ITEM_DETAIL_SELECT, ITEM_ROW_SELECT, ITEM_TRUTH_SELECT } from "./item-selects";

export type ItemRow = Prisma.ItemGetPayload<{ select: typeof ITEM_ROW_SELECT }>;
export type ItemList = { items: ItemRow[]; total: number; page: number; pageSize: number; pages: number };

/**
 * One page of a project's items matching the filter, in native order (ordinal, then id).
 * Filtering, counting and paging happen in the database (item-filter-sql.ts); the page's rows
 * are then read with the catalogue select (no truth).
 */
export async function listItems(projectId: string, filter: ItemFilter, paging: ItemPage): Promise<ItemList> {
  const where = itemWhereSql(projectId, filter, databaseTarget().provider);
  const [{ n }] = await db.$queryRaw<{ n: bigint | number }[]>(Prisma.sql`SELECT COUNT(*) AS n FROM "Item" i WHERE ${where}`);
  const total = Number(n);
  const pages = Math.max(1, Math.ceil(total / paging.pageSize));
  const skip = (paging.page - 1) * paging.pageSize;
  if (skip >= total) return { items: [], total, page: paging.page, pageSize: paging.pageSize, pages };
  const ids = await db.$queryRaw<{ id: string }[]>(
    Prisma.sql`SELECT i."id" FROM "Item" i WHERE ${where} ORDER BY i."ordinal" ASC, i."externalId" ASC LIMIT ${paging.pageSize} OFFSET ${skip}`,
  );
  const rows = await db.item.findMany({ where: { id: { in: ids.map((r) => r.id) } }, select: ITEM_ROW_SELECT });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items = ids.map((r) => byId.get(r.id)).filter((r): r is ItemRow => !!r);
  return { items, total, page: paging.page, pageSize: paging.pageSize, pages };
}

export type ItemFacets = { labels: LabelFacet[]; formats: { value: string; count: number }[] };

/** The label keys / values and formats present in the project (for the filter controls). */
export async function itemFacets(projectId: string): Promise<ItemFacets> {
  const [rows, formats] = await Promise.all([
    db.item.findMany({ where: { projectId }, select: { labels: true } }),
    db.item.groupBy({ by: ["format"], where: { projectId }, _count: { _all: true }, orderBy: { format: "asc" } }),
  ]);
  return {
    labels: labelFacets(rows.map((r) => r.labels)),
    formats: formats.map((f) => ({ value: f.format, count: f._count._all })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
  };
}

export type ItemDetail = Prisma.ItemGetPayload<{ select: typeof ITEM_DETAIL_SELECT }>;
export type ItemTruthPart = Prisma.ItemGetPayload<{ select: typeof ITEM_TRUTH_SELECT }>;
/** An item as a viewer receives it: `notes`, `truth` and `spans` only when truth is visible to them. */
export type ItemForViewer = Omit<ItemDetail, "notes"> & { notes?: string; truth?: ItemTruthPart["truth"]; spans?: ItemTruthPart["spans"] };

/**
 * An item of the project as a viewer may see it. `truthVisible` comes from lib/projects/access.ts
 * (`truthVisibleTo`, "project" context; ProjectAccess.truthVisible): without it, the truth, the
 * evidence spans and the staff notes are not even read. Null when the item is not in this project.
 */
export async function getItemForViewer(projectId: string, itemId: string, truthVisible: boolean): Promise<ItemForViewer | null> {
  if (!truthVisible) {
    const { notes: _notes, ...select } = ITEM_DETAIL_SELECT;
    return db.item.findFirst({ where: { id: itemId, projectId }, select });
  }
  return db.item.findFirst({ where: { id: itemId, projectId }, select: { ...ITEM_DETAIL_SELECT, ...ITEM_TRUTH_SELECT } });
}

export type ItemRevisionEntry = { id: string; version: number; reason?: string; createdAt: Date; author: { id: string; email: string; name: string } | null };

/**
 * The item's revision history, newest first (snapshots left out). The reasons are written by
 * staff and may speak of the truth ("count corrected to 4"): only with `truthVisible`.
 */
export async function itemRevisions(itemId: string, truthVisible: boolean, take = 50): Promise<ItemRevisionEntry[]> {
  const rows = await db.itemRevision.findMany({
    where: { itemId },
    orderBy: { version: "desc" },
    take,
    select: { id: true, version: true, reason: true, createdAt: true, author: { select: { id: true, email: true, name: true } } },
  });
  return truthVisible ? rows : rows.map(({ reason: _reason, ...r }) => r);
}

/** Neighbours in native order (for previous / next links on the item page). */
export async function itemNeighbours(projectId: string, ordinal: number, externalId: string) {
  const [prev, next] = await Promise.all([
    db.item.findFirst({
      where: { projectId, OR: [{ ordinal: { lt: ordinal } }, { ordinal, externalId: { lt: externalId } }] },
      orderBy: [{ ordinal: "desc" }, { externalId: "desc" }],
      select: { id: true, externalId: true },
    }),
    db.item.findFirst({
      where: { projectId, OR: [{ ordinal: { gt: ordinal } }, { ordinal, externalId: { gt: externalId } }] },
      orderBy: [{ ordinal: "asc" }, { externalId: "asc" }],
      select: { id: true, externalId: true },
    }),
  ]);
  return { prev, next };
}
