import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ProblemLog } from "./problem-log";
import { VcbenchPredictionReader, type VcbenchPointLayout, type VcbenchPointSink, type VcbenchTruthWording } from "./vcbench-reader";

/** Two questions: "a" with points at 1, 2, 3 s (counts 1, 2, 3), "b" with one point at 5 s (count 0). */
const layout: VcbenchPointLayout = { size: 2, offsets: [0, 3, 4], times: [1, 2, 3, 5], counts: [1, 2, 3, 0] };
const IDS = ["a", "b"];

/** Reads `records` as parsed values, or (`asLines`) as JSON text lines through the byte scanner. */
function readWith(records: unknown[], options: { answerColumn?: string; wording?: VcbenchTruthWording; asLines?: boolean; rawLines?: boolean } = {}) {
  const values: Array<{ v: unknown; unified: boolean; line: number } | null> = new Array(4).fill(null);
  const sink: VcbenchPointSink = {
    set: (j, v, unified, line) => void (values[j] = { v, unified, line }),
    clear: (from, to) => values.fill(null, from, to),
  };
  const problems = new ProblemLog();
  const reader = new VcbenchPredictionReader(layout, sink, problems, {
    answerColumn: options.answerColumn,
    wording: options.wording ?? "file",
    malformed: (line) => ({ code: "malformed_json", line, message: `line ${line}: not JSON` }),
    questionOf(r, line) {
      const id = r.idFast ? new TextDecoder().decode(r.bytes.subarray(r.idStart, r.idEnd)) : String(r.id);
      r.idText = id;
      const q = IDS.indexOf(id);
      if (q < 0) problems.add({ code: "unknown_id", line, message: `line ${line}: unknown ${id}` });
      return q;
    },
  });
  records.forEach((r, i) => {
    if (!options.asLines) return reader.readValue(i + 1, r);
    const bytes = new TextEncoder().encode(options.rawLines ? String(r) : JSON.stringify(r));
    reader.readLine(bytes, 0, bytes.length, i + 1);
  });
  return { values, problems: problems.list, codes: problems.list.map((p) => p.code), reader };
}

describe.each([{ asLines: false }, { asLines: true }])("VcbenchPredictionReader (lines through the byte scanner: $asLines)", ({ asLines }) => {
  const read = (records: unknown[], options: Parameters<typeof readWith>[1] = {}) => readWith(records, { ...options, asLines });
  it("aligns a unified list by position and reports a length mismatch", () => {
    const r = read([{ id: "a", predictions: [4, 5] }]);
    expect(r.values.map((p) => p?.v ?? null)).toEqual([4, 5, null, null]);
    expect(r.values[0]).toEqual({ v: 4, unified: true, line: 1 });
    expect(r.codes).toEqual(["length_mismatch"]);
    expect(r.problems[0].message).toBe('line 1: 2 predictions for the 3 query points of "a"; aligned by position, the rest are missing');
    expect(Array.from(r.reader.hasPred)).toEqual([1, 0]);
  });

  it("matches query_times within ±0.051 s, ignores unknown times and reports a time given twice", () => {
    const r = read([{ id: "a", predictions: [7, 8, 9, 10], query_times: [3.04, 1, 9, 2.99] }]);
    expect(r.values.map((p) => p?.v ?? null)).toEqual([8, null, 10, null]);
    expect(r.codes).toEqual(["unknown_query_time", "duplicate_point"]);
    expect(r.problems[0].message).toBe('line 1: query time 9 of "a" matches no query point of the truth (±0.051 s); ignored');
    expect(read([{ id: "a", predictions: [1], query_times: [9] }], { wording: "project" }).problems[0].message).toContain("no query point of the item");
  });

  it("falls back to positions when query_times is not a list of numbers as long as the predictions", () => {
    const r = read([{ id: "a", predictions: [1, 2, 3], query_times: [1, "2", 3] }]);
    expect(r.values.map((p) => p?.v ?? null)).toEqual([1, 2, 3, null]);
    expect(r.codes).toEqual(["invalid_record"]);
    expect(r.problems[0].field).toBe("query_times");
  });

  it("reads per-point records by query_time or query_index, prediction before pred", () => {
    const r = read([
      { id: "a", query_time: 2.02, prediction: "4", pred: 9 },
      { id: "a", query_index: 2, pred: 6 },
      { id: "b", query_index: 1, prediction: 1 },
      { id: "a", query_time: 7, prediction: 1 },
      { id: "a", prediction: 1 },
    ]);
    expect(r.values.map((p) => p?.v ?? null)).toEqual([null, "4", 6, null]);
    expect(r.values[1]).toEqual({ v: "4", unified: false, line: 1 });
    expect(r.codes).toEqual(["invalid_record", "unknown_query_time", "invalid_record"]);
    expect(r.problems[0].message).toBe('line 3: "query_index" must be an integer from 0 to 0 (got 1)');
  });

  it("a later record wins: a point predicted twice, a question given a unified list again", () => {
    const r = read([
      { id: "a", query_index: 0, prediction: 1 },
      { id: "a", query_index: 0, prediction: 2 },
      { id: "a", predictions: [3, 3, 3] },
      { id: "a", predictions: [4, 4, 4] },
      { id: "a", query_index: 1, prediction: 5 },
    ]);
    expect(r.values.map((p) => p?.v ?? null)).toEqual([4, 5, 4, null]);
    expect(r.problems.map((p) => p.message)).toEqual([
      'line 2: query point 1 s of "a" already predicted on line 1; this later record is used',
      'line 3: question "a" already has per-point predictions; this later record is used',
      'line 4: question "a" already predicted on line 3; this later record is used',
      'line 5: query point 2 s of "a" already predicted on line 4; this later record is used',
    ]);
    expect(Array.from(r.reader.startLine)).toEqual([4, 0]);
  });

  it("reports gts that differ from the truth, and uses the truth", () => {
    const r = read([{ id: "a", predictions: [1, 2, 3], gts: [1, 0, null] }]);
    expect(r.codes).toEqual(["gts_mismatch"]);
    expect(r.problems[0].message).toBe('line 1: 2 of the "gts" of "a" differ from the truth file\'s counts; the truth file is used');
    expect(read([{ id: "a", predictions: [1, 2, 3], gts: [1, 2, 3] }]).codes).toEqual([]);
  });

  it("an answer column replaces the usual fields, as a list (unified) or a value (per point)", () => {
    const r = read(
      [
        { id: "a", answers: [1, 2, 3], predictions: [9, 9, 9] },
        { id: "b", query_index: 0, answers: 7, prediction: 9 },
      ],
      { answerColumn: "answers" },
    );
    expect(r.values.map((p) => p?.v ?? null)).toEqual([1, 2, 3, 7]);
    const missing = read([{ id: "b", query_index: 0, prediction: 9 }], { answerColumn: "answers" });
    expect(missing.values[3]).toEqual({ v: null, unified: false, line: 1 });
  });

  it("records that are not objects, lists that are not lists, unknown ids", () => {
    const r = read([[1], null, { id: "a", predictions: 3 }, { id: "zz", predictions: [1] }]);
    expect(r.codes).toEqual(["invalid_record", "invalid_record", "invalid_record", "unknown_id"]);
    expect(r.reader.usable).toBe(1);
    expect(Array.from(r.reader.hasPred)).toEqual([0, 0]);
  });
});

describe("VcbenchPredictionReader: the byte scanner and JSON.parse read alike", () => {
  it("gives the same values, lines and problems for generated records (property)", () => {
    const value = fc.oneof(fc.integer({ min: -3, max: 20 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null), fc.constantFrom("3", "three", "", "4.0", "x\"y"), fc.boolean());
    const time = fc.oneof(fc.constantFrom(1, 2, 3, 5, 2.04, 2.06, 9), fc.constant("2"), fc.constant(null));
    const record = fc.oneof(
      fc.record({ id: fc.constantFrom("a", "b", "zz", "", 7), predictions: fc.array(value, { maxLength: 5 }) }, { requiredKeys: ["id", "predictions"] }),
      fc.record({ id: fc.constantFrom("a", "b"), predictions: fc.array(value, { maxLength: 4 }), query_times: fc.array(time, { maxLength: 4 }), gts: fc.array(value, { maxLength: 4 }) }, { requiredKeys: ["id", "predictions"] }),
      fc.record({ id: fc.constantFrom("a", "b"), query_time: time, prediction: value, pred: value }, { requiredKeys: ["id"] }),
      fc.record({ id: fc.constantFrom("a", "b"), query_index: fc.oneof(fc.integer({ min: -1, max: 3 }), fc.constant(1.5)), pred: value }, { requiredKeys: ["id", "query_index"] }),
      fc.constantFrom(null, 3, [1, 2], "text"),
    );
    fc.assert(
      fc.property(fc.array(record, { maxLength: 8 }), (records) => {
        // Both read the same line of text: the scanner JSON.stringify(record), the other what
        // JSON.parse makes of that text (a -0 in a record is written "0").
        const parsed = readWith(records.map((r) => JSON.parse(JSON.stringify(r)) as unknown));
        const scanned = readWith(records, { asLines: true });
        expect(scanned.values).toEqual(parsed.values);
        expect(scanned.problems).toEqual(parsed.problems);
        expect(Array.from(scanned.reader.startLine)).toEqual(Array.from(parsed.reader.startLine));
      }),
      { numRuns: 400 },
    );
  });

  it("reads a written -0 as JSON.parse does", () => {
    const lines = ['{"id": "a", "predictions": [-0, -0.0, 0]}'];
    const scanned = readWith(lines, { asLines: true, rawLines: true });
    const parsed = readWith(lines.map((l) => JSON.parse(l) as unknown));
    expect(scanned.values).toEqual(parsed.values);
  });

  it("reports a line that is not JSON through the caller, and reads on", () => {
    const r = readWith(['{"id": "a", "predictions": [1, 2', '{"id": "b", "predictions": [4]}'], { asLines: true, rawLines: true });
    expect(r.codes).toEqual(["malformed_json"]);
    expect(r.values[3]).toEqual({ v: 4, unified: true, line: 2 });
  });
});
