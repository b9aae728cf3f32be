/**
 * The benchmark kinds a project can be created from (PURE). Five have a native file format
 * (lib/benchmarks); CUSTOM is Playhead's generic JSONL (lib/projects/custom-format.ts).
 */
import type { BenchmarkKind } from "@/lib/db/types";

export type KindInfo = {
  kind: BenchmarkKind;
  /** URL / CLI spelling. */
  param: string;
  label: string;
  /** What file to upload. */
  fileHint: string;
  /** `accept` attribute of the file input. */
  accept: string;
  /** Content type and file extension of the native export. */
  exportType: string;
  exportExt: string;
};

export const PROJECT_KINDS: readonly KindInfo[] = [
  {
    kind: "VCBENCH",
    param: "vcbench",
    label: "VCBench (streaming counting)",
    fileHint: "vcbench_data.jsonl (or vcbench_eval.jsonl): one question per line",
    accept: ".jsonl,.json,.txt",
    exportType: "application/x-ndjson; charset=utf-8",
    exportExt: "jsonl",
  },
  {
    kind: "ECBENCH",
    param: "ecbench",
    label: "EC-Bench (enumeration, counting, evidence)",
    fileHint: "dataset.csv with video_id, question_id, question_type, task_type, question, clips, answer",
    accept: ".csv,.txt",
    exportType: "text/csv; charset=utf-8",
    exportExt: "csv",
  },
  {
    kind: "TOCBENCH",
    param: "tocbench",
    label: "TOC-Bench (temporal object consistency)",
    fileHint: "answer_final.json: {benchmark, version, items: [...]}",
    accept: ".json",
    exportType: "application/json; charset=utf-8",
    exportExt: "json",
  },
  {
    kind: "VSTAT",
    param: "vstat",
    label: "VSTAT (visual state tracking)",
    fileHint: 'QA JSON {"data": {source_task: [doc, ...]}}',
    accept: ".json",
    exportType: "application/json; charset=utf-8",
    exportExt: "json",
  },
  {
    kind: "VSAS",
    param: "vsas",
    label: "VSAS-Bench (visual streaming assistants)",
    fileHint: "tasks JSONL: one task per line with per-second captions (docs/formats/vsas.md)",
    accept: ".jsonl,.json,.txt",
    exportType: "application/x-ndjson; charset=utf-8",
    exportExt: "jsonl",
  },
  {
    kind: "CUSTOM",
    param: "custom",
    label: "Custom (Playhead generic JSONL)",
    fileHint: "one item per line: {id, video, question, format?, options?, answer, labels?, query_points?, evidence?}",
    accept: ".jsonl,.json,.txt",
    exportType: "application/x-ndjson; charset=utf-8",
    exportExt: "jsonl",
  },
];

/** The kind for a URL / form value ("vcbench", "VCBENCH", "vc-bench", "ec_bench"...), else null. */
export function kindFromParam(value: string | null | undefined): BenchmarkKind | null {
  if (!value) return null;
  const up = value.trim().toUpperCase().replace(/[-_\s]/g, "");
  return PROJECT_KINDS.find((k) => k.kind === up)?.kind ?? null;
}

export function kindInfo(kind: BenchmarkKind | string): KindInfo {
  return PROJECT_KINDS.find((k) => k.kind === kind) ?? PROJECT_KINDS[PROJECT_KINDS.length - 1];
}

/** Short display name ("VCBench", "EC-Bench", ...). */
export function kindShortName(kind: BenchmarkKind | string): string {
  return kindInfo(kind).label.replace(/\s*\(.*\)$/, "");
}
