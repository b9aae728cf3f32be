import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportChecked } from "./export-checked";
import { parseBenchmarkText } from "./parse-input";
import type { BenchmarkKindName } from "./types";

const fixture = (name: string) => readFileSync(path.join(process.cwd(), "tests/fixtures/import", name), "utf8");
const parsed = (kind: BenchmarkKindName, name: string) => parseBenchmarkText(kind, fixture(name));

describe("exportChecked", () => {
  it.each([
    ["VCBENCH", "vcbench_data.jsonl"],
    ["VCBENCH", "vcbench_eval.jsonl"],
    ["TOCBENCH", "toc_answer_final.json"],
    ["ECBENCH", "ec_dataset.csv"],
    ["VSTAT", "vstat_qa.json"],
    ["VSAS", "vsas_tasks.jsonl"],
  ] as const)("passes an unchanged %s import (%s), whose export parses back to the same items", async (kind, name) => {
    const r = await parsed(kind, name);
    const out = await exportChecked(kind, { items: r.items, meta: r.meta });
    expect(out.errors).toEqual([]);
    const back = await parseBenchmarkText(kind, out.text);
    const strip = (items: typeof r.items) => items.map(({ line: _line, ...rest }) => rest);
    expect(strip(back.items)).toEqual(strip(r.items));
  });

  it("refuses a VCBench video reference without <source_dataset>/, naming the question", async () => {
    const r = await parsed("VCBENCH", "vcbench_data.jsonl");
    const item = r.items.find((i) => i.externalId === "0179")!;
    item.videoRef = "09c1414f1b.mp4";
    delete item.labels.source_dataset;
    const out = await exportChecked("VCBENCH", { items: r.items, meta: r.meta });
    expect(out.errors.map((e) => [e.code, e.item_id, e.field])).toEqual([["video_ref_not_vcbench", "0179", "videoRef"]]);
  });

  it("refuses vcbench_data.jsonl for questions read from vcbench_eval.jsonl (no occurrence_times), except O1-Snap", async () => {
    const r = await parsed("VCBENCH", "vcbench_eval.jsonl");
    const out = await exportChecked("VCBENCH", { items: r.items, meta: r.meta }, { vcbenchFormat: "data" });
    const named = out.errors.map((e) => e.item_id);
    const snaps = r.items.filter((i) => i.labels.subtype === "O1-Snap").map((i) => i.externalId);
    expect(new Set(named)).toEqual(new Set(r.items.map((i) => i.externalId).filter((id) => !snaps.includes(id))));
    expect(out.errors.every((e) => e.code === "occurrence_times_unknown" && /format "eval"/.test(e.message))).toBe(true);
    expect((await exportChecked("VCBENCH", { items: r.items, meta: r.meta })).errors).toEqual([]);
  });

  it("turns a stored shape the format cannot hold into an error naming the item, not a crash", async () => {
    const r = await parsed("TOCBENCH", "toc_answer_final.json");
    const sp = r.items.find((i) => i.format === "sp")!;
    sp.presentation = { statements: { A: "first", B: "second" } };
    const out = await exportChecked("TOCBENCH", { items: r.items, meta: r.meta });
    expect(out.errors.length).toBeGreaterThan(0);
    expect(out.errors[0].message).toContain(`item "${sp.externalId}"`);
    expect(out.errors[0].message).toContain("statement_A");
  });
});
