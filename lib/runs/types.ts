/**
 * Shapes shared by run parsing, scoring, storage and rescoring (PURE: types and constants).
 *
 * Pipeline: prediction file text → `parsePredictions` (one `RawPrediction` per item, problems
 * with line numbers) → `scoreRawPredictions` (per-item results, lib/metrics aggregates, the
 * leaderboard table) → stored as ModelRun + RunItemResult rows. The raw prediction of an item is
 * what RunItemResult.raw holds, so a stale run is rescored from its stored raws without the file.
 */
import type { Interval } from "@/lib/metrics/intervals";
import type { ClipParser } from "@/lib/metrics/parse-time";
import type { Problem } from "@/lib/metrics/problems";
import type { RunJudging } from "./judging-status";

/** Benchmarks with a scorer (Prisma `BenchmarkKind` minus CUSTOM). */
export const RUN_BENCHMARKS = ["VCBENCH", "TOCBENCH", "ECBENCH", "VSTAT", "VSAS"] as const;
export type RunBenchmark = (typeof RUN_BENCHMARKS)[number];

export function isRunBenchmark(value: unknown): value is RunBenchmark {
  return typeof value === "string" && (RUN_BENCHMARKS as readonly string[]).includes(value);
}

/** Where the paper and its reference code differ: which one to follow (project setting `metricVariant`). */
export type MetricVariant = "reference" | "paper";

/** `native`: the benchmark's own prediction format; `generic`: JSONL `{item_id, prediction}`; `auto`: detect. */
export const PREDICTION_FORMATS = ["auto", "native", "generic"] as const;
export type PredictionFormat = (typeof PREDICTION_FORMATS)[number];

/** One item of a project with its ground truth, as scoring needs it. Server-side only: never sent to a browser. */
export type TruthItem = {
  itemId: string;
  externalId: string;
  ordinal: number;
  format: string;
  labels: Record<string, unknown>;
  presentation: Record<string, unknown>;
  videoRef: string;
  /** ItemTruth.answer (native shape). */
  answer: unknown;
  /** ItemTruth.source (truth-bearing annotation, native extras). */
  source: Record<string, unknown>;
  /** TRUTH evidence spans [start, end] in seconds. */
  spans: Interval[];
  /** Query points in stored order (ordinal ascending). */
  queryPoints: { ordinal: number; timeSec: number }[];
};

/** The items of a project for scoring: ACTIVE items in native order, plus REMOVED ones (to name them in problems). */
export type TruthIndex = {
  benchmark: RunBenchmark;
  items: TruthItem[];
  byExternalId: Map<string, TruthItem>;
  byOrdinal: Map<number, TruthItem>;
  /** REMOVED items: external id → ordinal. Predictions for them are reported and ignored. */
  removed: Map<string, number>;
  removedOrdinals: Set<number>;
};

// ───────────────────────────── raw predictions (RunItemResult.raw) ─────────────────────────────

/** VCBench: one entry per query point (stored order); null = no prediction at that point. */
export type VcbenchRaw = {
  /**
   * `v`: the value as given; `unified`: it came from a unified `predictions` list (reference rule:
   * unified numbers are used as they are, per-point values go through Python `int()`).
   */
  points: Array<{ v: unknown; unified: boolean; line?: number } | null>;
  line?: number;
};

/** TOC-Bench: `extracted` values are used as they are; `text` values go through the reference extractor for the item's format. */
export type TocRaw = { mode: "extracted" | "text"; value: unknown; field: string; literal?: string; line?: number };

/** EC-Bench: the answer text; predicted clips (absent when the file had none); optional judged TP/FP/FN. */
export type EcRaw = {
  answer: string | null;
  clips?: Array<[number, number]>;
  clipsText?: string;
  /** The parser `clips` were read with from `clipsText` (absent: numeric pairs, used as given). */
  clipParser?: ClipParser;
  judged?: { tp: number; fp: number; fn: number };
  line?: number;
};

/** VSTAT: the response text. */
export type VstatRaw = { response: string; line?: number };

/** VSAS-Bench: timestamped response events and optional judgements of (caption, response) per timestep. */
export type VsasRaw = {
  events: Array<{ t: number; response: string | null }>;
  judgements: Array<{ t: number; judge: number | null; rubric: number | null }>;
  line?: number;
};

export type RawPrediction = VcbenchRaw | TocRaw | EcRaw | VstatRaw | VsasRaw;

/** Result of reading a prediction file. */
export type ParsedPredictions = {
  format: "native" | "generic";
  /** itemId → raw prediction. */
  raws: Map<string, RawPrediction>;
  problems: Problem[];
  /** Problems not kept in detail (over the cap), counted per code in `problemCounts`. */
  problemsOmitted: number;
  problemCounts: Record<string, number>;
  /** Non-blank records (lines or CSV rows) read. */
  records: number;
  /** Records that reached an item of the project. */
  usable: number;
  /** Extra facts for the run's `source` (answer column used, model name found in the file...). */
  meta: Record<string, string>;
};

/** One RunItemResult row to store. */
export type ScoredItem = {
  itemId: string;
  raw: RawPrediction | null;
  parsed: unknown;
  valid: boolean;
  scores: Record<string, number | string | null>;
};

/** A flat map of leaderboard column key → value (fractions for percentage columns; raw units otherwise). */
export type LeaderboardTable = Record<string, number | null>;

/** What scoring produces for a whole run. */
export type ScoreOutcome = {
  results: ScoredItem[];
  /** VSAS / EC-Bench: how far the judged figures are judged (lib/runs/judging-status.ts). */
  judging?: RunJudging;
  /** The lib/metrics aggregate (reference key names), stored in ModelRun.aggregates.metrics. */
  metrics: Record<string, unknown>;
  table: LeaderboardTable;
  problems: Problem[];
  counts: { items: number; predicted: number; scored: number; missing: number; invalid: number };
};

/** ModelRun.aggregates as written by lib/runs (HUMAN runs made by lib/studies have another shape). */
export type RunAggregates = {
  schema: "playhead.run.v1";
  benchmark: RunBenchmark;
  variant: MetricVariant;
  format: "native" | "generic" | "chance";
  metrics: Record<string, unknown>;
  table: LeaderboardTable;
  counts: ScoreOutcome["counts"];
  problem_counts: Record<string, number>;
  problems_omitted: number;
  /** The first `parse_problems` entries of ModelRun.problems come from reading the file (kept on rescoring). */
  parse_problems: number;
  meta: Record<string, string>;
  /** VSAS / EC-Bench: judged units of the score; partial until final (lib/runs/judging-status.ts). */
  judging?: RunJudging;
};

/** Problems kept in detail on a run (the rest are counted). */
export const RUN_PROBLEM_CAP = 1000;
