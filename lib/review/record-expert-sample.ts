import "server-only";
import { audit, type DbTx } from "@/lib/audit/audit";
import type { AnnotationDocument } from "@/lib/annotation/document";
import { Prisma } from "@/lib/generated/prisma-sqlite/client";
import { expertSamplePercentFromSettings, inExpertSample } from "./expert-sample";

export type ExpertSampleInput = {
  itemId: string;
  projectId: string;
  /** `Project.settings` (`review.expertSamplePercent`). */
  settings: unknown;
  /** The annotation(s) the truth was written from: the single pass, or the k agreed passes. */
  annotationIds: string[];
  /** The document written as truth when it is not annotation A's own (auto-merge of k passes): the reviewer's starting draft. */
  merged: AnnotationDocument | null;
  actorId: string;
};

/**
 * Expert sample (inside the transaction that wrote the item's truth): when the item is in the
 * project's sample (lib/review/expert-sample.ts), upserts `Adjudication{kind: "expert", status:
 * DISPUTED}` naming the annotation(s); for an auto-merged truth the merged document is the
 * draft's `document` (what the expert confirms or edits), for a single pass the expert confirms
 * annotation A. A RESOLVED expert review is kept. Returns the adjudication id, or null when the
 * item is not sampled.
 */
export async function recordExpertSample(tx: DbTx, input: ExpertSampleInput): Promise<string | null> {
  if (!inExpertSample(input.itemId, expertSamplePercentFromSettings(input.settings))) return null;
  const existing = await tx.adjudication.findUnique({ where: { itemId_kind: { itemId: input.itemId, kind: "expert" } }, select: { id: true, status: true } });
  if (existing?.status === "RESOLVED") return existing.id;
  const draft = input.merged ? ({ picks: [], note: "", document: input.merged } as never) : Prisma.DbNull;
  const data = { projectId: input.projectId, status: "DISPUTED" as const, annotationIds: input.annotationIds as never, agreement: Prisma.DbNull, draft, resolution: Prisma.DbNull, decisions: Prisma.DbNull, resolvedAt: null, resolvedById: null, claimedById: null, claimedAt: null, note: "" };
  const row = existing
    ? await tx.adjudication.update({ where: { id: existing.id }, data: { ...data, version: { increment: 1 } }, select: { id: true } })
    : await tx.adjudication.create({ data: { itemId: input.itemId, kind: "expert", ...data }, select: { id: true } });
  await audit({ actorId: input.actorId, action: "adjudication.expert_sample", targetType: "Adjudication", targetId: row.id, details: { itemId: input.itemId, annotationIds: input.annotationIds, merged: !!input.merged } }, tx);
  return row.id;
}
