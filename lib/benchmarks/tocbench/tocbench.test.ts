import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportTocbench } from "./export";
import { parseTocbench } from "./parse";

const text = readFileSync(path.join(process.cwd(), "tests/fixtures/import/toc_answer_final.json"), "utf8");
const codes = (list: { code: string }[]) => list.map((i) => i.code);
type Doc = { items: Record<string, unknown>[] } & Record<string, unknown>;
const doc = (): Doc => JSON.parse(text);

describe("TOC-Bench answer_final.json", () => {
  it("normalises items of every format with participant-safe presentation", () => {
    const r = parseTocbench(text);
    expect(r.errors).toEqual([]);
    expect(r.items).toHaveLength(10);
    expect(new Set(r.items.map((i) => i.format))).toEqual(new Set(["mcq_4", "sp", "numerical", "ordering_3", "ordering_4"]));
    const mcq = r.items.find((i) => i.externalId === "42fbdd45fe59")!;
    expect(mcq).toMatchObject({
      format: "mcq_4",
      videoRef: "charades_16D5O",
      presentation: { options: [{ label: "A", text: "beginning" }, { label: "B", text: "late" }, { label: "C", text: "there is no sandwich on plate in this video" }, { label: "D", text: "end" }] },
      labels: { dim: "temporal_location", tier: "tier1", hallucination: null, has_hallucination_distractor: true, source: "charades" },
      truth: { answer: "A" },
    });
    const ord = r.items.find((i) => i.format === "ordering_4")!;
    expect(ord.presentation.events).toEqual([
      { label: "A", text: "it leaves the frame" },
      { label: "B", text: "it enters the frame" },
      { label: "C", text: "it gets partly hidden" },
      { label: "D", text: "it comes back into view" },
    ]);
    expect(ord.truth.answer).toEqual(["B", "C", "D", "A"]);
    for (const it of r.items) expect(JSON.stringify(it.presentation)).not.toMatch(/correct|metadata|hallucination/);
    // truth-bearing metadata beyond the labels stays in the truth source
    const sem = r.items.find((i) => i.externalId === "e1113ed4bdfd")!;
    expect(Object.keys(sem.truth.source.metadata_extra as object)).toEqual(expect.arrayContaining(["semantic_ground_truth", "ground_truth_is_real"]));
  });

  it("names the line each item starts on", () => {
    const r = parseTocbench(text);
    const lines = text.split("\n");
    for (const it of r.items) {
      expect(it.line).not.toBeNull();
      expect(lines[it.line! - 1].trim()).toBe("{");
      expect(lines[it.line!]).toContain(`"qa_id": "${it.externalId}"`);
    }
  });

  it("reports the kept-invalid ordering item and no header mismatch", () => {
    const r = parseTocbench(text);
    expect(r.warnings.map((w) => [w.code, w.item_id])).toEqual([["answer_not_allowed", "7d73a701e7a6"]]);
  });

  it("reports format/event mismatches, duplicated options and answers outside the allowed set", () => {
    const d = doc();
    const ord3 = d.items.find((i) => i.format === "ordering_3")!;
    (ord3.events as unknown[]).push({ label: "D", event_text: "it comes back" });
    const mcq = d.items.find((i) => i.qa_id === "8d86b8fd75ae")!;
    mcq.option_C = ` ${String(mcq.option_A).toUpperCase()} `;
    const sp = d.items.find((i) => i.format === "sp")!;
    sp.correct_answer = "C";
    const num = d.items.find((i) => i.format === "numerical")!;
    num.correct_answer = "7";
    d.total_items = 99;
    const r = parseTocbench(JSON.stringify(d, null, 2));
    expect(r.errors).toEqual([]);
    const got = r.warnings.map((w) => [w.code, w.item_id]);
    expect(got).toEqual(
      expect.arrayContaining([
        ["ordering_event_count", ord3.qa_id],
        ["answer_not_allowed", ord3.qa_id],
        ["duplicate_options", "8d86b8fd75ae"],
        ["answer_not_allowed", sp.qa_id],
        ["answer_not_allowed", num.qa_id],
        ["header_mismatch", null],
      ]),
    );
  });

  it("rejects unknown formats and wrong types, naming item index, id, field and line", () => {
    const d = doc();
    d.items[2].format = "mcq_5";
    d.items[3].correct_answer = 1;
    delete d.items[4].question;
    const t = JSON.stringify(d, null, 2);
    const r = parseTocbench(t);
    expect(r.items).toHaveLength(7);
    expect(r.errors.map((e) => [e.code, e.item_id, e.field])).toEqual([
      ["unknown_format", d.items[2].qa_id, "items[2].format"],
      ["invalid_record", d.items[3].qa_id, "items[3].correct_answer"],
      ["invalid_record", d.items[4].qa_id, "items[4].question"],
    ]);
    const lines = t.split("\n");
    expect(lines[r.errors[0].line!]).toContain(String(d.items[2].qa_id));
    expect(r.errors[0].message).toMatch(/mcq_5/);
  });

  it("reports truncated JSON with its line, empty files, other files and prediction files", () => {
    const cut = parseTocbench(text.slice(0, 2000));
    expect(codes(cut.errors)).toEqual(["malformed_json"]);
    expect(cut.errors[0].message).toMatch(/truncated/);
    expect(cut.errors[0].line).toBe(text.slice(0, 2000).split("\n").length);
    const broken = parseTocbench(text.replace('"format": "sp"', '"format" "sp"'));
    expect(codes(broken.errors)).toEqual(["malformed_json"]);
    expect(broken.errors[0].line).toBe(text.split("\n").findIndex((l) => l.includes('"format": "sp"')) + 1);
    expect(codes(parseTocbench("").errors)).toEqual(["empty_file"]);
    expect(codes(parseTocbench('{"items": []}').errors)).toEqual(["empty_file"]);
    expect(codes(parseTocbench('{"benchmark": "x"}').errors)).toEqual(["unknown_file_format"]);
    const predsJsonl = '{"qa_id": "42fbdd45fe59", "extracted_answer": "A"}\n{"qa_id": "x", "extracted_answer": "B"}\n';
    expect(codes(parseTocbench(predsJsonl).errors)).toEqual(["prediction_file"]);
    expect(codes(parseTocbench('[{"qa_id": "42fbdd45fe59", "format": "mcq_4", "extracted_answer": "A"}]').errors)).toEqual(["prediction_file"]);
  });

  it("refuses duplicate qa_ids", () => {
    const d = doc();
    d.items.push({ ...d.items[0] });
    expect(codes(parseTocbench(JSON.stringify(d)).errors)).toEqual(["duplicate_id"]);
  });

  it("exports an unchanged import as the same document", () => {
    const r = parseTocbench(text);
    const out = exportTocbench({ items: r.items, meta: r.meta });
    expect(JSON.parse(out.text)).toEqual(JSON.parse(text));
    expect(Object.keys(JSON.parse(out.text))).toEqual(Object.keys(JSON.parse(text)));
  });

  it("exports edits and recomputes the header counts", () => {
    const r = parseTocbench(text);
    const kept = r.items.filter((i) => i.format !== "numerical");
    const sp = kept.find((i) => i.externalId === "a34a83a3afe7")!;
    sp.truth.answer = "A";
    (sp.presentation.statements as { label: string; text: string }[])[0].text = "it never enters";
    sp.labels.tier = "tier2";
    const out = JSON.parse(exportTocbench({ items: kept, meta: r.meta }).text);
    expect(out.total_items).toBe(9);
    expect(out.format_counts.numerical).toBe(0);
    expect(out.video_count).toBe(new Set(kept.map((i) => i.videoRef)).size);
    const rec = out.items.find((i: { qa_id: string }) => i.qa_id === "a34a83a3afe7");
    expect(rec).toMatchObject({ correct_answer: "A", statement_A: "it never enters", metadata: { tier: "tier2", dim: "event_existence" } });
    expect(rec.metadata.source).toBeUndefined();
  });
});
