import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportVcbench } from "./export";
import { candidateFromItem, matchEvalToData } from "./match-eval";
import { parseVcbench } from "./parse";
import { linesOf } from "../text-lines";
import type { NormalisedItem } from "../types";

const fixture = (name: string) => readFileSync(path.join(process.cwd(), "tests/fixtures/import", name), "utf8");
const parse = (text: string) => parseVcbench(linesOf(text));
const jsonl = (text: string) => text.split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l));
const codes = (list: { code: string }[]) => list.map((i) => i.code);
const byId = (items: NormalisedItem[], id: string) => items.find((i) => i.externalId === id)!;

describe("vcbench_data.jsonl", () => {
  it("normalises every subtype, keeping stored answers and native order", async () => {
    const r = await parse(fixture("vcbench_data.jsonl"));
    expect(r.errors).toEqual([]);
    expect(r.meta.fileKind).toBe("vcbench_data");
    expect(r.items.map((i) => i.externalId)).toEqual(["0000", "0002", "0081", "0468", "0179", "0418", "0546", "0749", "0800", "0991", "0945"]);
    const snap = byId(r.items, "0002");
    expect(snap).toMatchObject({
      ordinal: 1,
      format: "count",
      videoRef: "RoomTour3D/0qw2HOHjiyU.mp4",
      labels: { subtype: "O1-Snap", counting_type: "O1", source_dataset: "RoomTour3D" },
      truth: { answer: [1, 2, 0] },
      line: 2,
    });
    expect(snap.queryPoints).toEqual([
      { ordinal: 0, timeSec: 582.3 },
      { ordinal: 1, timeSec: 577.3 },
      { ordinal: 2, timeSec: 763.3 },
    ]);
    const delta = byId(r.items, "0081");
    expect(delta.truth.source.occurrence_times).toEqual({ start: [21], end: [25] });
    expect(delta.queryPoints).toEqual([{ ordinal: 0, timeSec: 25 }]);
    // presentation is participant-safe: nothing truth-bearing
    for (const it of r.items) expect(JSON.stringify(it.presentation)).not.toMatch(/count|occurrence/);
  });

  it("reports out-of-order query times and stored counts that disagree with the rule, and keeps them", async () => {
    const r = await parse(fixture("vcbench_data.jsonl"));
    const ooo = r.warnings.filter((w) => w.code === "query_times_out_of_order");
    expect(ooo.map((w) => w.item_id)).toEqual(["0002"]);
    expect(ooo[0]).toMatchObject({ line: 2, field: "query_points.time" });
    const dis = r.warnings.filter((w) => w.code === "count_disagrees_with_rule");
    expect(dis.length).toBeGreaterThan(0);
    expect(new Set(dis.map((w) => w.item_id))).toEqual(new Set(["0418"]));
    expect(dis[0].message).toMatch(/stored count \d+, but \d+/);
    // the stored answers are what is imported
    expect(byId(r.items, "0418").truth.answer).toEqual(jsonl(fixture("vcbench_data.jsonl")).find((x) => x.id === "0418").query_points.count);
  });

  it("warns about windows ending before they start and query points away from the window end", async () => {
    const line = JSON.stringify({
      id: "x1",
      source_dataset: "d",
      video_path: "v.mp4",
      question: "q",
      counting_type: "E2",
      counting_subtype: "E2-Episode",
      occurrence_times: { start: [5, 10], end: [8, 9] },
      query_points: { time: [6, 9, 20], count: [0, 1, 2] },
    });
    const gain = JSON.stringify({
      id: "x2",
      source_dataset: "d",
      video_path: "v.mp4",
      question: "q2",
      counting_subtype: "O2-Gain",
      occurrence_times: { start: [3], end: [7] },
      query_points: { time: [6], count: [1] },
    });
    const r = await parse(`${line}\n${gain}\n`);
    expect(r.errors).toEqual([]);
    expect(codes(r.warnings)).toEqual(expect.arrayContaining(["window_end_before_start", "count_disagrees_with_rule", "query_not_at_window_end"]));
    expect(r.warnings.find((w) => w.code === "window_end_before_start")).toMatchObject({ item_id: "x1", line: 1, field: "occurrence_times.end[1]" });
  });

  it("names line, id and field for records of the wrong shape, and skips them", async () => {
    const good = fixture("vcbench_data.jsonl").split("\n")[0];
    const badCount = good.replace('"count": [2, 4, 0]', '"count": ["2", 4, 0]').replace('"id": "0000"', '"id": "bad1"');
    const unknownSubtype = good.replace('"O1-Snap"', '"O3-Magic"').replace('"id": "0000"', '"id": "bad2"');
    const r = await parse([good, badCount, "{not json", unknownSubtype, ""].join("\n"));
    expect(r.items.map((i) => i.externalId)).toEqual(["0000"]);
    expect(r.errors.map((e) => [e.code, e.line, e.item_id])).toEqual([
      ["invalid_record", 2, "bad1"],
      ["malformed_json", 3, null],
      ["invalid_record", 4, "bad2"],
    ]);
    expect(r.errors[0].field).toBe("query_points.count[0]");
    expect(r.errors[0].message).toMatch(/^line 2: field "query_points.count\[0\]"/);
    expect(r.errors[2].field).toBe("counting_subtype");
  });

  it("refuses duplicate ids, prediction files, empty and unknown files", async () => {
    const good = fixture("vcbench_data.jsonl").split("\n")[0];
    expect(codes((await parse(`${good}\n${good}\n`)).errors)).toEqual(["duplicate_id"]);
    const preds = await parse('{"id": "0000", "query_time": 663.0, "prediction": "2"}\n');
    expect(codes(preds.errors)).toEqual(["prediction_file"]);
    expect(preds.errors[0].message).toMatch(/prediction file/);
    expect(codes((await parse('{"id": "0000", "predictions": [1, 2]}\n')).errors)).toEqual(["prediction_file"]);
    expect(codes((await parse("")).errors)).toEqual(["empty_file"]);
    expect(codes((await parse("\n  \n")).errors)).toEqual(["empty_file"]);
    expect(codes((await parse('{"foo": 1}\n')).errors)).toEqual(["unknown_file_format"]);
    expect(codes((await parse('[1, 2]\n')).errors)).toEqual(["not_an_object"]);
  });

  it("exports an unchanged import as the same records", async () => {
    const text = fixture("vcbench_data.jsonl");
    const r = await parse(text);
    const out = exportVcbench({ items: r.items, meta: r.meta });
    expect(jsonl(out.text)).toEqual(jsonl(text));
    expect(out.warnings).toEqual([]);
  });

  it("exports current values after edits", async () => {
    const r = await parse(fixture("vcbench_data.jsonl"));
    const item = byId(r.items, "0179");
    item.truth.answer = [1, 2, 2];
    item.queryPoints[1] = { ordinal: 1, timeSec: 22.5 };
    item.question = "How many distinct bookshelves so far?";
    const rec = jsonl(exportVcbench({ items: r.items, meta: r.meta }).text).find((x) => x.id === "0179");
    expect(rec.query_points).toEqual({ time: [1.0, 22.5, 168.7], count: [1, 2, 2] });
    expect(rec.question).toBe("How many distinct bookshelves so far?");
    expect(rec.occurrence_times).toEqual([0.0, 42.1]);
  });

  it("flattens data items into vcbench_eval.jsonl lines on request", async () => {
    const r = await parse(fixture("vcbench_data.jsonl"));
    const lines = jsonl(exportVcbench({ items: r.items, meta: r.meta }, "eval").text);
    expect(lines).toHaveLength(r.items.reduce((n, i) => n + i.queryPoints.length, 0));
    expect(lines[0]).toEqual({
      q_id: "0000",
      query_index: 0,
      id: "0000",
      source_dataset: "RoomTour3D",
      video_path: "-FZTi5EfPSQ.mp4",
      question: "How many pillows are visible at this moment?",
      counting_type: "O1",
      counting_subtype: "O1-Snap",
      query_time: 663,
      count: 2,
    });
    expect(lines[3]).toMatchObject({ q_id: "0003", query_index: 0, id: "0002" });
  });
});

describe("vcbench_eval.jsonl", () => {
  it("groups query points by question and round-trips", async () => {
    const text = fixture("vcbench_eval.jsonl");
    const r = await parse(text);
    expect(r.errors).toEqual([]);
    expect(r.meta.fileKind).toBe("vcbench_eval");
    expect(r.items).toHaveLength(11);
    expect(r.items.reduce((n, i) => n + i.queryPoints.length, 0)).toBe(jsonl(text).length);
    const q = byId(r.items, "0546");
    expect(q.queryPoints.map((p) => p.timeSec)).toEqual([68.33, 101.0, 131.0, 159.33]);
    expect(q.truth.source.occurrence_times).toBeUndefined();
    expect(jsonl(exportVcbench({ items: r.items, meta: r.meta }).text)).toEqual(jsonl(text));
  });

  it("rejects a group whose lines disagree on the question", async () => {
    const lines = fixture("vcbench_eval.jsonl").split("\n").filter(Boolean);
    lines[1] = lines[1].replace("How many pillows", "How many chairs");
    const r = await parse(lines.join("\n"));
    expect(r.errors.map((e) => [e.code, e.line, e.field])).toEqual([["eval_group_inconsistent", 2, "question"]]);
  });

  it("matches eval questions to data questions by video, text, subtype and times — never by id", async () => {
    const data = await parse(fixture("vcbench_data.jsonl"));
    const ev = await parse(fixture("vcbench_eval.jsonl"));
    const m = matchEvalToData(ev.items.map(candidateFromItem), data.items.map(candidateFromItem));
    expect(m.unmatchedEval).toEqual([]);
    expect(m.unmatchedData).toEqual([]);
    const pairs = Object.fromEntries(m.matches.map((x) => [x.evalId, [x.dataId, x.quality]]));
    expect(pairs["0000"]).toEqual(["0000", "exact"]);
    expect(pairs["0546"]).toEqual(["0546", "rounded"]);
    expect(pairs["0947"]).toEqual(["0945", "differs"]);
    expect(pairs["0993"]).toEqual(["0991", "exact"]);
    expect(pairs["0751"][0]).toBe("0749");
    const idDiffers = m.warnings.filter((w) => w.code === "eval_id_differs").map((w) => w.item_id);
    expect(idDiffers.sort()).toEqual(["0751", "0802", "0947", "0993"]);
    expect(m.warnings.find((w) => w.code === "eval_query_points_differ" && w.item_id === "0947")?.message).toMatch(/0945/);
  });

  it("reports what cannot be matched", async () => {
    const data = await parse(fixture("vcbench_data.jsonl"));
    const evText = fixture("vcbench_eval.jsonl").replaceAll("How many pillows are visible", "How many lamps are visible");
    const ev = await parse(evText);
    const m = matchEvalToData(ev.items.map(candidateFromItem), data.items.map(candidateFromItem));
    expect(m.unmatchedEval).toEqual(["0000"]);
    expect(m.unmatchedData).toEqual(["0000"]);
    expect(codes(m.warnings)).toEqual(expect.arrayContaining(["eval_unmatched", "data_unmatched"]));
  });

  it("prefers the exact pair when two data questions share video, text and subtype", () => {
    const base = { videoRef: "d/v.mp4", question: "How many?", subtype: "E1-Action", counts: [1, 2, 3] };
    const data = [
      { ...base, externalId: "a", times: [1, 2, 3] },
      { ...base, externalId: "b", times: [4, 5, 6] },
    ];
    const ev = [
      { ...base, externalId: "e1", times: [1.01, 2, 3] },
      { ...base, externalId: "e2", times: [1, 2, 3] },
    ];
    const m = matchEvalToData(ev, data);
    expect(m.matches).toEqual([
      { evalId: "e1", dataId: "b", quality: "differs" },
      { evalId: "e2", dataId: "a", quality: "exact" },
    ]);
  });
});
