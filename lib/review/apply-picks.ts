/**
 * Auto-merge and adjudication (PURE): `autoMerge` turns the annotations of an agreed item into one
 * document; `applyPicks` turns a disputed item plus the reviewer's picks (take A / take B / edit,
 * per difference) into the resolved document. Both return either the document (validated by the
 * annotation document schema) with the decision taken for every difference, or the problems
 * (unknown or derived difference ids, bad edits, unresolved blocking differences, an invalid
 * result), each naming the difference or field; nothing partial.
 */
import { annotationDocumentSchema, type AnnotationDocument } from "@/lib/annotation/document";
import { compareAnnotations, type ReviewContext } from "./compare";
import type { Comparison } from "./comparison-types";
import { listDifferences } from "./differences";
import { rebuildDocument } from "./rebuild-document";
import { checkPicks, picksSchema, resolveFacets, type Pick, type ReviewProblem } from "./resolve-facets";

export type Resolution =
  | { ok: true; document: AnnotationDocument; decisions: { differenceId: string; resolution: string }[] }
  | { ok: false; problems: ReviewProblem[] };

function build(docs: readonly AnnotationDocument[], comparison: Comparison, picks: readonly Pick[], fps: number): Resolution {
  const differences = listDifferences(comparison);
  const checked = checkPicks(differences, picks, comparison.k);
  if (checked.problems.length > 0) return { ok: false, problems: checked.problems };
  const { resolved, decisions, problems } = resolveFacets(comparison, checked.picks, fps);
  if (problems.length > 0) return { ok: false, problems };
  const built = rebuildDocument(docs, resolved, problems);
  if (problems.length > 0) return { ok: false, problems };
  const parsed = annotationDocumentSchema.safeParse(built);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: `resolved document: ${i.path.join(".")} ${i.message}` })),
    };
  }
  return { ok: true, document: parsed.data, decisions };
}

/**
 * The merged document of an agreed item (timestamps at the mean frame of each matched group,
 * spans by union, common counts / labels / captions). A disputed item is refused with one problem
 * per blocking difference.
 */
export function autoMerge(docs: readonly AnnotationDocument[], context: ReviewContext, comparison?: Comparison): Resolution {
  const c = comparison ?? compareAnnotations(docs, context);
  if (c.verdict !== "agreed") {
    return { ok: false, problems: [{ message: `the item is disputed: ${c.reasons.join("; ")}` }] };
  }
  return build(docs, c, [], context.fps);
}

/**
 * The resolved document of a (disputed or agreed) item from the reviewer's picks. `picks` is
 * validated with `picksSchema` (an invalid shape is a problem naming the pick index and field).
 */
export function applyPicks(docs: readonly AnnotationDocument[], context: ReviewContext, picks: unknown, comparison?: Comparison): Resolution {
  const parsed = picksSchema.safeParse(picks);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((i) => ({ path: `picks.${i.path.join(".")}`, message: `picks.${i.path.join(".")}: ${i.message}` })),
    };
  }
  const c = comparison ?? compareAnnotations(docs, context);
  return build(docs, c, parsed.data, context.fps);
}
