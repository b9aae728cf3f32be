/**
 * Reads a prediction file for a project (PURE): detects the format (the benchmark's native one,
 * or generic JSONL `{item_id, prediction}`), refuses files that are empty, unusable, or clearly
 * meant for another benchmark (PredictionFileError naming the line and field), and dispatches to
 * the per-benchmark readers. Problems of usable files (bad lines, unknown ids...) are collected
 * with line numbers and stored on the run.
 */
import type { ClipParser } from "@/lib/metrics/parse-time";
import { findControlCharacter } from "@/lib/http/control-characters";
import { controlCharacterIn } from "@/lib/http/text-schema";
import { newParseContext, type ParseContext } from "./parse-context";
import { parseEcCsv } from "./parse-ecbench";
import { parseGenericRecords } from "./parse-generic";
import { parseTocRecords } from "./parse-tocbench";
import { parseVcbenchText } from "./parse-vcbench";
import { parseVsasRecords } from "./parse-vsas";
import { parseVstatRecords } from "./parse-vstat";
import { PredictionFileError, firstObject, isBlankText, readJsonLines, type JsonRecord } from "./text-records";
import type { ParsedPredictions, PredictionFormat, RawPrediction, RunBenchmark, TruthIndex } from "./types";

export type ParseOptions = {
  format?: PredictionFormat;
  answerColumn?: string;
  clipsColumn?: string;
  /** EC-Bench clip cells: the project's `clipParser` (reference by default). */
  clipParser?: ClipParser;
  fileName?: string;
};

export const BENCHMARK_NAMES: Record<RunBenchmark, string> = {
  VCBENCH: "VCBench",
  TOCBENCH: "TOC-Bench",
  ECBENCH: "EC-Bench",
  VSTAT: "VSTAT",
  VSAS: "VSAS-Bench",
};

/** What each benchmark's native prediction file looks like (for messages). */
export const NATIVE_FORMAT_HINTS: Record<RunBenchmark, string> = {
  VCBENCH: 'JSONL lines {"id", "predictions": [one per query point]} (unified) or {"id", "query_time", "prediction"} (per point)',
  TOCBENCH: 'JSONL lines {"qa_id", "extracted_answer"} or {"qa_id", "raw_output"}',
  ECBENCH: 'a CSV with "question_id" and a "<model>_A" answer column (optionally "<model>_clips")',
  VSTAT: 'JSONL lines {"doc_id", "prediction"}',
  VSAS: 'JSONL lines {"task_id", "t", "response"} (and optional {"task_id", "t", "judge"})',
};

/** Fields that identify another benchmark's prediction or annotation records. */
const SIGNATURES: Array<{ benchmark: RunBenchmark; field: string; what: "predictions" | "annotation file"; test: (o: Record<string, unknown>) => boolean }> = [
  { benchmark: "VCBENCH", field: "query_points", what: "annotation file", test: (o) => "query_points" in o || "counting_subtype" in o },
  { benchmark: "TOCBENCH", field: "correct_answer", what: "annotation file", test: (o) => "correct_answer" in o || "correct_order" in o || ("items" in o && "benchmark" in o) },
  { benchmark: "VSTAT", field: "data", what: "annotation file", test: (o) => "data" in o && !!o.data && typeof o.data === "object" },
  { benchmark: "VSAS", field: "captions", what: "annotation file", test: (o) => "captions" in o },
  { benchmark: "TOCBENCH", field: "qa_id", what: "predictions", test: (o) => "qa_id" in o },
  { benchmark: "VSTAT", field: "doc_id", what: "predictions", test: (o) => "doc_id" in o },
  { benchmark: "VSAS", field: "task_id", what: "predictions", test: (o) => "task_id" in o },
  { benchmark: "VCBENCH", field: "query_time", what: "predictions", test: (o) => "id" in o && ("predictions" in o || "query_time" in o || "query_index" in o) },
];

function signatureOf(o: Record<string, unknown>): (typeof SIGNATURES)[number] | null {
  for (const s of SIGNATURES) if (s.test(o)) return s;
  return null;
}

function fieldOf(sig: (typeof SIGNATURES)[number], o: Record<string, unknown>): string {
  if (sig.benchmark === "VCBENCH" && sig.what === "predictions") return "predictions" in o ? "predictions" : "query_time" in o ? "query_time" : "query_index";
  if (sig.benchmark === "VCBENCH") return "query_points" in o ? "query_points" : "counting_subtype";
  if (sig.benchmark === "TOCBENCH" && sig.what === "annotation file") return "correct_answer" in o ? "correct_answer" : "correct_order" in o ? "correct_order" : "items";
  return sig.field;
}

function expectation(benchmark: RunBenchmark): string {
  return `this is a ${BENCHMARK_NAMES[benchmark]} project, which expects ${NATIVE_FORMAT_HINTS[benchmark]}, or generic JSONL {"item_id", "prediction"}`;
}

/** Refuses a JSONL file whose first object record belongs to another benchmark (or is an annotation file). */
function checkSignature(records: readonly JsonRecord[], benchmark: RunBenchmark, generic: boolean): void {
  const first = firstObject(records);
  if (!first || generic) return;
  const sig = signatureOf(first.value);
  if (!sig) return;
  const field = fieldOf(sig, first.value);
  if (sig.what === "annotation file") {
    throw new PredictionFileError(
      `line ${first.line}: field "${field}" belongs to the ${BENCHMARK_NAMES[sig.benchmark]} annotation (truth) file, not to predictions; ${expectation(benchmark)}`,
      "annotation_file",
      first.line,
      field,
    );
  }
  if (sig.benchmark !== benchmark) {
    throw new PredictionFileError(
      `line ${first.line}: field "${field}" is how ${BENCHMARK_NAMES[sig.benchmark]} predictions name their items; ${expectation(benchmark)}`,
      "wrong_benchmark",
      first.line,
      field,
    );
  }
}

/**
 * Refuses a file none of whose records gave a prediction for an item (unknown ids, or known ids
 * whose records are unreadable, e.g. of the wrong type), quoting the first problems.
 */
function checkUsable(out: ParsedPredictions, benchmark: RunBenchmark): void {
  if (out.usable > 0 && out.raws.size > 0) return;
  const first = out.problems.slice(0, 3).map((p) => p.message);
  const line = out.problems.find((p) => p.line !== undefined);
  const what = out.usable > 0 ? "gives a readable prediction for" : "matches";
  throw new PredictionFileError(
    `no record of the file ${what} an item of this ${BENCHMARK_NAMES[benchmark]} project (${out.records} record(s) read)${first.length ? `: ${first.join("; ")}` : ""}`,
    "no_usable_record",
    line?.line,
    line?.field,
  );
}

/**
 * Refuses a pretty-printed JSON document (an annotation file, or predictions written as one JSON
 * array instead of one record per line), which JSONL reading would misread line by line.
 */
function checkJsonDocument(text: string, benchmark: RunBenchmark): void {
  const firstLine = text.replace(/^\uFEFF/, "").split("\n").find((l) => l.trim() !== "") ?? "";
  try {
    JSON.parse(firstLine);
    return;
  } catch {
    // not a one-line record: is the whole text one JSON document?
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    return;
  }
  if (doc && typeof doc === "object" && !Array.isArray(doc)) checkSignature([{ line: 1, value: doc, text: "" }], benchmark, false);
  throw new PredictionFileError(
    `line 1: the file is one JSON ${Array.isArray(doc) ? "array" : "document"} spread over several lines, not JSON Lines; write one prediction record per line (${expectation(benchmark)})`,
    "not_jsonl",
    1,
  );
}

/** Reads parsed JSONL records: the generic format, or a benchmark's native one (VCBench: `parseVcbenchText`). */
function parseJsonRecords(records: readonly JsonRecord[], benchmark: RunBenchmark, generic: boolean, ctx: ParseContext): { raws: Map<string, RawPrediction>; usable: number; meta: Record<string, string> } {
  if (generic) return { ...parseGenericRecords(records, benchmark, ctx), meta: {} };
  switch (benchmark) {
    case "TOCBENCH": {
      const model = firstObject(records)?.value.model;
      return { ...parseTocRecords(records, ctx), meta: typeof model === "string" && model ? { model } : {} };
    }
    case "VSTAT":
      return { ...parseVstatRecords(records, ctx), meta: {} };
    case "VSAS":
      return { ...parseVsasRecords(records, ctx), meta: {} };
    default:
      throw new PredictionFileError(`no native JSONL reader for ${benchmark}`, "wrong_format");
  }
}

/**
 * A prediction file holding a control character (other than tab and line breaks) anywhere in its
 * text is refused whole, naming the line and the character: PostgreSQL cannot store NUL in the
 * run's answers and problem lists, and no scorer writes control characters on purpose.
 */
function refuseControlCharacterText(text: string, fileName: string, benchmark: RunBenchmark): void {
  const found = controlCharacterIn(text, true);
  if (!found) return;
  const before = text.slice(0, found.position - 1);
  const line = before.split("\n").length;
  const column = found.position - 1 - before.lastIndexOf("\n");
  throw new PredictionFileError(
    `line ${line}: ${fileName} holds a control character (${found.codePoint} at character ${column} of the line): predictions must be plain text; ${expectation(benchmark)}`,
    "control_character",
    line,
  );
}

/** The same for JSON records, whose strings may spell a control character as an escape ("\u0000"). */
function refuseControlCharacterRecords(records: readonly JsonRecord[]): void {
  for (const r of records) {
    const hit = findControlCharacter(r.value);
    // eslint-disable-next-line no-control-regex
    if (hit) throw new PredictionFileError(`line ${r.line}: field ${hit.field.replace(/[\u0000-\u001f\u007f-\u009f]/g, "?")}: ${hit.message}`, "control_character", r.line, hit.field);
  }
}

/**
 * Parses a prediction file's text for the project whose truth is `truth`. Throws
 * PredictionFileError when the whole file is unusable; otherwise returns raw predictions per
 * item and the problems found (capped, counted per code).
 */
export function parsePredictions(text: string, truth: TruthIndex, options: ParseOptions = {}): ParsedPredictions {
  const benchmark = truth.benchmark;
  const fileName = options.fileName ?? "the file";
  if (isBlankText(text)) throw new PredictionFileError(`${fileName} is empty: ${expectation(benchmark)}`, "empty_file");
  refuseControlCharacterText(text, fileName, benchmark);
  const ctx = newParseContext(truth, { answerColumn: options.answerColumn, clipsColumn: options.clipsColumn, clipParser: options.clipParser, fileName });
  const format = options.format ?? "auto";
  const firstChar = text.replace(/^\uFEFF/, "").trimStart()[0];
  const looksJson = firstChar === "{" || firstChar === "[";

  let raws: Map<string, RawPrediction>;
  let usable: number;
  let records: number;
  let meta: Record<string, string> = {};
  let used: "native" | "generic";

  if (benchmark === "ECBENCH" && format !== "generic" && !(format === "auto" && looksJson)) {
    if (looksJson && format === "native") {
      throw new PredictionFileError(`line 1: ${fileName} is JSON, but EC-Bench predictions are ${NATIVE_FORMAT_HINTS.ECBENCH} (or use format=generic)`, "wrong_format", 1);
    }
    const r = parseEcCsv(text, ctx);
    ({ raws, usable, records, meta } = r);
    used = "native";
  } else {
    checkJsonDocument(text, benchmark);
    // Native VCBench files are read line by line by the VCBench reader (byte scanner first), so
    // only the lines up to the first object are parsed here, to recognise the format.
    const vcbenchNative = benchmark === "VCBENCH" && format !== "generic";
    let read = readJsonLines(text, { untilObject: vcbenchNative });
    // A control character spelt as a JSON escape ("\u0000"): every record is parsed to find it
    // (only when the text holds such an escape at all).
    refuseControlCharacterRecords(vcbenchNative && /\\u00[0-9a-fA-F]{2}/.test(text) ? readJsonLines(text).records : read.records);
    records = read.nonBlank;
    if (read.records.length === 0) {
      const p = read.problems[0];
      const csvHint = !looksJson && /,/.test(text.split("\n", 1)[0]) ? " (it looks like a CSV file)" : "";
      throw new PredictionFileError(
        `${p ? p.message : `${fileName} has no JSON record`}${csvHint}; ${expectation(benchmark)}`,
        "malformed_json",
        p?.line ?? 1,
      );
    }
    const first = firstObject(read.records);
    const generic = format === "generic" || (format === "auto" && !!first && "item_id" in first.value);
    if (!generic && benchmark === "ECBENCH") {
      throw new PredictionFileError(`line ${first?.line ?? 1}: EC-Bench predictions are ${NATIVE_FORMAT_HINTS.ECBENCH}; a JSONL file must use the generic format {"item_id", "prediction"}`, "wrong_format", first?.line ?? 1, "item_id");
    }
    if (generic && first && !("item_id" in first.value)) {
      const sig = signatureOf(first.value);
      throw new PredictionFileError(
        `line ${first.line}: generic records need an "item_id" field${sig ? ` (field "${fieldOf(sig, first.value)}" suggests ${BENCHMARK_NAMES[sig.benchmark]} ${sig.what})` : ""}`,
        "missing_field",
        first.line,
        "item_id",
      );
    }
    checkSignature(read.records, benchmark, generic);
    used = generic ? "generic" : "native";
    if (vcbenchNative && !generic) ({ raws, usable } = parseVcbenchText(text, ctx));
    else {
      if (vcbenchNative) read = readJsonLines(text);
      ctx.problems.addAll(read.problems);
      ({ raws, usable, meta } = parseJsonRecords(read.records, benchmark, generic, ctx));
    }
  }
  const out: ParsedPredictions = {
    format: used,
    raws,
    problems: ctx.problems.list,
    problemsOmitted: ctx.problems.omitted,
    problemCounts: ctx.problems.counts,
    records,
    usable,
    meta,
  };
  checkUsable(out, benchmark);
  return out;
}
