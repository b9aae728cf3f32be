import "server-only";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import type { AdjudicationKind, ClaimAdjudicationResponse } from "./api-schemas";
import {
  adjudicationForReviewer,
  annotatedItem,
  assertReviewerOf,
  displayName,
  notDisputedError,
  ownAnnotationError,
  reviewedProjectIds,
  takenError,
  type ReviewUser,
} from "./review-access";

/** Candidates tried per "Start next" (each a conditional update; a lost race moves to the next). */
const NEXT_BATCH = 25;

/**
 * POST /api/review/next {projectId?, kind?}: the caller's claimed unresolved adjudication if they
 * hold one, else the oldest unclaimed DISPUTED one of a project they review, never one of an item
 * they annotated. The claim is one conditional update (`claimedById IS NULL`), so two reviewers
 * starting at once get different adjudications. `{adjudicationId: null}` when nothing is left.
 */
export async function claimNextAdjudication(user: ReviewUser, filter: { projectId?: string; kind?: AdjudicationKind }): Promise<{ adjudicationId: string | null }> {
  const projectId = filter.projectId ? await assertReviewerOf(user, filter.projectId) : null;
  const projects = await reviewedProjectIds(user);
  const projectWhere = projectId ? { projectId } : projects === "all" ? {} : { projectId: { in: projects } };
  const kindWhere = filter.kind ? { kind: filter.kind } : {};
  const mine = await db.adjudication.findFirst({
    where: { ...projectWhere, ...kindWhere, status: "DISPUTED", claimedById: user.id },
    orderBy: [{ claimedAt: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  if (mine) return { adjudicationId: mine.id };
  const notMine = { item: { annotations: { none: { authorId: user.id } } } };
  for (let round = 0; round < 20; round++) {
    const candidates = await db.adjudication.findMany({
      where: { ...projectWhere, ...kindWhere, ...notMine, status: "DISPUTED", claimedById: null },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: NEXT_BATCH,
      select: { id: true },
    });
    if (candidates.length === 0) return { adjudicationId: null };
    for (const c of candidates) {
      const claimed = await db.adjudication.updateMany({
        where: { id: c.id, status: "DISPUTED", claimedById: null },
        data: { claimedById: user.id, claimedAt: new Date() },
      });
      if (claimed.count === 1) return { adjudicationId: c.id };
    }
  }
  return { adjudicationId: null };
}

/** POST /api/adjudications/:id/claim: 409 adjudication_taken / not_disputed; 403 own_annotation. Idempotent for the holder. */
export async function claimAdjudication(user: ReviewUser, id: string): Promise<ClaimAdjudicationResponse> {
  const row = await adjudicationForReviewer(user, id);
  if (row.status !== "DISPUTED") throw notDisputedError(row.status);
  if (await annotatedItem(user.id, row.itemId)) throw ownAnnotationError();
  if (row.claimedById && row.claimedById !== user.id) throw takenError(displayName(row.claimedBy));
  if (!row.claimedById) {
    const claimed = await db.adjudication.updateMany({ where: { id, status: "DISPUTED", claimedById: null }, data: { claimedById: user.id, claimedAt: new Date() } });
    if (claimed.count !== 1) {
      const now = await db.adjudication.findUniqueOrThrow({ where: { id }, select: { status: true, claimedById: true, claimedBy: { select: { name: true, email: true } } } });
      if (now.status !== "DISPUTED") throw notDisputedError(now.status);
      if (now.claimedById !== user.id) throw takenError(displayName(now.claimedBy));
    }
  }
  const after = await db.adjudication.findUniqueOrThrow({ where: { id }, select: { version: true, claimedBy: { select: { id: true, name: true, email: true } } } });
  return { adjudicationId: id, version: after.version, claimedBy: after.claimedBy ? { id: after.claimedBy.id, name: displayName(after.claimedBy) } : null };
}

/**
 * POST /api/adjudications/:id/release: the holder (or an admin) puts it back in the queue; the
 * draft stays for the next reviewer. 409 adjudication_taken when another reviewer holds it (for
 * non-admins); releasing an unclaimed one is a no-op.
 */
export async function releaseAdjudication(user: ReviewUser, id: string): Promise<ClaimAdjudicationResponse> {
  const row = await adjudicationForReviewer(user, id);
  if (await annotatedItem(user.id, row.itemId)) throw ownAnnotationError();
  if (row.claimedById && row.claimedById !== user.id && user.role !== "ADMIN") throw takenError(displayName(row.claimedBy));
  if (row.claimedById) {
    const released = await db.adjudication.updateMany({ where: { id, claimedById: row.claimedById }, data: { claimedById: null, claimedAt: null } });
    if (released.count !== 1) throw new HttpError(409, "The adjudication changed hands meanwhile; reload it.", "adjudication_taken");
  }
  const after = await db.adjudication.findUniqueOrThrow({ where: { id }, select: { version: true } });
  return { adjudicationId: id, version: after.version, claimedBy: null };
}
