/**
 * The adjudication view's preview of the resolved document (PURE): `applyPicks` on the current
 * picks, plus the note rule of the resolve route — a note is required when the result differs
 * from every annotation (docs/annotation/review.md, "Reviewer routes") — so the view shows the
 * rule before the server refuses.
 */
import type { AnnotationDocument } from "@/lib/annotation/document";
import { applyPicks, type Resolution } from "./apply-picks";
import type { ReviewContext } from "./compare";
import type { Comparison } from "./comparison-types";
import type { Pick } from "./resolve-facets";

/** JSON with sorted keys, element ids and seconds left out (ids are renamed on merge; seconds follow the frames). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([k, v]) => k !== "id" && k !== "sec" && v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** True when two documents hold the same content (same frames, values and texts; ids and seconds aside). */
export function sameContent(a: AnnotationDocument, b: AnnotationDocument): boolean {
  return canonical(a) === canonical(b);
}

/** Indices of the annotations whose content the document equals. */
export function matchingAnnotations(result: AnnotationDocument, docs: readonly AnnotationDocument[]): number[] {
  const key = canonical(result);
  return docs.flatMap((d, j) => (canonical(d) === key ? [j] : []));
}

export type Preview = {
  resolution: Resolution;
  /** The result differs from every annotation: a note is required to resolve. */
  noteRequired: boolean;
  /** Annotations the result equals (empty when it differs from all, or when it cannot be built). */
  sameAs: number[];
};

/** The resolved document of the picks and whether it needs a note. */
export function previewResolution(docs: readonly AnnotationDocument[], context: ReviewContext, picks: readonly Pick[], comparison?: Comparison): Preview {
  const resolution = applyPicks(docs, context, picks, comparison);
  if (!resolution.ok) return { resolution, noteRequired: false, sameAs: [] };
  const sameAs = matchingAnnotations(resolution.document, docs);
  return { resolution, noteRequired: sameAs.length === 0, sameAs };
}

/** The message shown (and sent back by the server as 422 note_required) when the note is missing. */
export function noteProblem(preview: Preview, note: string): string | null {
  if (!preview.noteRequired || note.trim() !== "") return null;
  return "note: required, because the result differs from every annotation";
}
