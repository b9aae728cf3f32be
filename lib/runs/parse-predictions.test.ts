import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parseBenchmarkText } from "@/lib/benchmarks/parse-input";
import { parsePredictions } from "./parse-predictions";
import { PredictionFileError } from "./text-records";
import { truthIndexFromNormalised } from "./truth-from-normalised";
import type { TruthIndex, VcbenchRaw } from "./types";

const fx = (...p: string[]) => readFileSync(path.join(process.cwd(), "tests/fixtures", ...p), "utf8");
let vc: TruthIndex;
let toc: TruthIndex;

function refused(fn: () => unknown): PredictionFileError {
  try {
    fn();
  } catch (e) {
    if (e instanceof PredictionFileError) return e;
    throw e;
  }
  throw new Error("expected a PredictionFileError");
}

beforeAll(async () => {
  vc = truthIndexFromNormalised("VCBENCH", (await parseBenchmarkText("VCBENCH", fx("vcbench", "vcbench_data.jsonl"))).items);
  toc = truthIndexFromNormalised("TOCBENCH", (await parseBenchmarkText("TOCBENCH", fx("tocbench", "answer_final.json"))).items);
});

describe("parsePredictions", () => {
  it("refuses empty files and whole files of bad JSON, naming the line", () => {
    expect(refused(() => parsePredictions("", vc))).toMatchObject({ code: "empty_file" });
    expect(refused(() => parsePredictions(" \n\n", vc))).toMatchObject({ code: "empty_file" });
    const e = refused(() => parsePredictions("\n\nnot json\n", vc));
    expect(e).toMatchObject({ code: "malformed_json", line: 3 });
    expect(e.message).toMatch(/^line 3: not valid JSON/);
  });

  it("names another benchmark's field, or an annotation file", () => {
    expect(refused(() => parsePredictions('{"doc_id": 1, "prediction": "A"}', vc))).toMatchObject({ code: "wrong_benchmark", line: 1, field: "doc_id" });
    expect(refused(() => parsePredictions('\n{"task_id": "p1", "t": 0, "response": "x"}', vc))).toMatchObject({ code: "wrong_benchmark", line: 2, field: "task_id" });
    expect(refused(() => parsePredictions('{"id": "0000", "predictions": [1, 2, 3]}', toc))).toMatchObject({ code: "wrong_benchmark", field: "predictions" });
    expect(refused(() => parsePredictions(fx("tocbench", "answer_final.json"), toc))).toMatchObject({ code: "annotation_file", line: 1, field: "items" });
    expect(refused(() => parsePredictions('[\n {"qa_id": "x", "extracted_answer": "A"}\n]', toc))).toMatchObject({ code: "not_jsonl", line: 1 });
    const generic = refused(() => parsePredictions('{"qa_id": "x", "prediction": "A"}', toc, { format: "generic" }));
    expect(generic).toMatchObject({ code: "missing_field", field: "item_id" });
    expect(generic.message).toMatch(/TOC-Bench predictions/);
  });

  it("detects the generic format and reads per-item predictions", () => {
    const out = parsePredictions('{"item_id": "0081", "prediction": [1]}\n{"item_id": "0081", "prediction": 2}\n{"item_id": "0000", "prediction": 3}\n', vc);
    expect(out.format).toBe("generic");
    expect(out.usable).toBe(3);
    expect(out.problems.map((p) => [p.code, p.line])).toEqual([
      ["duplicate_id", 2],
      ["invalid_record", 3],
    ]);
    expect((out.raws.get("0081") as VcbenchRaw).points).toEqual([{ v: 2, unified: true, line: 2 }]);
    expect(out.raws.has("0000")).toBe(false);
  });

  it("VCBench per-point records: query times matched within 0.051 s, duplicates reported, last wins", () => {
    const text = [
      '{"id": "0000", "query_time": 663.04, "prediction": "2"}',
      '{"id": "0000", "query_time": 663.0, "prediction": "3"}',
      '{"id": "0000", "query_time": 700, "prediction": "3"}',
      '{"id": "0000", "query_index": 2, "pred": 0}',
    ].join("\n");
    const out = parsePredictions(text, vc);
    const raw = out.raws.get("0000") as VcbenchRaw;
    expect(raw.points).toEqual([{ v: "3", unified: false, line: 2 }, null, { v: 0, unified: false, line: 4 }]);
    expect(out.problems.map((p) => [p.code, p.line])).toEqual([
      ["duplicate_point", 2],
      ["unknown_query_time", 3],
    ]);
  });

  it("refuses a file none of whose records names an item", () => {
    const e = refused(() => parsePredictions('{"id": "x1", "predictions": [1]}\n{"id": "x2", "predictions": [1]}', vc));
    expect(e).toMatchObject({ code: "no_usable_record", line: 1, field: "id" });
    expect(e.message).toMatch(/2 record\(s\) read/);
  });
});
