/**
 * The adjudication view's preview of the resolved document (PURE): `applyPicks` on the current
 * picks, plus the resolve route's note rule (`note-rule.ts`: a note is required when the result
 * agrees with none of the annotations), so the view shows the rule before the server refuses.
 */
import type { AnnotationDocument } from "@/lib/annotation/document";
import { applyPicks, type Resolution } from "./apply-picks";
import type { ReviewContext } from "./compare";
import type { Comparison } from "./comparison-types";
import { agreesWith } from "./note-rule";
import type { Pick } from "./resolve-facets";

export type Preview = {
  resolution: Resolution;
  /** The result agrees with none of the annotations: a note is required to resolve. */
  noteRequired: boolean;
  /** Annotations the result agrees with (empty when it differs from all, or when it cannot be built). */
  sameAs: number[];
};

/** The resolved document of the picks and whether it needs a note. */
export function previewResolution(docs: readonly AnnotationDocument[], context: ReviewContext, picks: readonly Pick[], comparison?: Comparison): Preview {
  const resolution = applyPicks(docs, context, picks, comparison);
  if (!resolution.ok) return { resolution, noteRequired: false, sameAs: [] };
  const sameAs = docs.flatMap((d, j) => (agreesWith(resolution.document, d, context) ? [j] : []));
  return { resolution, noteRequired: sameAs.length === 0, sameAs };
}

/** The message shown (the server answers 422 note_required) when the note is missing. */
export function noteProblem(preview: Preview, note: string): string | null {
  if (!preview.noteRequired || note.trim() !== "") return null;
  return "note: required, because the result differs from every annotation";
}
