/**
 * Inter-annotator agreement statistics: one import point for the app.
 *
 * - Categorical labels (`agreement-kappa.ts`, `agreement-fleiss.ts`,
 *   `agreement-krippendorff.ts`, `agreement-percent.ts`): Cohen's kappa (unweighted,
 *   linear, quadratic; scikit-learn semantics), Fleiss' kappa, Krippendorff's alpha
 *   (nominal, ordinal, interval, ratio; missing values allowed), percent agreement.
 * - Event timestamps (`agreement-timestamps.ts`): optimal matching within a frame
 *   tolerance (precision, recall, F1, mean offset) and frame-binned kappa.
 * - Spans (`agreement-spans.ts`): temporal IoU between two annotators' span sets.
 *
 * Undefined statistics (0/0: no data, no variation) are `NaN` throughout, never thrown;
 * malformed input (length mismatch, invalid label, bad option) throws an `Error` whose
 * message names the function, the item and the reason.
 * Confidence intervals for any of these: `bootstrapCI` in `bootstrap.ts`.
 * Formulas, sources and edge cases: docs/metrics/agreement.md.
 */
export type { Label, MaybeLabel } from "./agreement-labels";
export { compareLabels, isMissing } from "./agreement-labels";
export type { CohenKappaDetails, CohenKappaOptions, KappaWeighting } from "./agreement-kappa";
export { cohenKappa, cohenKappaDetails, cohenKappaFromMatrix, kappaWeight } from "./agreement-kappa";
export type { FleissKappaOptions } from "./agreement-fleiss";
export { fleissKappa, fleissKappaFromCounts } from "./agreement-fleiss";
export type { AlphaMetric, KrippendorffAlphaDetails, KrippendorffAlphaOptions } from "./agreement-krippendorff";
export { codersToUnits, krippendorffAlpha, krippendorffAlphaDetails } from "./agreement-krippendorff";
export type { PairwiseAgreementOptions } from "./agreement-percent";
export { pairwisePercentAgreement, percentAgreement } from "./agreement-percent";
export type {
  EventMatch,
  EventMatchOptions,
  EventMatchResult,
  FrameBinOptions,
  FrameEvent,
} from "./agreement-timestamps";
export { binEvents, frameBinnedKappa, matchEvents, matchSortedFrames } from "./agreement-timestamps";
export type { SpanInput, SpanIoUOptions } from "./agreement-spans";
export { spanTemporalIoU } from "./agreement-spans";
export type { CountAgreement } from "./agreement-counts";
export { countAgreement, countKappa } from "./agreement-counts";
