import "server-only";
import type { DbTx } from "@/lib/audit/audit";

/**
 * Items (among `itemIds`) the user authored, annotated or reviewed: conflict of interest, never
 * given to them in a study. Sources: Annotation.authorId, Task.userId (any task kind: annotate,
 * review, adjudicate, verify, judge...), Adjudication.resolvedById, ItemRevision.authorId.
 */
export async function conflictItemIds(tx: DbTx, userId: string, itemIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(itemIds)];
  if (!ids.length) return new Set();
  const [annotations, tasks, adjudications, revisions] = await Promise.all([
    tx.annotation.findMany({ where: { authorId: userId, itemId: { in: ids } }, select: { itemId: true } }),
    tx.task.findMany({ where: { userId, itemId: { in: ids } }, select: { itemId: true } }),
    tx.adjudication.findMany({ where: { resolvedById: userId, itemId: { in: ids } }, select: { itemId: true } }),
    tx.itemRevision.findMany({ where: { authorId: userId, itemId: { in: ids } }, select: { itemId: true } }),
  ]);
  return new Set([...annotations, ...tasks, ...adjudications, ...revisions].map((r) => r.itemId));
}
