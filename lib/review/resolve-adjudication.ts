import "server-only";
import type { AnnotationDocument } from "@/lib/annotation/document";
import { vcbenchSubtypeOf } from "@/lib/annotation/initial-document";
import { validateDocument } from "@/lib/annotation/validate-document";
import { videoTiming } from "@/lib/annotation/video-timeline";
import { workspaceVideo } from "@/lib/annotation/workspace-payload";
import { writeItemTruth } from "@/lib/annotation/write-item-truth";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { truthCommitted } from "@/lib/truth/truth-version";
import { adjudicationDocuments, reviewContextOf } from "./adjudication-documents";
import type { Pick, ResolveAdjudicationResponse, ReviewProblem } from "./api-schemas";
import { applyPicks } from "./apply-picks";
import { noteRequired } from "./note-rule";
import { adjudicationForReviewer, annotatedItem, ownAnnotationError, type ReviewUser } from "./review-access";
import { adjudicationConflict, assertDraftFitsKind, assertHolder } from "./save-adjudication-draft";

export type ResolveInput = { baseVersion: number; picks: Pick[]; note: string; document?: AnnotationDocument };
type Decision = { differenceId: string; resolution: string };

function pickProblems(problems: ReviewProblem[]): HttpError {
  const named = problems.map((p) => p.message).join("; ");
  return new HttpError(422, `The picks do not resolve the item: ${named}`, "pick_problems", { problems });
}

/** Double kind: applyPicks on the stored comparison. Expert kind: annotation A confirmed, or the reviewer's edited document. */
function resolvedDocument(kind: string, docs: AnnotationDocument[], input: ResolveInput, context: ReturnType<typeof reviewContextOf>, comparison: Parameters<typeof applyPicks>[3]) {
  if (kind === "expert") {
    if (input.picks.length > 0) throw pickProblems([{ path: "picks", message: "picks: an expert review has no differences to pick; confirm the document or send the edited one" }]);
    const document = input.document ?? docs[0];
    if (document.benchmark !== docs[0].benchmark) throw pickProblems([{ path: "document.benchmark", message: `document.benchmark: must be ${docs[0].benchmark}` }]);
    const edited = JSON.stringify(document) !== JSON.stringify(docs[0]);
    return { document, decisions: [{ differenceId: "document", resolution: edited ? "edit" : "confirm" }] as Decision[] };
  }
  const result = applyPicks(docs, context, input.picks, comparison);
  if (!result.ok) throw pickProblems(result.problems);
  return { document: result.document, decisions: result.decisions };
}

/** An expert's edited document must fit the item's video like a saved annotation (lib/annotation/validate-document.ts). */
async function assertValidEdit(document: AnnotationDocument, itemId: string, video: Parameters<typeof videoTiming>[0] | null): Promise<void> {
  const item = await db.item.findUniqueOrThrow({ where: { id: itemId }, select: { labels: true, project: { select: { benchmark: true } } } });
  const timing = video ? await videoTiming(video).catch(() => null) : null;
  const problems = validateDocument(document, { benchmark: item.project.benchmark, subtype: vcbenchSubtypeOf((item.labels ?? {}) as Record<string, unknown>), timing });
  if (problems.length) throw pickProblems(problems.map((p) => ({ path: `document.${p.field}`, message: `document.${p.field}: ${p.message}` })));
}

/**
 * POST /api/adjudications/:id/resolve {baseVersion, picks, note, document?}: the holder resolves.
 * 409 not_disputed / version_conflict / adjudication_taken; 422 pick_problems (details.problems
 * naming the difference or field); 422 note_required when the result agrees with none of the
 * annotations and the note is empty. In one transaction: the adjudication becomes RESOLVED
 * (resolution, decisions, note, reviewer, version + 1) and the document is written as the item's
 * truth with provenance (annotation A, the adjudication) and the audit entry
 * `adjudication.resolve` {annotators, reviewer, decisions}; runs go stale when the truth changed.
 */
export async function resolveAdjudication(user: ReviewUser, id: string, input: ResolveInput): Promise<ResolveAdjudicationResponse> {
  const row = await adjudicationForReviewer(user, id);
  assertHolder(user, row);
  if (await annotatedItem(user.id, row.itemId)) throw ownAnnotationError();
  assertDraftFitsKind(row.kind, input, "document");
  if (row.version !== input.baseVersion) throw adjudicationConflict(row, input.baseVersion);
  const { annotations, agreement } = await adjudicationDocuments(row);
  const item = await db.item.findUniqueOrThrow({ where: { id: row.itemId }, select: { video: true } });
  const video = item.video && item.video.status === "READY" ? item.video : null;
  const context = reviewContextOf(video ? workspaceVideo({ ...video, addedBy: null }, undefined) : null, agreement);
  const docs = annotations.map((a) => a.data);
  if (row.kind === "expert" && input.document) await assertValidEdit(input.document, row.itemId, video);
  const { document, decisions } = resolvedDocument(row.kind, docs, input, context, agreement?.comparison);
  const note = input.note.trim();
  if (!note && noteRequired(document, docs, context)) {
    throw new HttpError(422, "note: the result differs from every annotation; say why in the note.", "note_required", { field: "note" });
  }
  const first = annotations[0];
  const version = row.version + 1;
  const resolvedAt = new Date();
  const { truthChanged } = await db.$transaction(async (tx) => {
    const updated = await tx.adjudication.updateMany({
      where: { id, version: input.baseVersion, status: "DISPUTED", claimedById: user.id },
      data: { status: "RESOLVED", resolution: document as never, decisions: decisions as never, note, resolvedById: user.id, resolvedAt, version },
    });
    if (updated.count !== 1) {
      const now = await tx.adjudication.findUniqueOrThrow({ where: { id }, select: { version: true, draft: true, updatedAt: true, claimedBy: { select: { name: true, email: true } }, status: true } });
      if (now.status !== "DISPUTED") throw new HttpError(409, "This adjudication was resolved meanwhile.", "not_disputed");
      throw adjudicationConflict(now, input.baseVersion);
    }
    return writeItemTruth(tx, {
      itemId: row.itemId,
      video,
      doc: document,
      provenance: { annotationId: first.annotationId || null, annotationVersion: first.annotationId ? first.version : null, annotatedById: first.annotatorId || null, adjudicationId: id },
      actorId: user.id,
      reason: `adjudication resolved (${row.kind})`,
      audit: {
        action: "adjudication.resolve",
        targetType: "Adjudication",
        targetId: id,
        details: {
          kind: row.kind,
          version,
          annotators: annotations.map((a) => a.annotatorId),
          annotationIds: annotations.map((a) => a.annotationId),
          reviewer: user.id,
          decisions,
          note,
        },
      },
    });
  });
  if (truthChanged) truthCommitted();
  return { version, status: "RESOLVED", decisions };
}
