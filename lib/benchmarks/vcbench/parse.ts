/**
 * VCBench file import: detects which file it is from the first record —
 * `vcbench_data.jsonl` (has `query_points`) or `vcbench_eval.jsonl` (has `query_time` and
 * `count`) — and parses it line by line. A prediction file (`prediction`/`predictions`
 * without truth fields) is refused with the error `prediction_file`.
 */
import { issue } from "../issues";
import { parseJsonlWith } from "../record-sink";
import type { TextLine } from "../text-lines";
import type { ImportIssue, ParseResult } from "../types";
import { vcbenchDataSink } from "./parse-data";
import { vcbenchEvalSink } from "./parse-eval";
import { VCBENCH_DATA_FILE_KIND } from "./shared";

const PREDICTION_KEYS = ["prediction", "predictions", "pred", "response", "model_answer", "answer"];

export function detectVcbenchRecord(first: Record<string, unknown>, line: number): "data" | "eval" | ImportIssue {
  if ("query_points" in first || "occurrence_times" in first) return "data";
  if ("query_time" in first && "count" in first) return "eval";
  const pred = PREDICTION_KEYS.find((k) => k in first);
  if (pred) {
    return issue("prediction_file", `this looks like a prediction file (field "${pred}", no "query_points" or "count"): import the ground truth (vcbench_data.jsonl or vcbench_eval.jsonl) and upload predictions as a model run`, { line, field: pred });
  }
  return issue("unknown_file_format", `not a VCBench file: the first record has neither "query_points" (vcbench_data.jsonl) nor "query_time" and "count" (vcbench_eval.jsonl); fields: ${Object.keys(first).slice(0, 12).join(", ")}`, { line });
}

export async function parseVcbench(lines: AsyncIterable<TextLine> | Iterable<TextLine>): Promise<ParseResult> {
  return parseJsonlWith(
    lines,
    (first, line) => {
      const kind = detectVcbenchRecord(first, line);
      if (typeof kind !== "string") return kind;
      return kind === "data" ? vcbenchDataSink() : vcbenchEvalSink();
    },
    { fileKind: VCBENCH_DATA_FILE_KIND },
  );
}
