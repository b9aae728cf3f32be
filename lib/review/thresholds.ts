/**
 * Review thresholds: when two (or k) annotations of an item count as agreed (PURE; zod schema
 * shared by the project settings form, the API and the server).
 *
 * Stored in `Project.settings.reviewThresholds` (next to keys other code owns; the tolerance
 * and the qualification threshold also exist as top-level project settings
 * `timestampToleranceFrames` and `qualificationKappa`, which take precedence when present, see
 * {@link reviewThresholdsFromSettings}). Defaults (docs/annotation/review.md): every timestamp
 * matched within 2 frames, tIoU >= 0.5, counts equal, labels equal, captions identical.
 */
import { z } from "zod";

const share = (what: string) =>
  z.number({ message: "must be a number" }).min(0, `${what} must be at least 0`).max(1, `${what} must be at most 1`);

export const reviewThresholdsSchema = z.strictObject({
  /** Two marks match when |frame difference| <= this (inclusive), in frames of the video. */
  timestampToleranceFrames: z
    .number({ message: "must be a number" })
    .int("must be a whole number of frames")
    .min(0, "must be at least 0")
    .max(1000, "must be at most 1000"),
  /** Smallest F1 of the timestamp matching for agreement; 1 = every mark matched (default). */
  timestampMinF1: share("timestampMinF1"),
  /** Width of the frame bins of the frame-binned kappa, in frames (default 5 = tolerance 2 each side). */
  kappaBinFrames: z.number({ message: "must be a number" }).int("must be a whole number").min(1, "must be at least 1").max(100_000, "must be at most 100000"),
  /** Smallest temporal IoU of spans (and of each matched occurrence) for agreement. */
  spanMinIoU: share("spanMinIoU"),
  /** Largest |count difference| that still agrees (default 0: counts equal). */
  countMaxDifference: z.number({ message: "must be a number" }).int("must be a whole number").min(0, "must be at least 0").max(1_000_000, "must be at most 1000000"),
  /** Smallest share of seconds whose captions are identical in text and flags (default 1). */
  captionMinExact: share("captionMinExact"),
  /** Qualification: every kind's kappa against the gold truth must reach this (default 0.8). */
  qualificationKappa: share("qualificationKappa"),
});
export type ReviewThresholds = z.infer<typeof reviewThresholdsSchema>;

/** Partial input (a settings update, a CLI flag): any subset of the keys. */
export const reviewThresholdsInputSchema = reviewThresholdsSchema.partial();
export type ReviewThresholdsInput = z.infer<typeof reviewThresholdsInputSchema>;

export const DEFAULT_REVIEW_THRESHOLDS: Readonly<ReviewThresholds> = Object.freeze({
  timestampToleranceFrames: 2,
  timestampMinF1: 1,
  kappaBinFrames: 5,
  spanMinIoU: 0.5,
  countMaxDifference: 0,
  captionMinExact: 1,
  qualificationKappa: 0.8,
});

const resolvedCache = new WeakMap<object, ReviewThresholds>();

/**
 * Defaults overlaid with a validated partial input (throws a ZodError naming the key on bad
 * input). The result for one input object is cached (inputs are treated as immutable), so
 * comparing 10,000 items with the same thresholds validates them once.
 */
export function resolveThresholds(input: ReviewThresholdsInput | undefined): ReviewThresholds {
  if (input === undefined) return { ...DEFAULT_REVIEW_THRESHOLDS };
  const cached = input !== null && typeof input === "object" ? resolvedCache.get(input) : undefined;
  if (cached) return cached;
  const parsed = reviewThresholdsInputSchema.parse(input);
  const out: Record<string, number> = { ...DEFAULT_REVIEW_THRESHOLDS };
  for (const [k, v] of Object.entries(parsed)) if (v !== undefined) out[k] = v;
  const result = Object.freeze(out) as ReviewThresholds;
  resolvedCache.set(input, result);
  return result;
}

function asObject(v: unknown): Record<string, unknown> {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/**
 * Thresholds from a stored `Project.settings` JSON (never throws): `reviewThresholds.<key>`
 * key by key (an invalid or missing key gets its default), then the project-level
 * `timestampToleranceFrames` and `qualificationKappa` when valid.
 */
export function reviewThresholdsFromSettings(settings: unknown): ReviewThresholds {
  const root = asObject(settings);
  const stored = asObject(root.reviewThresholds);
  const out: Record<string, number> = { ...DEFAULT_REVIEW_THRESHOLDS };
  const shape = reviewThresholdsSchema.shape;
  for (const key of Object.keys(shape) as (keyof ReviewThresholds)[]) {
    for (const source of [stored, key === "timestampToleranceFrames" || key === "qualificationKappa" ? root : {}]) {
      if (!(key in source)) continue;
      const r = shape[key].safeParse(source[key]);
      if (r.success) out[key] = r.data;
    }
  }
  return out as ReviewThresholds;
}
