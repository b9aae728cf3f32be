import "server-only";
import { db } from "@/lib/db/prisma";
import { fromStoredAgreement } from "./stored-agreement";

export type ItemReviewStatus = {
  id: string;
  /** "double" (k blind passes compared) or "expert" (expert sample). */
  kind: string;
  status: "PENDING" | "AGREED" | "DISPUTED" | "RESOLVED";
  /** Passes compared (double) or annotations the expert checks. */
  annotations: number;
  /** Why the passes disagree (double review, from the stored comparison). */
  reasons: string[];
  updatedAt: string;
  resolvedAt: string | null;
};

/**
 * The item's review records (double review, expert sample) for staff pages (admins, reviewer
 * members). Never for an annotator: whether another pass exists is hidden from them until the
 * item is agreed or resolved (docs/annotation/review.md "Blind k passes").
 */
export async function itemReviewStatus(itemId: string): Promise<ItemReviewStatus[]> {
  const rows = await db.adjudication.findMany({
    where: { itemId },
    orderBy: { kind: "asc" },
    select: { id: true, kind: true, status: true, annotationIds: true, agreement: true, updatedAt: true, resolvedAt: true },
  });
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    status: r.status,
    annotations: Array.isArray(r.annotationIds) ? r.annotationIds.length : 0,
    reasons: fromStoredAgreement(r.agreement)?.comparison.reasons ?? [],
    updatedAt: r.updatedAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
  }));
}
