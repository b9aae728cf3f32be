/**
 * Label facets (one categorical decision per annotation) of k annotations (PURE). Agreed when
 * every annotator gave the same label (a missing decision agrees only with a missing one).
 * Chance-corrected statistics (Cohen's kappa for two, Fleiss' kappa and Krippendorff's alpha for
 * k > 2) need many items and are computed across items by the dashboard (`dashboard.ts`).
 */
import type { Label } from "@/lib/metrics/agreement-labels";
import { annotatorLetter } from "./annotator-letter";
import type { LabelFacetResult } from "./comparison-types";

function show(v: Label | null): string {
  return v === null ? "none" : JSON.stringify(v);
}

export function compareLabelFacet(name: string, labels: readonly (Label | null)[], values: readonly unknown[]): LabelFacetResult {
  const first = labels[0];
  const agreed = labels.every((l) => l === first);
  const reasons = agreed ? [] : [`${name}: ${labels.map((l, j) => `${annotatorLetter(j)} ${show(l)}`).join(", ")}`];
  return { kind: "labels", name, agreed, reasons, labels: [...labels], values: [...values] };
}
