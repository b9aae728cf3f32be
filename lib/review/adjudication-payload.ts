import "server-only";
import type { AnnotationDocument } from "@/lib/annotation/document";
import { videoTiming } from "@/lib/annotation/video-timeline";
import { PAYLOAD_ITEM_SELECT, workspaceVideo } from "@/lib/annotation/workspace-payload";
import { db } from "@/lib/db/prisma";
import { adjudicationDocuments } from "./adjudication-documents";
import type { AdjudicationKind, AdjudicationPayload, AdjudicationStatusName } from "./api-schemas";
import { listDifferences } from "./differences";
import { readStoredDraft } from "./stored-draft";
import { adjudicationForReviewer, annotatedItem, displayName, ownAnnotationError, takenError, type ReviewUser } from "./review-access";

/**
 * GET /api/adjudications/:id: everything the adjudication view needs. The holder of the claim
 * gets it editable (`canEdit`); a reviewer of the project may read an unclaimed or finished one
 * (the page offers to claim it); an adjudication another reviewer holds is 409
 * `adjudication_taken` except for admins (read-only). A reviewer who annotated the item gets 403
 * `own_annotation` (admins excepted).
 */
export async function adjudicationPayload(user: ReviewUser, id: string): Promise<AdjudicationPayload> {
  const row = await adjudicationForReviewer(user, id);
  if (user.role !== "ADMIN" && (await annotatedItem(user.id, row.itemId))) throw ownAnnotationError();
  if (row.status === "DISPUTED" && row.claimedById && row.claimedById !== user.id && user.role !== "ADMIN") throw takenError(displayName(row.claimedBy));
  const item = await db.item.findUniqueOrThrow({ where: { id: row.itemId }, select: PAYLOAD_ITEM_SELECT });
  const { annotations, agreement } = await adjudicationDocuments(row);
  const ready = item.video && item.video.status === "READY" ? item.video : null;
  const timing = ready ? await videoTiming(ready).catch(() => null) : null;
  const comparison = agreement?.comparison ?? null;
  const firstDoc = annotations[0]?.data as { subtype?: unknown } | undefined;
  const subtype = comparison?.subtype ?? (typeof firstDoc?.subtype === "string" ? firstDoc.subtype : null);
  const resolved = row.status === "RESOLVED" || row.status === "AGREED";
  return {
    id: row.id,
    kind: row.kind as AdjudicationKind,
    status: row.status as AdjudicationStatusName,
    version: row.version,
    project: { id: item.project.id, name: item.project.name, benchmark: item.project.benchmark },
    item: {
      id: item.id,
      externalId: item.externalId,
      benchmark: item.project.benchmark,
      format: item.format,
      subtype,
      question: item.question,
      presentation: (item.presentation ?? {}) as Record<string, unknown>,
      labels: (item.labels ?? {}) as Record<string, unknown>,
      queryPoints: item.queryPoints.map((q) => q.timeSec),
    },
    video: ready ? workspaceVideo({ ...ready, addedBy: null }, timing?.durationSec) : null,
    annotations,
    comparison,
    differences: comparison ? listDifferences(comparison) : [],
    draft: readStoredDraft(row.draft).draft,
    claimedBy: row.claimedBy ? { id: row.claimedBy.id, name: displayName(row.claimedBy) } : null,
    canEdit: row.status === "DISPUTED" && row.claimedById === user.id,
    resolution:
      resolved && row.resolution
        ? {
            document: row.resolution as AnnotationDocument,
            decisions: Array.isArray(row.decisions) ? (row.decisions as { differenceId: string; resolution: string }[]) : [],
            note: row.note,
            resolvedBy: row.resolvedBy ? { id: row.resolvedBy.id, name: displayName(row.resolvedBy) } : null,
            resolvedAt: row.resolvedAt?.toISOString() ?? null,
          }
        : null,
  };
}
