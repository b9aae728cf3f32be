import { describe, expect, it } from "vitest";
import { parseVcbenchTruthRecord, validateVcbenchScoringFields } from "./vcbench-schema";

// Record shapes copied from the real vcbench_data.jsonl (ids 0081 and 0797).
const delta = { id: "0081", counting_subtype: "O1-Delta", occurrence_times: { start: [21], end: [25] }, query_points: { time: [25], count: [1] } };
const episode = {
  id: "0797",
  counting_subtype: "E2-Episode",
  occurrence_times: { start: [129.7, 731.0, 975.7, 997.7], end: [203.7, 872.0, 997.0, 1017.7] },
  query_points: { time: [204.7, 873.0, 1018.7], count: [1, 2, 4] },
};

describe("parseVcbenchTruthRecord", () => {
  it("accepts real records and keeps extra fields", () => {
    const r = parseVcbenchTruthRecord({ ...episode, question: "How many?", extra: 1 }, 7);
    expect(r.problems).toEqual([]);
    expect(r.record?.id).toBe("0797");
    expect((r.record as Record<string, unknown>).extra).toBe(1);
    expect(parseVcbenchTruthRecord(delta).record?.counting_subtype).toBe("O1-Delta");
  });

  it("names line, id and field of every problem", () => {
    const r = parseVcbenchTruthRecord({ ...episode, query_points: { time: [1, 2], count: [1] }, occurrence_times: [1, 2] }, 12);
    expect(r.record).toBeNull();
    expect(r.problems.map((p) => p.field).sort()).toEqual(["occurrence_times", "query_points.count"]);
    expect(r.problems.every((p) => p.line === 12 && p.id === "0797" && p.message.startsWith("line 12: field"))).toBe(true);
    const bad = parseVcbenchTruthRecord({ id: "", counting_subtype: "O3", occurrence_times: [], query_points: { time: [], count: [] } }, 1);
    expect(bad.problems.map((p) => p.field)).toEqual(expect.arrayContaining(["id", "counting_subtype", "query_points.time"]));
    expect(parseVcbenchTruthRecord([1, 2], 3).problems[0].code).toBe("invalid_truth_record");
  });
});

describe("validateVcbenchScoringFields", () => {
  it("accepts what scoring needs and rejects the rest with a field name", () => {
    expect(validateVcbenchScoringFields("a", "O1-Snap", [1], [2])).toEqual({ ok: true, value: { id: "a", subtype: "O1-Snap", times: [1], counts: [2] } });
    const cases: Array<[unknown[], string]> = [
      [[1, "O1-Snap", [1], [2]], "id"],
      [["a", "O9", [1], [2]], "counting_subtype"],
      [["a", "O1-Snap", [], []], "query_points.time"],
      [["a", "O1-Snap", [1], [null]], "query_points.count"],
      [["a", "O1-Snap", [1, 2], [1]], "query_points.count"],
      [["a", "O1-Snap", [Infinity], [1]], "query_points.time"],
    ];
    for (const [args, field] of cases) {
      const r = validateVcbenchScoringFields(args[0], args[1], args[2], args[3], 4);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.problem.field).toBe(field);
        expect(r.problem.line).toBe(4);
      }
    }
  });
});
