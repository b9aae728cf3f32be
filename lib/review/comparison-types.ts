/**
 * Shapes of a comparison between the k annotations of one item (PURE). Produced by
 * `compareAnnotations` (compare.ts), read by auto-merge, the differences list, qualification
 * and the dashboard. Undefined statistics are `NaN` (JSON: null), never thrown.
 */
import type { Label } from "@/lib/metrics/agreement-labels";
import type { AnnotationBenchmark, CaptionReview } from "@/lib/annotation/document";
import type { Group, SpanGroup } from "./cluster";
import type { CountPoint, EventRef, FacetKind, SpanRef } from "./facets";
import type { ReviewThresholds } from "./thresholds";

/** A 2 × 2 table of binary decisions of two annotators over bins: [[n00, n01], [n10, n11]] (row = first). */
export type BinaryTable = [[number, number], [number, number]];

export type TimestampPair = {
  a: number;
  b: number;
  countA: number;
  countB: number;
  matched: number;
  /** a is the reference side: precision = matched / countB, recall = matched / countA. */
  precision: number;
  recall: number;
  f1: number;
  meanAbsOffsetFrames: number;
  /** Frame-binned kappa (bins of `kappaBinFrames` frames over the whole video). */
  binnedKappa: number;
  bins: BinaryTable;
};

export type SpanPair = {
  a: number;
  b: number;
  /** tIoU over merged unions (NaN when both are empty). */
  tIoU: number;
  /** |∪A ∩ ∪B| and |∪A ∪ ∪B| in frames (spans cover frames start..end inclusive). */
  intersectionFrames: number;
  unionFrames: number;
  /** Per-frame coverage table over the video (for coverage kappa). */
  coverage: BinaryTable;
};

export type CountPair = {
  a: number;
  b: number;
  /** Answers at groups where both gave a determined count. */
  values: [number, number][];
  exact: number;
  quadraticKappa: number;
  /** Groups where only one of the two has a point. */
  unmatched: number;
};

export type CaptionPair = {
  a: number;
  b: number;
  seconds: number;
  /** Share of seconds with the same text and the same flags (corrected, inconsistentWith). */
  exact: number;
  /** Share of seconds with the same text. */
  sameText: number;
  /** Per-second "edited" (corrected) decisions [a, b] for kappa. */
  edited: [boolean, boolean][];
};

type Base = { name: string; agreed: boolean; reasons: string[] };

export type TimestampFacetResult = Base & { kind: "timestamps"; pairs: TimestampPair[]; groups: Group<EventRef>[] };
export type SpanGroupResult = SpanGroup<SpanRef> & { tIoU: number; agreed: boolean };
export type SpanFacetResult = Base & { kind: "spans"; oneToOne: boolean; pairs: SpanPair[]; groups: SpanGroupResult[] };
export type CountGroupResult = Group<CountPoint> & { agreed: boolean };
export type CountFacetResult = Base & { kind: "counts"; pairs: CountPair[]; groups: CountGroupResult[] };
export type LabelFacetResult = Base & { kind: "labels"; labels: (Label | null)[]; values: unknown[] };
export type CaptionRow = { second: number; members: (CaptionReview | null)[]; agreed: boolean };
export type CaptionFacetResult = Base & { kind: "captions"; pairs: CaptionPair[]; rows: CaptionRow[] };

export type FacetResult = TimestampFacetResult | SpanFacetResult | CountFacetResult | LabelFacetResult | CaptionFacetResult;

export type Verdict = "agreed" | "disputed";

export type Comparison = {
  benchmark: AnnotationBenchmark;
  /** VCBench subtype, else null. */
  subtype: string | null;
  /** Number of annotations compared (k >= 2). */
  k: number;
  thresholds: ReviewThresholds;
  facets: FacetResult[];
  verdict: Verdict;
  /** Why the item is disputed (empty when agreed), each naming the facet. */
  reasons: string[];
};

export type { FacetKind };
