/**
 * The reviewer's note rule (PURE; the adjudication view shows it before the server refuses): a
 * resolution that agrees with none of the annotations (by the project's thresholds: the
 * comparison of the result with each annotation is disputed) needs a note saying why.
 */
import type { AnnotationDocument } from "@/lib/annotation/document";
import { compareAnnotations, type ReviewContext } from "./compare";

/** Whether the resolved document agrees with annotation `doc` (a comparison that cannot be made counts as different). */
export function agreesWith(result: AnnotationDocument, doc: AnnotationDocument, context: ReviewContext): boolean {
  try {
    return compareAnnotations([doc, result], context).verdict === "agreed";
  } catch {
    return false;
  }
}

/** True when the result differs from every annotation, so an empty note is refused. */
export function noteRequired(result: AnnotationDocument, docs: readonly AnnotationDocument[], context: ReviewContext): boolean {
  return !docs.some((d) => agreesWith(result, d, context));
}
