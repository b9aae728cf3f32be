/**
 * The `npm run agreement` contract (PURE): a JSON array of cases in, one result per case out, in
 * order, computed by lib/metrics. An undefined statistic is `null`; a malformed case gives
 * `{"error": "case N: <field> <reason>"}` and the other cases are still computed.
 *
 * Cases:
 * - `{"measure": "cohen", "a": [...], "b": [...], "weights": "none"|"linear"|"quadratic", "labels": [...]}`
 *   → `{"value": kappa}`; `labels` gives the category order and, as scikit-learn's `labels`,
 *   drops pairs with a label outside it;
 * - `{"measure": "fleiss", "ratings": [[label of each rater], ...]}` → `{"value": kappa}`;
 * - `{"measure": "krippendorff", "level": "nominal"|"ordinal"|"interval"|"ratio", "units": [[value or null per coder], ...]}`
 *   → `{"value": alpha}`;
 * - `{"measure": "timestamps", "a": [frames], "b": [frames], "tolerance": frames}` →
 *   `{"matched", "precision", "recall", "f1", "mean_abs_offset"}` (a is the reference side);
 * - `{"measure": "spans", "a": [[start, end], ...], "b": [[start, end], ...]}` → `{"value": tIoU}`
 *   over merged unions;
 * - `{"measure": "counts", "a": [counts], "b": [counts]}` → `{"exact", "quadratic_kappa", "mean_abs_difference"}`;
 * - `{"measure": "documents", "documents": [annotation documents], "fps", "frameCount", "thresholds"?}`
 *   → `{"verdict", "reasons", "facets": [{name, kind, agreed, pairs}]}` (compareAnnotations).
 */
import { z } from "zod";
import { annotationDocumentSchema } from "@/lib/annotation/document";
import { countAgreement } from "@/lib/metrics/agreement-counts";
import { fleissKappa } from "@/lib/metrics/agreement-fleiss";
import { cohenKappa } from "@/lib/metrics/agreement-kappa";
import { krippendorffAlpha } from "@/lib/metrics/agreement-krippendorff";
import { spanTemporalIoU } from "@/lib/metrics/agreement-spans";
import { matchEvents } from "@/lib/metrics/agreement-timestamps";
import { compareAnnotations } from "./compare";
import { reviewThresholdsInputSchema } from "./thresholds";

const label = z.union([z.string(), z.number().finite(), z.boolean()], { message: "must be a string, a finite number or a boolean" });
const maybeLabel = z.union([label, z.null()], { message: "must be a label or null" });
const frame = z.number({ message: "must be a number" }).finite("must be finite");
const span = z.tuple([frame, frame], { message: "must be [start, end]" });
const count = z.number({ message: "must be a number" }).int("must be a whole number").min(0, "must be at least 0");

export const agreementCaseSchema = z.discriminatedUnion(
  "measure",
  [
    z.strictObject({
      measure: z.literal("cohen"),
      a: z.array(label),
      b: z.array(label),
      weights: z.enum(["none", "linear", "quadratic"]).default("none"),
      labels: z.array(label).min(1, "must list at least one label").optional(),
    }),
    z.strictObject({ measure: z.literal("fleiss"), ratings: z.array(z.array(label)) }),
    z.strictObject({
      measure: z.literal("krippendorff"),
      level: z.enum(["nominal", "ordinal", "interval", "ratio"]).default("nominal"),
      units: z.array(z.array(maybeLabel)),
    }),
    z.strictObject({ measure: z.literal("timestamps"), a: z.array(frame), b: z.array(frame), tolerance: z.number().finite().min(0, "must be at least 0") }),
    z.strictObject({ measure: z.literal("spans"), a: z.array(span), b: z.array(span) }),
    z.strictObject({ measure: z.literal("counts"), a: z.array(count), b: z.array(count) }),
    z.strictObject({
      measure: z.literal("documents"),
      documents: z.array(annotationDocumentSchema).min(2, "must hold at least 2 documents"),
      fps: z.number().positive("must be positive").finite(),
      frameCount: z.number().int("must be a whole number").positive("must be at least 1"),
      thresholds: reviewThresholdsInputSchema.optional(),
    }),
  ],
  { message: 'must be one of "cohen", "fleiss", "krippendorff", "timestamps", "spans", "counts", "documents"' },
);
export type AgreementCase = z.infer<typeof agreementCaseSchema>;

export type AgreementResult = Record<string, unknown>;

/** NaN and ±Infinity → null (JSON has no NaN); everything else unchanged. */
function num(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}

function evaluate(c: AgreementCase): AgreementResult {
  switch (c.measure) {
    case "cohen":
      return { value: num(cohenKappa(c.a, c.b, { weights: c.weights, categories: c.labels, unknownLabels: c.labels ? "ignore" : "error" })) };
    case "fleiss":
      return { value: num(fleissKappa(c.ratings)) };
    case "krippendorff":
      return { value: num(krippendorffAlpha(c.units, { metric: c.level })) };
    case "timestamps": {
      const m = matchEvents(c.a, c.b, { tolerance: c.tolerance });
      return { matched: m.truePositives, precision: num(m.precision), recall: num(m.recall), f1: num(m.f1), mean_abs_offset: num(m.meanAbsOffsetFrames) };
    }
    case "spans":
      return { value: num(spanTemporalIoU(c.a, c.b)) };
    case "counts": {
      const r = countAgreement(c.a, c.b);
      return { exact: num(r.exact), quadratic_kappa: num(r.quadraticKappa), mean_abs_difference: num(r.meanAbsDifference) };
    }
    case "documents": {
      const r = compareAnnotations(c.documents, { fps: c.fps, frameCount: c.frameCount, thresholds: c.thresholds });
      return JSON.parse(
        JSON.stringify({
          verdict: r.verdict,
          reasons: r.reasons,
          facets: r.facets.map((f) => ({ name: f.name, kind: f.kind, agreed: f.agreed, ...("pairs" in f ? { pairs: f.pairs } : { labels: f.labels }) })),
        }),
      ) as AgreementResult;
    }
  }
}

/** One result per input case, in order (see the module comment). Never throws for a bad case. */
export function evaluateAgreementCases(cases: unknown): AgreementResult[] {
  if (!Array.isArray(cases)) return [{ error: "input must be a JSON array of cases" }];
  return cases.map((raw, i) => {
    const parsed = agreementCaseSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue.path.length ? issue.path.join(".") : "case";
      return { error: `case ${i}: ${field} ${issue.message}` };
    }
    try {
      return evaluate(parsed.data);
    } catch (e) {
      return { error: `case ${i}: ${e instanceof Error ? e.message : String(e)}` };
    }
  });
}
