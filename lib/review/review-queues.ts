import "server-only";
import { db } from "@/lib/db/prisma";
import type { AdjudicationListQuery, AdjudicationListResponse, AdjudicationKind, AdjudicationStatusName, ReviewQueuesResponse } from "./api-schemas";
import { ADJUDICATION_PAGE_SIZE } from "./api-schemas";
import { assertReviewerOf, displayName, reviewedProjectIds, type ReviewUser } from "./review-access";
import { fromStoredAgreement } from "./stored-agreement";

/**
 * GET /api/review/queues: per project the caller reviews (admins: every project), the open
 * adjudication counts: DISPUTED double reviews, expert samples, and those the caller holds.
 * `judge` counts are left 0 here (lib/review sits below lib/judging): GET /api/review/queues and
 * /review fill them in through lib/judging/review-home-queues.ts;
 * `qualificationsToConfirm` counts FAILED attempts on the project's gold sets awaiting a retry decision.
 */
export async function reviewQueues(user: ReviewUser): Promise<ReviewQueuesResponse> {
  const ids = await reviewedProjectIds(user);
  const projects = await db.project.findMany({
    where: ids === "all" ? {} : { id: { in: ids } },
    select: { id: true, name: true, benchmark: true },
    orderBy: { name: "asc" },
  });
  const projectIds = projects.map((p) => p.id);
  const open = await db.adjudication.groupBy({
    by: ["projectId", "kind"],
    where: { projectId: { in: projectIds }, status: "DISPUTED" },
    _count: { _all: true },
  });
  const mine = await db.adjudication.groupBy({
    by: ["projectId"],
    where: { projectId: { in: projectIds }, status: "DISPUTED", claimedById: user.id },
    _count: { _all: true },
  });
  const failed = await db.qualification.findMany({
    where: { status: "FAILED", retryAllowed: false, goldSet: { projectId: { in: projectIds } } },
    select: { goldSet: { select: { projectId: true } } },
  });
  const count = (projectId: string, kind: AdjudicationKind) => open.find((r) => r.projectId === projectId && r.kind === kind)?._count._all ?? 0;
  return {
    projects: projects.map((p) => ({
      projectId: p.id,
      projectName: p.name,
      benchmark: p.benchmark,
      disputed: count(p.id, "double"),
      expert: count(p.id, "expert"),
      inProgressMine: mine.find((r) => r.projectId === p.id)?._count._all ?? 0,
      judge: { vsas: 0, ecEnumeration: 0 },
      qualificationsToConfirm: failed.filter((q) => q.goldSet.projectId === p.id).length,
    })),
  };
}

/** GET /api/projects/:projectId/adjudications?status=&kind=&page=: the project's adjudications, oldest first. */
export async function listAdjudications(user: ReviewUser, projectKey: string, query: AdjudicationListQuery): Promise<AdjudicationListResponse> {
  const projectId = await assertReviewerOf(user, projectKey);
  const where = { projectId, ...(query.status ? { status: query.status } : {}), ...(query.kind ? { kind: query.kind } : {}) };
  const [total, rows] = await Promise.all([
    db.adjudication.count({ where }),
    db.adjudication.findMany({
      where,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      skip: (query.page - 1) * ADJUDICATION_PAGE_SIZE,
      take: ADJUDICATION_PAGE_SIZE,
      select: {
        id: true,
        itemId: true,
        kind: true,
        status: true,
        agreement: true,
        updatedAt: true,
        item: { select: { externalId: true } },
        claimedBy: { select: { id: true, name: true, email: true } },
        resolvedBy: { select: { id: true, name: true, email: true } },
      },
    }),
  ]);
  return {
    page: query.page,
    pageSize: ADJUDICATION_PAGE_SIZE,
    total,
    rows: rows.map((r) => ({
      id: r.id,
      itemId: r.itemId,
      externalId: r.item.externalId,
      kind: r.kind as AdjudicationKind,
      status: r.status as AdjudicationStatusName,
      reasons: fromStoredAgreement(r.agreement)?.comparison.reasons ?? [],
      claimedBy: r.claimedBy ? { id: r.claimedBy.id, name: displayName(r.claimedBy) } : null,
      resolvedBy: r.resolvedBy ? { id: r.resolvedBy.id, name: displayName(r.resolvedBy) } : null,
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}
