import "server-only";
import { audit } from "@/lib/audit/audit";
import { db } from "@/lib/db/prisma";
import { Prisma } from "@/lib/generated/prisma-sqlite/client";
import { HttpError } from "@/lib/http/http-error";
import type { AttemptRow, QualificationStatus, StartQualificationResult } from "./qualification-api-schemas";
import { scoreOpenAttempts, type StoredQualificationDetails } from "./qualification-record";

/**
 * Qualification attempts (issue 12): an ANNOTATOR member of a project with a gold set starts an
 * attempt (one QUALIFY task per gold item, blank mode, round = attempt number, assigned to them);
 * scoring is qualification-record.ts. A FAILED annotator starts attempt + 1 only after an admin
 * allowed a retry. Admins and reviewers list every attempt with its figures.
 */
type Actor = { id: string; ip?: string };

/** The project's current gold set: the newest one that has items. */
export async function currentGoldSet(projectId: string) {
  return db.goldSet.findFirst({
    where: { projectId, items: { some: {} } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, name: true, threshold: true, items: { select: { itemId: true, item: { select: { ordinal: true } } } } },
  });
}

const isUniqueViolation = (e: unknown) => e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002";

async function tasksOf(qualificationId: string): Promise<string[]> {
  const rows = await db.task.findMany({ where: { qualificationId }, select: { id: true, item: { select: { ordinal: true } } } });
  return rows.sort((a, b) => a.item.ordinal - b.item.ordinal).map((r) => r.id);
}

/** POST /api/projects/:projectId/qualifications: starts the caller's attempt (or returns the open one). */
export async function startAttempt(user: Actor, projectId: string): Promise<StartQualificationResult> {
  const member = await db.projectMember.findUnique({ where: { projectId_userId: { projectId, userId: user.id } }, select: { role: true } });
  if (member?.role !== "ANNOTATOR") throw new HttpError(403, "Only the project's annotators take its qualification.", "not_annotator");
  const gold = await currentGoldSet(projectId);
  if (!gold) throw new HttpError(404, "This project has no gold set: there is no qualification to take.", "no_gold_set");
  const passed = await db.qualification.findFirst({ where: { userId: user.id, status: "PASSED", goldSet: { projectId } }, select: { attempt: true } });
  if (passed) throw new HttpError(409, `You have already qualified (attempt ${passed.attempt} passed).`, "already_qualified");
  const last = await db.qualification.findFirst({ where: { userId: user.id, goldSetId: gold.id }, orderBy: { attempt: "desc" }, select: { id: true, attempt: true, status: true, retryAllowed: true } });
  if (last?.status === "IN_PROGRESS") {
    const taskIds = await tasksOf(last.id);
    return { qualificationId: last.id, attempt: last.attempt, taskIds, firstTaskId: taskIds[0] ?? null, created: false };
  }
  if (last && !last.retryAllowed) throw new HttpError(409, `Your attempt ${last.attempt} did not pass; an admin must allow a retry first.`, "retry_not_allowed");
  const attempt = (last?.attempt ?? 0) + 1;
  const items = [...gold.items].sort((a, b) => a.item.ordinal - b.item.ordinal);
  let qualificationId: string;
  try {
    qualificationId = await db.$transaction(async (tx) => {
      const q = await tx.qualification.create({ data: { goldSetId: gold.id, userId: user.id, attempt } });
      await tx.task.createMany({ data: items.map((i) => ({ projectId, itemId: i.itemId, userId: user.id, kind: "QUALIFY" as const, round: attempt, mode: "blank", qualificationId: q.id })) });
      await audit({ actorId: user.id, action: "qualification.start", targetType: "Qualification", targetId: q.id, ip: user.ip, details: { projectId, goldSetId: gold.id, attempt, items: items.length } }, tx);
      return q.id;
    });
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    // Two starts at once: the other one created the attempt.
    const q = await db.qualification.findUniqueOrThrow({ where: { goldSetId_userId_attempt: { goldSetId: gold.id, userId: user.id, attempt } }, select: { id: true } });
    const taskIds = await tasksOf(q.id);
    return { qualificationId: q.id, attempt, taskIds, firstTaskId: taskIds[0] ?? null, created: false };
  }
  const taskIds = await tasksOf(qualificationId);
  return { qualificationId, attempt, taskIds, firstTaskId: taskIds[0] ?? null, created: true };
}

/** POST /api/qualifications/:id/allow-retry (admins): the latest, FAILED attempt of its annotator. */
export async function allowRetry(qualificationId: string, actor: Actor): Promise<{ id: string; retryAllowed: true }> {
  const q = await db.qualification.findUnique({ where: { id: qualificationId }, select: { id: true, status: true, attempt: true, userId: true, goldSetId: true, retryAllowed: true } });
  if (!q) throw new HttpError(404, "No such qualification attempt.", "not_found");
  if (q.status !== "FAILED") throw new HttpError(409, `Attempt ${q.attempt} is ${q.status === "PASSED" ? "passed" : "still in progress"}: only a failed attempt can be retried.`, "not_failed");
  const newer = await db.qualification.count({ where: { goldSetId: q.goldSetId, userId: q.userId, attempt: { gt: q.attempt } } });
  if (newer) throw new HttpError(409, `Attempt ${q.attempt} is not the annotator's latest attempt.`, "not_latest");
  if (!q.retryAllowed) {
    await db.$transaction(async (tx) => {
      await tx.qualification.update({ where: { id: q.id }, data: { retryAllowed: true } });
      await audit({ actorId: actor.id, action: "qualification.allow_retry", targetType: "Qualification", targetId: q.id, ip: actor.ip, details: { userId: q.userId, attempt: q.attempt } }, tx);
    });
  }
  return { id: q.id, retryAllowed: true };
}

/** The project of an attempt (for the route's access check). */
export async function attemptProject(qualificationId: string): Promise<string> {
  const q = await db.qualification.findUnique({ where: { id: qualificationId }, select: { goldSet: { select: { projectId: true } } } });
  if (!q) throw new HttpError(404, "No such qualification attempt.", "not_found");
  return q.goldSet.projectId;
}

export function storedDetails(v: unknown): StoredQualificationDetails | null {
  return v && typeof v === "object" && Array.isArray((v as StoredQualificationDetails).kinds) ? (v as StoredQualificationDetails) : null;
}

/** GET /api/projects/:projectId/qualifications (admins, reviewers): every attempt, newest first, with figures. */
export async function listAttempts(projectId: string): Promise<AttemptRow[]> {
  await scoreOpenAttempts({ projectId });
  const rows = await db.qualification.findMany({
    where: { goldSet: { projectId } },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: {
      id: true,
      attempt: true,
      status: true,
      kappa: true,
      details: true,
      retryAllowed: true,
      submittedAt: true,
      createdAt: true,
      goldSetId: true,
      userId: true,
      goldSet: { select: { name: true } },
      user: { select: { id: true, name: true, email: true } },
      tasks: { select: { status: true } },
    },
  });
  const latest = new Map<string, number>();
  for (const r of rows) {
    const key = `${r.goldSetId}:${r.userId}`;
    latest.set(key, Math.max(latest.get(key) ?? 0, r.attempt));
  }
  return rows.map((r) => {
    const d = storedDetails(r.details);
    return {
      id: r.id,
      goldSetId: r.goldSetId,
      goldSetName: r.goldSet.name,
      user: r.user,
      attempt: r.attempt,
      status: r.status as QualificationStatus,
      kappa: r.kappa,
      threshold: d?.threshold ?? null,
      figures: d?.kinds ?? [],
      items: r.tasks.length,
      tasksSubmitted: r.tasks.filter((t) => t.status === "SUBMITTED").length,
      itemVerdicts: d?.itemVerdicts ?? [],
      error: d?.error ?? null,
      retryAllowed: r.retryAllowed,
      canAllowRetry: r.status === "FAILED" && !r.retryAllowed && latest.get(`${r.goldSetId}:${r.userId}`) === r.attempt,
      submittedAt: r.submittedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    };
  });
}
