/**
 * Shared shapes of the benchmark importers/exporters (`lib/benchmarks/<kind>/`).
 *
 * A native file is parsed into {@link NormalisedItem}s: what the database stores in
 * `Item` (participant-safe), `ItemTruth` (answer + everything truth-bearing),
 * `QueryPoint` and `EvidenceSpan` (source TRUTH). `truth.source` also keeps every native
 * field that is not represented elsewhere, so that an unchanged import exports the same
 * data (compared as parsed structures).
 */

/** The five benchmark kinds with a native file format (Prisma `BenchmarkKind` minus CUSTOM). */
export const BENCHMARK_KINDS = ["VCBENCH", "TOCBENCH", "ECBENCH", "VSTAT", "VSAS"] as const;
export type BenchmarkKindName = (typeof BENCHMARK_KINDS)[number];

/** Command-line spelling of a kind (`--benchmark vcbench`). */
export function benchmarkKindFromCli(value: string): BenchmarkKindName | null {
  const up = value.trim().toUpperCase().replace(/[-_]/g, "");
  return (BENCHMARK_KINDS as readonly string[]).includes(up) ? (up as BenchmarkKindName) : null;
}

/**
 * A taxonomy label value: strings and string lists, plus the native scalars some files
 * use as labels (TOC-Bench `hallucination: null`, `has_hallucination_distractor: false`).
 */
export type LabelValue = string | string[] | boolean | number | null;

export type NormalisedQueryPoint = { ordinal: number; timeSec: number };
export type NormalisedSpan = { startSec: number; endSec: number; label?: string };

export type NormalisedItem = {
  /** Native id (VCBench id, TOC qa_id, EC question_id, VSTAT id or source_task#index, VSAS task_id). */
  externalId: string;
  /** 0-based position in the imported file (native order on export). */
  ordinal: number;
  /** "count", "mcq_4", "sp", "numerical", "ordering_3", "ordering_4", "counting", "enumeration", "mcq", "numeric", "caption". */
  format: string;
  question: string;
  /** Participant-safe presentation: options, statements, events to order, allowed answers. Never truth. */
  presentation: Record<string, unknown>;
  /** Taxonomy labels (subtype, dim, tier, category, genre, state element/structure, ...). */
  labels: Record<string, LabelValue>;
  /** Video reference as written in the native file (VCBench `<source_dataset>/<video_path>`). */
  videoRef: string;
  queryPoints: NormalisedQueryPoint[];
  /** `answer`: the answer in native shape; `source`: truth-bearing annotation + native extras. */
  truth: { answer: unknown; source: Record<string, unknown> };
  truthSpans: NormalisedSpan[];
  /** 1-based line where the record starts (JSONL line, CSV record start, JSON item start); null if unknown. */
  line: number | null;
};

/** One finding of a parser or consistency check. Errors block an import; warnings never do. */
export type ImportIssue = {
  code: string;
  /** Native id of the item concerned, when known. */
  item_id: string | null;
  /** 1-based line in the file (for TOC-Bench/VSTAT JSON: the line where the item starts). */
  line: number | null;
  message: string;
  /** Field concerned, when known (e.g. `query_points.count`, `items[12].correct_answer`). */
  field?: string;
};

/**
 * What a file holds besides its items, needed to export it again: which variant of the
 * format (`vcbench_data` / `vcbench_eval`, ...) and header fields (TOC-Bench top-level
 * keys, CSV column order, VSTAT top-level keys).
 */
export type FileMeta = { fileKind: string; header?: Record<string, unknown> };

export type ParseResult = {
  items: NormalisedItem[];
  warnings: ImportIssue[];
  errors: ImportIssue[];
  meta: FileMeta;
};

/** The report every import (dry run or not) produces; the CLI prints it as JSON. */
export type ImportReport = {
  items: number;
  query_points: number;
  videos_referenced: number;
  warnings: ImportIssue[];
  errors: ImportIssue[];
};
