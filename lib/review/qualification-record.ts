import "server-only";
import { annotationDocumentSchema } from "@/lib/annotation/document";
import { audit } from "@/lib/audit/audit";
import { db } from "@/lib/db/prisma";
import { goldDocuments } from "./gold-document";
import type { QualificationFigure } from "./qualification-api-schemas";
import { scoreQualification, type QualificationItem } from "./qualification";
import { reviewThresholdsFromSettings } from "./thresholds";

/**
 * Scoring of a qualification attempt once every QUALIFY task of it is submitted: the annotator's
 * documents against the gold truth (gold-document.ts) with `scoreQualification`, the project's
 * review thresholds and the gold set's threshold as `qualificationKappa`. Stores the figures
 * (`details`: threshold, per-kind figures, per-item verdicts and reasons; NaN as null), the
 * smallest kind's kappa, PASSED / FAILED and `submittedAt`, with ONE conditional update on
 * `status = IN_PROGRESS` (two last submits at once score it once). Called after a QUALIFY submit
 * and, as a catch-up, whenever attempts are listed.
 */
export type StoredQualificationDetails = {
  threshold: number;
  items: number;
  kinds: QualificationFigure[];
  itemVerdicts: { itemId: string; externalId: string; verdict: string; reasons: string[] }[];
  error?: string;
};

const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);

export async function scoreAttemptIfComplete(qualificationId: string): Promise<"scored" | "pending" | "done"> {
  const q = await db.qualification.findUnique({
    where: { id: qualificationId },
    select: {
      id: true,
      status: true,
      userId: true,
      goldSet: { select: { threshold: true, project: { select: { settings: true } } } },
      tasks: { select: { itemId: true, status: true, annotation: { select: { data: true, status: true } } } },
    },
  });
  if (!q || q.status !== "IN_PROGRESS") return "done";
  if (!q.tasks.length || q.tasks.some((t) => t.status !== "SUBMITTED" || t.annotation?.status !== "SUBMITTED")) return "pending";
  const golds = await goldDocuments(q.tasks.map((t) => t.itemId));
  const threshold = q.goldSet.threshold;
  const thresholds = { ...reviewThresholdsFromSettings(q.goldSet.project.settings), qualificationKappa: threshold };
  let details: StoredQualificationDetails;
  let passed = false;
  let kappa: number | null = null;
  try {
    const items: QualificationItem[] = q.tasks.map((t) => {
      const g = golds.get(t.itemId);
      if (!g) throw new Error(`item ${t.itemId}: no gold document (item without a workspace document)`);
      return { itemId: t.itemId, annotation: annotationDocumentSchema.parse(t.annotation!.data), gold: g.gold, fps: g.fps, frameCount: g.frameCount };
    });
    const r = scoreQualification(items, { thresholds });
    const kinds = r.kinds.map((k) => ({ kind: k.kind, kappa: finite(k.kappa), observedAgreement: finite(k.observedAgreement), units: k.units, passed: k.passed }));
    passed = r.passed;
    const kappas = kinds.map((k) => k.kappa).filter((x): x is number => x !== null);
    kappa = kappas.length ? Math.min(...kappas) : null;
    details = { threshold, items: items.length, kinds, itemVerdicts: r.items.map((i) => ({ ...i, externalId: golds.get(i.itemId)?.externalId ?? i.itemId })) };
  } catch (e) {
    details = { threshold, items: q.tasks.length, kinds: [], itemVerdicts: [], error: e instanceof Error ? e.message : String(e) };
  }
  const status = passed ? "PASSED" : "FAILED";
  const updated = await db.$transaction(async (tx) => {
    const u = await tx.qualification.updateMany({ where: { id: q.id, status: "IN_PROGRESS" }, data: { status, passed, kappa, details: details as never, submittedAt: new Date() } });
    if (u.count === 1) await audit({ actorId: q.userId, action: "qualification.score", targetType: "Qualification", targetId: q.id, details: { status, kappa } }, tx);
    return u.count === 1;
  });
  return updated ? "scored" : "done";
}

/** Scores every complete, still open attempt of these (catch-up after a crash between submit and scoring). */
export async function scoreOpenAttempts(where: { userId?: string; projectId?: string }): Promise<void> {
  const open = await db.qualification.findMany({
    where: { status: "IN_PROGRESS", ...(where.userId ? { userId: where.userId } : {}), ...(where.projectId ? { goldSet: { projectId: where.projectId } } : {}), tasks: { every: { status: "SUBMITTED" } } },
    select: { id: true },
  });
  for (const q of open) await scoreAttemptIfComplete(q.id);
}

/**
 * After a submit: scores the attempt of a QUALIFY task when it was the last one. The submit has
 * committed already, so a failure here is logged, not answered: the listing catch-up scores it later.
 */
export async function afterQualifySubmit(annotationId: string): Promise<void> {
  try {
    const a = await db.annotation.findUnique({ where: { id: annotationId }, select: { task: { select: { kind: true, qualificationId: true } } } });
    if (a?.task?.kind === "QUALIFY" && a.task.qualificationId) await scoreAttemptIfComplete(a.task.qualificationId);
  } catch (error) {
    console.error(`[playhead] qualification scoring after the submit of annotation ${annotationId} failed; it is retried when attempts are listed`, error);
  }
}
