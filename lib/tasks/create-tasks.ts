import "server-only";
import { audit } from "@/lib/audit/audit";
import { databaseTarget } from "@/lib/db/database-url";
import { db } from "@/lib/db/prisma";
import { Prisma } from "@/lib/generated/prisma-sqlite/client";
import { HttpError } from "@/lib/http/http-error";
import { itemWhereSql } from "@/lib/projects/item-filter-sql";
import { parseItemQuery } from "@/lib/projects/item-filters";
import { assertAssigneesQualified } from "./qualification-gate";
import { unknownFilterParams } from "./task-filter";
import type { CreateTasksResult } from "./task-schemas";
import { createTasksBodySchema } from "./task-schemas";
import { eligibleAnnotators, workflowSettingsOf } from "./workflow-store";
import type { z } from "zod";

type Body = z.output<typeof createTasksBodySchema>;

function badInput(field: string, message: string): HttpError {
  return new HttpError(400, `${field}: ${message}`, "invalid_input", [{ field, message }]);
}

/** Ids of the project's ACTIVE items the selection names, in native order. */
async function selectItems(projectId: string, items: Body["items"]): Promise<string[]> {
  if ("ids" in items) {
    const rows = await db.item.findMany({ where: { projectId, id: { in: items.ids } }, select: { id: true, status: true, ordinal: true } });
    const found = new Map(rows.map((r) => [r.id, r]));
    items.ids.forEach((id, i) => {
      if (!found.has(id)) throw badInput(`items.ids.${i}`, "is not an item of this project");
    });
    return rows.filter((r) => r.status === "ACTIVE").sort((a, b) => a.ordinal - b.ordinal).map((r) => r.id);
  }
  if ("all" in items) {
    return (await db.item.findMany({ where: { projectId, status: "ACTIVE" }, select: { id: true }, orderBy: [{ ordinal: "asc" }, { externalId: "asc" }] })).map((r) => r.id);
  }
  const unknown = unknownFilterParams(items.filter);
  if (unknown.length) throw new HttpError(400, unknown.map((i) => `${i.field}: ${i.message}`).join("; "), "invalid_input", unknown);
  const { filter, issues } = parseItemQuery(new URLSearchParams(items.filter.replace(/^\?/, "")));
  if (issues.length) throw new HttpError(400, issues.map((i) => `items.filter.${i.field}: ${i.message}`).join("; "), "invalid_input", issues.map((i) => ({ field: `items.filter.${i.field}`, message: i.message })));
  const where = itemWhereSql(projectId, { ...filter, status: "ACTIVE" }, databaseTarget().provider);
  const rows = await db.$queryRaw<{ id: string }[]>(Prisma.sql`SELECT i."id" FROM "Item" i WHERE ${where} ORDER BY i."ordinal" ASC, i."externalId" ASC`);
  return rows.map((r) => r.id);
}

/** Per item: which of these users authored it (an ItemRevision of the item names them): they may not annotate it. */
async function itemAuthors(itemIds: string[], userIds: string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (!userIds.length || !itemIds.length) return out;
  const rows = await db.itemRevision.findMany({ where: { itemId: { in: itemIds }, authorId: { in: userIds } }, select: { itemId: true, authorId: true }, distinct: ["itemId", "authorId"] });
  for (const r of rows) (out.get(r.itemId) ?? out.set(r.itemId, new Set()).get(r.itemId)!).add(r.authorId!);
  return out;
}

/** 409 conflict_of_interest naming the annotator and the item. */
async function conflictOfInterest(itemId: string, userId: string): Promise<HttpError> {
  const [user, item] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { name: true, email: true } }),
    db.item.findUniqueOrThrow({ where: { id: itemId }, select: { externalId: true } }),
  ]);
  const who = user.name ? `${user.name} (${user.email})` : user.email;
  const message = `${who} authored item ${item.externalId} and may not annotate it (conflict of interest); name another annotator`;
  return new HttpError(409, `assignees: ${message}`, "conflict_of_interest", [{ field: "assignees", message }]);
}

/**
 * Creates the project's annotation tasks for the selected items: one per (item, pass) for passes
 * 1..annotationsPerItem that have none yet (re-running is safe). Named annotators (ANNOTATOR
 * members allowed by the workflow settings; anyone else is a 400 naming `assignees.i`) get the
 * tasks round-robin, never two passes of one item and never an item they authored (an
 * ItemRevision of the item names them; 409 `conflict_of_interest` naming the annotator when no
 * other named annotator is left for a pass); with no one named the tasks go to the pool.
 * The task's mode is the project's current mode. Audited.
 */
export async function createTasks(projectId: string, body: Body, actor: { id: string; ip?: string }): Promise<CreateTasksResult> {
  const settings = await workflowSettingsOf(projectId);
  const eligible = new Set((await eligibleAnnotators(projectId, settings)).map((u) => u.id));
  const assignees = [...new Set(body.assignees)];
  body.assignees.forEach((u, i) => {
    if (!eligible.has(u)) throw badInput(`assignees.${i}`, "may not annotate in this project (must be an active ANNOTATOR member allowed by the workflow settings)");
  });
  await assertAssigneesQualified(projectId, body.assignees, "assignees");
  const k = settings.annotationsPerItem;
  if (assignees.length > 0 && assignees.length < k) throw badInput("assignees", `name at least ${k} annotators: each item gets ${k} independent annotations, never two by the same person`);
  const itemIds = await selectItems(projectId, body.items);
  const existing = await db.task.findMany({ where: { projectId, kind: "ANNOTATE", itemId: { in: itemIds } }, select: { itemId: true, round: true, userId: true } });
  const authored = await itemAuthors(itemIds, assignees);
  const rounds = new Map<string, Set<number>>();
  const people = new Map<string, Set<string>>();
  for (const t of existing) {
    (rounds.get(t.itemId) ?? rounds.set(t.itemId, new Set()).get(t.itemId)!).add(t.round);
    if (t.userId) (people.get(t.itemId) ?? people.set(t.itemId, new Set()).get(t.itemId)!).add(t.userId);
  }
  const rows: Prisma.TaskCreateManyInput[] = [];
  const byAssignee: Record<string, number> = {};
  let pooled = 0;
  let existingCount = 0;
  let cursor = 0;
  for (const itemId of itemIds) {
    const done = rounds.get(itemId) ?? new Set<number>();
    const onItem = new Set(people.get(itemId) ?? []);
    for (let round = 1; round <= k; round++) {
      if (done.has(round)) {
        existingCount++;
        continue;
      }
      let userId: string | null = null;
      const authors = authored.get(itemId);
      for (let tries = 0; tries < assignees.length; tries++) {
        const candidate = assignees[(cursor + tries) % assignees.length];
        if (!onItem.has(candidate) && !authors?.has(candidate)) {
          userId = candidate;
          cursor = (cursor + tries + 1) % assignees.length;
          break;
        }
      }
      if (!userId && authors && assignees.some((a) => authors.has(a) && !onItem.has(a))) {
        throw await conflictOfInterest(itemId, assignees.find((a) => authors.has(a) && !onItem.has(a))!);
      }
      if (userId) {
        onItem.add(userId);
        byAssignee[userId] = (byAssignee[userId] ?? 0) + 1;
      } else pooled++;
      rows.push({ projectId, itemId, userId, kind: "ANNOTATE", round, mode: settings.mode, assignedById: userId ? actor.id : null });
    }
  }
  await db.$transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) await tx.task.createMany({ data: rows.slice(i, i + 500) });
    await audit({ actorId: actor.id, action: "tasks.create", targetType: "Project", targetId: projectId, ip: actor.ip, details: { created: rows.length, pooled, byAssignee } }, tx);
  });
  return { items: itemIds.length, created: rows.length, existing: existingCount, pooled, byAssignee };
}
