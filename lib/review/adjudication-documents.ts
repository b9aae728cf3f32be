import "server-only";
import { annotationDocumentSchema, type AnnotationDocument } from "@/lib/annotation/document";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { annotatorLetter } from "./annotator-letter";
import type { AdjudicationAnnotation } from "./api-schemas";
import type { ReviewContext } from "./compare";
import { fromStoredAgreement, type StoredAgreement } from "./stored-agreement";

/**
 * The documents an adjudication is about, read from the database: the compared annotations in
 * comparison order (letters A, B, ...) with the stored agreement for "double"; for "expert", the
 * one document to confirm (annotation A): the double review's merged / resolved document when the
 * item has one, else the single annotation's submitted document.
 */
export type AdjudicationDocuments = {
  annotations: AdjudicationAnnotation[];
  agreement: StoredAgreement | null;
};

type Row = { id: string; itemId: string; kind: string; annotationIds: unknown; agreement: unknown };

function idsOf(row: Row): string[] {
  return Array.isArray(row.annotationIds) ? row.annotationIds.filter((x): x is string => typeof x === "string") : [];
}

function parsedDocument(data: unknown, where: string): AnnotationDocument {
  const parsed = annotationDocumentSchema.safeParse(data);
  if (!parsed.success) throw new HttpError(422, `${where} no longer matches the annotation format.`, "invalid_document");
  return parsed.data;
}

export async function adjudicationDocuments(row: Row): Promise<AdjudicationDocuments> {
  const agreement = row.kind === "double" ? fromStoredAgreement(row.agreement) : null;
  const ids = agreement?.annotationIds ?? idsOf(row);
  const found = await db.annotation.findMany({
    where: { id: { in: ids } },
    select: { id: true, version: true, data: true, authorId: true, author: { select: { name: true, email: true } } },
  });
  const byId = new Map(found.map((a) => [a.id, a]));
  const ordered = ids.map((id) => byId.get(id)).filter((a) => a !== undefined);
  if (row.kind === "double") {
    if (!agreement) throw new HttpError(422, "This adjudication has no stored comparison; resubmit one of its annotations.", "invalid_agreement");
    if (ordered.length !== ids.length) throw new HttpError(422, "An annotation compared in this adjudication no longer exists.", "invalid_agreement");
    return {
      agreement,
      annotations: ordered.map((a, j) => ({
        letter: annotatorLetter(j),
        annotatorName: a.author.name || a.author.email,
        annotatorId: a.authorId,
        annotationId: a.id,
        version: a.version,
        data: parsedDocument(a.data, `Annotation ${annotatorLetter(j)}`),
      })),
    };
  }
  const merged = await db.adjudication.findFirst({
    where: { itemId: row.itemId, kind: "double", status: { in: ["AGREED", "RESOLVED"] } },
    select: { resolution: true },
  });
  const first = ordered[0];
  const data = merged?.resolution ?? first?.data;
  if (!data) throw new HttpError(422, "This expert review has no document to confirm.", "invalid_document");
  return {
    agreement: null,
    annotations: [
      {
        letter: annotatorLetter(0),
        annotatorName: ordered.map((a) => a.author.name || a.author.email).join(" + "),
        annotatorId: first?.authorId ?? "",
        annotationId: first?.id ?? "",
        version: first?.version ?? 0,
        data: parsedDocument(data, "The document to confirm"),
      },
    ],
  };
}

/** The review context of an item's video (frame rate, frame count) with the comparison's thresholds. */
export function reviewContextOf(video: { fps: number; frameCount: number } | null, agreement: StoredAgreement | null): ReviewContext {
  return {
    fps: video && video.fps > 0 ? video.fps : 30,
    frameCount: video && video.frameCount > 0 ? video.frameCount : 1_000_000,
    ...(agreement ? { thresholds: agreement.comparison.thresholds } : {}),
  };
}
