import "server-only";
import { audit } from "@/lib/audit/audit";
import { db } from "@/lib/db/prisma";
import { Prisma } from "@/lib/generated/prisma-sqlite/client";
import { HttpError } from "@/lib/http/http-error";
import type { z } from "zod";
import type { createGoldSetBodySchema, GoldCandidate, GoldSetSummary, updateGoldSetBodySchema } from "./qualification-api-schemas";

/**
 * Gold sets of a project (admins): built from ACTIVE items that have truth; one threshold each
 * (minimum kappa per kind). Items leave a set only while no attempt on it is open.
 */
type Actor = { id: string; ip?: string };

const CANDIDATE_LIMIT = 2000;

/** Items a gold set may hold: ACTIVE items of the project with truth, in native order. */
export async function goldCandidates(projectId: string): Promise<GoldCandidate[]> {
  const rows = await db.item.findMany({
    where: { projectId, status: "ACTIVE", truth: { isNot: null } },
    select: { id: true, externalId: true, question: true, format: true },
    orderBy: [{ ordinal: "asc" }, { externalId: "asc" }],
    take: CANDIDATE_LIMIT,
  });
  return rows.map((r) => ({ ...r, question: r.question.length > 160 ? `${r.question.slice(0, 157)}...` : r.question }));
}

export async function listGoldSets(projectId: string): Promise<GoldSetSummary[]> {
  const sets = await db.goldSet.findMany({
    where: { projectId },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: {
      id: true,
      name: true,
      threshold: true,
      createdAt: true,
      items: { select: { itemId: true, item: { select: { externalId: true, ordinal: true } } } },
      qualifications: { select: { status: true } },
    },
  });
  return sets.map((s) => ({
    id: s.id,
    name: s.name,
    threshold: s.threshold,
    createdAt: s.createdAt.toISOString(),
    items: s.items.sort((a, b) => a.item.ordinal - b.item.ordinal).map((i) => ({ itemId: i.itemId, externalId: i.item.externalId })),
    attempts: { total: s.qualifications.length, open: s.qualifications.filter((q) => q.status === "IN_PROGRESS").length },
  }));
}

function nameTaken(name: string): HttpError {
  return new HttpError(409, `name: this project already has a gold set named "${name}"`, "name_taken", [{ field: "name", message: "already used by another gold set of this project" }]);
}

const isUniqueViolation = (e: unknown) => e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002";

export async function createGoldSet(projectId: string, body: z.output<typeof createGoldSetBodySchema>, actor: Actor): Promise<GoldSetSummary> {
  const rows = await db.item.findMany({ where: { projectId, id: { in: body.itemIds } }, select: { id: true, status: true, truth: { select: { itemId: true } } } });
  const found = new Map(rows.map((r) => [r.id, r]));
  const issues: { field: string; message: string }[] = [];
  const seen = new Set<string>();
  body.itemIds.forEach((itemId, i) => {
    const r = found.get(itemId);
    if (seen.has(itemId)) issues.push({ field: `itemIds.${i}`, message: "is listed twice" });
    else if (!r) issues.push({ field: `itemIds.${i}`, message: "is not an item of this project" });
    else if (r.status !== "ACTIVE") issues.push({ field: `itemIds.${i}`, message: "is a removed item" });
    else if (!r.truth) issues.push({ field: `itemIds.${i}`, message: "has no truth: a gold item needs its truth" });
    seen.add(itemId);
  });
  if (issues.length) throw new HttpError(400, issues.map((x) => `${x.field}: ${x.message}`).join("; "), "invalid_input", issues);
  let id: string;
  try {
    id = await db.$transaction(async (tx) => {
      const set = await tx.goldSet.create({ data: { projectId, name: body.name, threshold: body.threshold, items: { create: body.itemIds.map((itemId) => ({ itemId })) } } });
      await audit({ actorId: actor.id, action: "goldset.create", targetType: "GoldSet", targetId: set.id, ip: actor.ip, details: { projectId, name: body.name, threshold: body.threshold, items: body.itemIds.length } }, tx);
      return set.id;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw nameTaken(body.name);
    throw e;
  }
  return (await listGoldSets(projectId)).find((s) => s.id === id)!;
}

async function goldSetOf(projectId: string, goldSetId: string) {
  const set = await db.goldSet.findFirst({ where: { id: goldSetId, projectId }, select: { id: true, name: true, _count: { select: { qualifications: { where: { status: "IN_PROGRESS" } } } } } });
  if (!set) throw new HttpError(404, "No such gold set.", "not_found");
  return { id: set.id, name: set.name, openAttempts: set._count.qualifications };
}

function attemptsOpen(n: number): HttpError {
  return new HttpError(409, `${n} qualification attempt${n === 1 ? " is" : "s are"} open on this gold set; change its items once they are finished.`, "attempts_open");
}

export async function updateGoldSet(projectId: string, goldSetId: string, body: z.output<typeof updateGoldSetBodySchema>, actor: Actor): Promise<GoldSetSummary> {
  const set = await goldSetOf(projectId, goldSetId);
  try {
    await db.$transaction(async (tx) => {
      await tx.goldSet.update({ where: { id: set.id }, data: { ...(body.name !== undefined ? { name: body.name } : {}), ...(body.threshold !== undefined ? { threshold: body.threshold } : {}) } });
      await audit({ actorId: actor.id, action: "goldset.update", targetType: "GoldSet", targetId: set.id, ip: actor.ip, details: body }, tx);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw nameTaken(body.name ?? "");
    throw e;
  }
  return (await listGoldSets(projectId)).find((s) => s.id === set.id)!;
}

/** Deletes a gold set and its attempts (their QUALIFY tasks go with them); refused while attempts are open. */
export async function deleteGoldSet(projectId: string, goldSetId: string, actor: Actor): Promise<{ deleted: true }> {
  const set = await goldSetOf(projectId, goldSetId);
  if (set.openAttempts) throw attemptsOpen(set.openAttempts);
  await db.$transaction(async (tx) => {
    await tx.goldSet.delete({ where: { id: set.id } });
    await audit({ actorId: actor.id, action: "goldset.delete", targetType: "GoldSet", targetId: set.id, ip: actor.ip, details: { projectId, name: set.name } }, tx);
  });
  return { deleted: true };
}

/** Removes one item from a gold set; refused while attempts are open, and for the set's last item (delete the set instead). */
export async function removeGoldItem(projectId: string, goldSetId: string, itemId: string, actor: Actor): Promise<GoldSetSummary> {
  const set = await goldSetOf(projectId, goldSetId);
  if (set.openAttempts) throw attemptsOpen(set.openAttempts);
  const items = await db.goldItem.findMany({ where: { goldSetId: set.id }, select: { itemId: true } });
  if (!items.some((i) => i.itemId === itemId)) throw new HttpError(404, "This item is not in the gold set.", "not_found");
  if (items.length === 1) throw new HttpError(409, "This is the gold set's last item: delete the gold set instead.", "last_gold_item");
  await db.$transaction(async (tx) => {
    await tx.goldItem.delete({ where: { goldSetId_itemId: { goldSetId: set.id, itemId } } });
    await audit({ actorId: actor.id, action: "goldset.remove_item", targetType: "GoldSet", targetId: set.id, ip: actor.ip, details: { itemId } }, tx);
  });
  return (await listGoldSets(projectId)).find((s) => s.id === set.id)!;
}
