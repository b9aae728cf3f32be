import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { linesOf } from "../text-lines";
import { exportVsas } from "./export";
import { parseVsas } from "./parse";

const text = readFileSync(path.join(process.cwd(), "tests/fixtures/import/vsas_tasks.jsonl"), "utf8");
const parse = (t: string) => parseVsas(linesOf(t));
const jsonl = (t: string) => t.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
const codes = (list: { code: string }[]) => list.map((i) => i.code);

describe("VSAS-Bench task JSONL", () => {
  it("normalises tasks with per-second captions as truth", async () => {
    const r = await parse(text);
    expect(r.errors).toEqual([]);
    expect(r.items.map((i) => [i.externalId, i.format, i.labels.task_type, i.line])).toEqual([
      ["vsas-0001", "caption", "Present", 1],
      ["vsas-0002", "caption", "Cumulative", 2],
      ["3", "caption", "Future", 3],
    ]);
    expect(r.items[0].question).toBe("Describe what the person is holding right now.");
    expect(r.items[0].truth.answer).toHaveLength(4);
    expect(JSON.stringify(r.items[0].presentation)).not.toMatch(/knife/);
  });

  it("reports gaps and empty captions", async () => {
    const r = await parse(text);
    expect(r.warnings.map((w) => [w.code, w.item_id])).toEqual([
      ["caption_gap", "vsas-0002"],
      ["empty_caption", "vsas-0002"],
    ]);
  });

  it("rejects wrong types and refuses response files and empty files", async () => {
    const bad = text.replace('"t": 1, "text": "A knife."', '"t": "one", "text": "A knife."');
    const r = await parse(bad);
    expect(r.errors.map((e) => [e.code, e.line, e.field])).toEqual([["invalid_record", 1, "captions[1].t"]]);
    expect(codes((await parse('{"task_id": "vsas-0001", "responses": [{"t": 0, "response": "x"}]}\n')).errors)).toEqual(["prediction_file"]);
    expect(codes((await parse("")).errors)).toEqual(["empty_file"]);
    expect(codes((await parse(`${text.split("\n")[0]}\n${text.split("\n")[0]}\n`)).errors)).toEqual(["duplicate_id"]);
  });

  it("reads the string-caption form of docs/formats/vsas.md and round-trips it", async () => {
    const colleague = readFileSync(path.join(process.cwd(), "tests/fixtures/vsas/tasks.jsonl"), "utf8");
    const r = await parse(colleague);
    expect(r.errors).toEqual([]);
    const p1 = r.items.find((i) => i.externalId === "p1")!;
    expect((p1.truth.answer as { t: number }[]).map((c) => c.t)).toEqual([0, 1, 2, 3, 4]);
    expect(jsonl(exportVsas({ items: r.items, meta: r.meta }).text)).toEqual(jsonl(colleague));
    const mixed = '{"task_id": "m", "video": "v.mp4", "task_type": "Present", "prompt": "p", "fps": 2, "captions": ["a", {"t": 0.5, "text": "b"}, "c"]}\n';
    const m = await parse(mixed);
    expect(m.items[0].truth.answer).toEqual([{ t: 0, text: "a" }, { t: 0.5, text: "b" }, { t: 1, text: "c" }]);
    expect(jsonl(exportVsas({ items: m.items, meta: m.meta }).text)).toEqual(jsonl(mixed));
  });

  it("refuses the invalid tasks of the scorer's bad fixture, naming lines and fields", async () => {
    const r = await parse(readFileSync(path.join(process.cwd(), "tests/fixtures/vsas/tasks-bad.jsonl"), "utf8"));
    expect(r.errors.map((e) => [e.code, e.line, e.field])).toEqual(
      expect.arrayContaining([
        ["invalid_record", 4, "fps"],
        ["invalid_record", 5, "captions"],
        ["duplicate_id", 2, "task_id"],
      ]),
    );
    expect(r.warnings.map((w) => [w.code, w.item_id])).toContainEqual(["unknown_task_type", "x1"]);
  });

  it("round-trips and exports edits", async () => {
    const r = await parse(text);
    expect(jsonl(exportVsas({ items: r.items, meta: r.meta }).text)).toEqual(jsonl(text));
    (r.items[0].truth.answer as { t: number; text: string }[])[0].text = "An empty hand.";
    expect(jsonl(exportVsas({ items: r.items, meta: r.meta }).text)[0].captions[0]).toEqual({ t: 0, text: "An empty hand." });
  });
});
