import { describe, expect, it } from "vitest";
import { linesOf } from "@/lib/benchmarks/text-lines";
import { exportCustomItems, parseCustomItems } from "./custom-format";

const file = [
  JSON.stringify({ id: "q1", video: "clips/a.mp4", question: "What colour is the cup?", options: ["red", "blue"], answer: "B", labels: { category: "colour", challenges: ["occlusion"] } }),
  JSON.stringify({ id: 2, video: "clips/b.mp4", question: "How many birds so far?", format: "count", answer: [1, 3], query_points: [4.5, 9], evidence: [[20, 25], { start: 1, end: 2, label: "first" }], rater: "x" }),
  "",
].join("\n");

describe("Playhead generic item file", () => {
  it("parses items: options labelled A, B..., query points, spans, extras kept with the truth", async () => {
    const out = await parseCustomItems(linesOf(file));
    expect(out.errors).toEqual([]);
    expect(out.warnings).toEqual([]);
    expect(out.items).toHaveLength(2);
    const [a, b] = out.items;
    expect(a).toMatchObject({ externalId: "q1", format: "mcq", videoRef: "clips/a.mp4", line: 1, labels: { category: "colour" } });
    expect(a.presentation).toEqual({ options: [{ label: "A", text: "red" }, { label: "B", text: "blue" }] });
    expect(a.truth.answer).toBe("B");
    expect(b.queryPoints).toEqual([{ ordinal: 0, timeSec: 4.5 }, { ordinal: 1, timeSec: 9 }]);
    expect(b.truthSpans).toEqual([{ startSec: 1, endSec: 2, label: "first" }, { startSec: 20, endSec: 25 }]);
    expect(b.truth.source.extra).toEqual({ rater: "x" });
    expect(JSON.stringify(a.presentation)).not.toContain('"answer"');
  });

  it("exports what it parsed", async () => {
    const parsed = await parseCustomItems(linesOf(file));
    const again = await parseCustomItems(linesOf(exportCustomItems({ items: parsed.items }).text));
    expect(again.items.map(({ line: _l, ...rest }) => rest)).toEqual(parsed.items.map(({ line: _l, ...rest }) => rest));
  });

  it("names line, item and field of every bad record", async () => {
    const bad = [
      JSON.stringify({ id: "a", video: "v.mp4", question: "q", answer: 1, query_points: [-1, "x"] }),
      '{"id": "b", "video": "v.mp4", "question": ', // truncated
      JSON.stringify({ id: "c", video: "v.mp4", question: "q", answer: 1, evidence: [[5, 2]] }),
      JSON.stringify({ id: "d", video: "v.mp4", question: "q", answer: 1 }),
      JSON.stringify({ id: "d", video: "v.mp4", question: "again", answer: 1, labels: { "bad key": "x" } }),
      JSON.stringify({ id: "e", video: 3, question: "q" }),
    ].join("\n");
    const out = await parseCustomItems(linesOf(bad));
    const where = out.errors.map((e) => [e.code, e.line, e.item_id, e.field ?? null]);
    expect(where).toEqual(
      expect.arrayContaining([
        ["invalid_record", 1, "a", "query_points[0]"],
        ["invalid_record", 1, "a", "query_points[1]"],
        ["malformed_json", 2, null, null],
        ["span_reversed", 3, "c", "evidence[0]"],
        ["invalid_record", 5, "d", "labels.bad key"],
        ["invalid_record", 6, "e", "video"],
        ["invalid_record", 6, "e", "answer"],
      ]),
    );
    const dup = await parseCustomItems(linesOf([JSON.stringify({ id: "d", video: "v", question: "q", answer: 1 }), JSON.stringify({ id: "d", video: "v", question: "r", answer: 2 })].join("\n")));
    expect(dup.errors.map((e) => [e.code, e.line, e.item_id, e.field])).toEqual([["duplicate_id", 2, "d", "id"]]);
    for (const e of out.errors) expect(e.message).toMatch(/^line \d+: /);
  });

  it("recognises a prediction file and an empty file", async () => {
    const pred = await parseCustomItems(linesOf(JSON.stringify({ id: "q1", prediction: "B" }) + "\n"));
    expect(pred.errors.map((e) => [e.code, e.line, e.field])).toEqual([["prediction_file", 1, "prediction"]]);
    const empty = await parseCustomItems(linesOf("\n\n"));
    expect(empty.errors.map((e) => e.code)).toEqual(["empty_file"]);
  });

  it("warns about answers that do not fit their options or query points", async () => {
    const out = await parseCustomItems(
      linesOf(
        [
          JSON.stringify({ id: "x", video: "v", question: "q", options: ["a", "b"], answer: "C" }),
          JSON.stringify({ id: "y", video: "v", question: "q", answer: [1], query_points: [3, 2] }),
        ].join("\n"),
      ),
    );
    expect(out.errors).toEqual([]);
    expect(out.warnings.map((w) => [w.code, w.item_id])).toEqual([
      ["answer_not_an_option", "x"],
      ["query_times_out_of_order", "y"],
      ["answer_length_mismatch", "y"],
    ]);
  });
});
