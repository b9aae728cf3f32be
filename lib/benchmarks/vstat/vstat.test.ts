import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportVstat } from "./export";
import { parseVstat } from "./parse";

const text = readFileSync(path.join(process.cwd(), "tests/fixtures/import/vstat_qa.json"), "utf8");
const codes = (list: { code: string }[]) => list.map((i) => i.code);

describe("VSTAT QA JSON", () => {
  it("normalises MCQ and numeric questions with their taxonomy labels", () => {
    const r = parseVstat(text);
    expect(r.errors).toEqual([]);
    expect(r.items.map((i) => [i.externalId, i.format, i.videoRef])).toEqual([
      ["rubiks_cube#0", "mcq", "blender/cube_0001.mp4"],
      ["rubiks_cube#1", "numeric", "blender/cube_0002.mp4"],
      ["basketball_score#0", "numeric", "real/bb_0100.mp4"],
      ["basketball_score#1", "mcq", "real/bb_0101.mp4"],
    ]);
    const [mcq, , neg] = r.items;
    expect(mcq.presentation).toEqual({ options: [{ label: "A", text: "top" }, { label: "B", text: "front" }, { label: "C", text: "left" }, { label: "D", text: "back" }] });
    expect(mcq.labels).toEqual({ source_task: "rubiks_cube", state_element: "location", state_structure: "atomic", perceptual_challenges: ["occlusion", "homogeneity"] });
    expect(mcq.truth.answer).toBe("B");
    expect(neg.truth.answer).toBe(-3);
    expect(neg.presentation).toEqual({ answer_type: "signed_integer" });
    const lines = text.split("\n");
    for (const it of r.items) expect(lines[it.line! - 1].trim()).toBe("{");
  });

  it("reports duplicate choices and an answer_index that does not match the letter", () => {
    const r = parseVstat(text);
    expect(r.warnings.map((w) => [w.code, w.item_id])).toEqual([
      ["answer_index_mismatch", "basketball_score#1"],
      ["duplicate_options", "basketball_score#1"],
    ]);
  });

  it("uses a doc id when there is one and refuses duplicates", () => {
    const d = JSON.parse(text);
    d.data.rubiks_cube[0].id = "q-1";
    d.data.rubiks_cube[1].id = "q-1";
    const r = parseVstat(JSON.stringify(d));
    expect(r.errors.map((e) => [e.code, e.item_id])).toEqual([["duplicate_id", "q-1"]]);
  });

  it("names index, field and line of invalid docs; refuses broken, empty, foreign and prediction files", () => {
    const d = JSON.parse(text);
    d.data.basketball_score[0].answer = { value: 3 };
    const t = JSON.stringify(d, null, 2);
    const r = parseVstat(t);
    expect(r.errors.map((e) => [e.code, e.field])).toEqual([["invalid_record", "data.basketball_score[0].answer"]]);
    expect(t.split("\n")[r.errors[0].line!]).toContain('"source_task": "basketball_score"');
    expect(codes(parseVstat(text.slice(0, 300)).errors)).toEqual(["malformed_json"]);
    expect(codes(parseVstat("").errors)).toEqual(["empty_file"]);
    expect(codes(parseVstat('{"data": {}}').errors)).toEqual(["empty_file"]);
    expect(codes(parseVstat('{"items": []}').errors)).toEqual(["unknown_file_format"]);
    expect(codes(parseVstat('{"data": {"t": [{"question": "q", "prediction": "B"}]}}').errors)).toEqual(["prediction_file"]);
  });

  it("exports an unchanged import as the same document, and edits", () => {
    const r = parseVstat(text);
    expect(JSON.parse(exportVstat({ items: r.items, meta: r.meta }).text)).toEqual(JSON.parse(text));
    r.items[2].truth.answer = -4;
    r.items[0].labels.perceptual_challenges = ["occlusion"];
    const out = JSON.parse(exportVstat({ items: r.items, meta: r.meta }).text);
    expect(out.data.basketball_score[0].answer).toBe(-4);
    expect(out.data.rubiks_cube[0].perceptual_challenges).toEqual(["occlusion"]);
    expect(out.data.rubiks_cube[1].difficulty).toBe("hard");
  });
});
