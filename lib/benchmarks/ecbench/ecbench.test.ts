import { readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { exportEcbench } from "./export";
import { parseEcbench } from "./parse";

const dir = path.join(process.cwd(), "tests/fixtures");
const text = readFileSync(path.join(dir, "import/ec_dataset.csv"), "utf8");
const records = (t: string) => parseCsv(t, { columns: true }) as Record<string, string>[];
const codes = (list: { code: string }[]) => list.map((i) => i.code);

describe("EC-Bench dataset.csv", () => {
  it("reads multi-line cells and names the line each record starts on", async () => {
    const r = await parseEcbench(text);
    expect(r.errors).toEqual([]);
    expect(r.items).toHaveLength(19);
    const lines = text.split("\n");
    for (const it of r.items) expect(lines[it.line! - 1]).toMatch(new RegExp(`^[^,]*,${it.videoRef},[^,]*,${it.externalId},`));
    const q2 = r.items.find((i) => i.externalId === "2")!;
    expect(q2.line).toBe(4);
    expect(q2.truthSpans).toHaveLength(7);
    expect(q2.truthSpans[0]).toEqual({ startSec: 101, endSec: 441 });
    expect(q2.truth.answer).toBe("Soba noodle shop, Snow forest,\nPrayer shrine,  Shindo house, Castle, Shindo Dojo, Hot spring with a waterfall");
    expect(q2).toMatchObject({ format: "enumeration", labels: { category: "A", category_name: "Parallel", genre: "cartoon", task_type: "Enumeration" } });
  });

  it("carries video_url down to the later rows of a video", async () => {
    const r = await parseEcbench(text);
    const url = (id: string) => r.items.find((i) => i.externalId === id)!.truth.source.video_url;
    expect(url("1")).toBe("https://www.youtube.com/watch?v=Cm73ma6Ibcs");
    expect(url("6")).toBe("https://www.youtube.com/watch?v=Cm73ma6Ibcs");
    expect(url("16")).toBe(url("13"));
    expect(url("112")).toBe("");
    expect(r.warnings.filter((w) => w.code === "video_url_missing").map((w) => w.item_id)).toEqual(["110"]);
  });

  it("marks ordered (→) enumerations and keeps answers out of the presentation", async () => {
    const r = await parseEcbench(text);
    const q16 = r.items.find((i) => i.externalId === "16")!;
    expect(q16.presentation).toEqual({ answer_format: "list", ordered: true });
    expect(r.items.find((i) => i.externalId === "1")!.presentation).toEqual({ answer_format: "number" });
  });

  it("reports reversed, repaired, unparseable and mergeable clips without blocking", async () => {
    const r = await parseEcbench(text);
    const got = r.warnings.map((w) => `${w.code}:${w.item_id}`);
    expect(got).toEqual(expect.arrayContaining(["clip_reversed:89", "clip_repaired:73", "clip_repaired:95", "clips_mergeable:95", "no_clips:153", "blank_genre:28", "clip_unparseable:926"]));
    const rev = r.warnings.find((w) => w.code === "clip_reversed")!;
    expect(rev.message).toMatch(/ends before it starts/);
    expect(rev.field).toBe("clips");
    // the reversed clip is not a truth span
    const q89 = r.items.find((i) => i.externalId === "89")!;
    expect(q89.truthSpans.every((s) => s.endSec >= s.startSec)).toBe(true);
  });

  it("exports an unchanged import as the same records", async () => {
    const r = await parseEcbench(text);
    const out = exportEcbench({ items: r.items, meta: r.meta });
    expect(records(out.text)).toEqual(records(text));
    expect(parseCsv(out.text)[0]).toEqual(parseCsv(text)[0]);
  });

  it("exports edited spans, answers and a new first row of a video", async () => {
    const r = await parseEcbench(text);
    const items = r.items.filter((i) => i.externalId !== "1");
    const q2 = items.find((i) => i.externalId === "2")!;
    q2.truthSpans = [{ startSec: 100, endSec: 110 }, { startSec: 3600, endSec: 3725.5 }];
    const q5 = items.find((i) => i.externalId === "5")!;
    q5.truth.answer = "4";
    const rows = records(exportEcbench({ items, meta: r.meta }).text);
    const row = (id: string) => rows.find((x) => x.question_id === id)!;
    expect(row("2").clips).toBe("[0:01:40,0:01:50], [1:00:00,1:02:05.5]");
    expect(row("2").video_url).toBe("https://www.youtube.com/watch?v=Cm73ma6Ibcs");
    expect(row("5").video_url).toBe("");
    expect(row("5").answer).toBe("4");
    expect(row("13").clips).toBe(records(text).find((x) => x.question_id === "13")!.clips);
  });

  it("reports a broken quote with the line where the record starts", async () => {
    const lines = text.split("\n");
    const at = lines.findIndex((l) => l.startsWith(",1,cartoon,5,"));
    lines[at] = lines[at].replace('"[0:02:15,0:02:27]"', '"[0:02:15,0:02:27]"x');
    const r = await parseEcbench(lines.join("\n"));
    expect(r.errors.map((e) => [e.code, e.line])).toEqual([["malformed_csv", at + 1]]);
    expect(r.errors[0].message).toMatch(/quote/);
    const unclosed = await parseEcbench(text + '\n\n,99,news,9999,A,Counting,"How many?,[0:00:01,0:00:02],1,\n');
    expect(codes(unclosed.errors)).toEqual(["malformed_csv"]);
    expect(unclosed.errors[0].line).toBe(text.split("\n").length + 2);
    expect(unclosed.errors[0].message).toMatch(/never closed/);
  });

  it("reports records with the wrong number of cells and reads the others", async () => {
    const r = await parseEcbench(text.replace(",1,cartoon,5,C,Counting,", ",1,cartoon,5,C,Counting,extra,"));
    expect(r.errors.map((e) => [e.code, e.item_id])).toEqual([["malformed_csv", "5"]]);
    expect(r.items).toHaveLength(18);
  });

  it("refuses prediction files, missing columns, unknown task types, duplicates and empty files", async () => {
    const preds = await parseEcbench(readFileSync(path.join(dir, "ecbench/preds.csv"), "utf8"));
    expect(codes(preds.errors)).toEqual(["prediction_file"]);
    expect(preds.errors[0].message).toMatch(/model_clips/);
    expect(codes((await parseEcbench("video_id,question\n1,q\n")).errors)).toEqual(["missing_columns"]);
    expect(codes((await parseEcbench("")).errors)).toEqual(["empty_file"]);
    expect(codes((await parseEcbench(text.split("\n")[0] + "\n")).errors)).toEqual(["empty_file"]);
    const unknown = await parseEcbench(text.replace(",1,A,Counting,", ",1,A,Ranking,"));
    expect(unknown.errors.map((e) => [e.code, e.item_id, e.line, e.field])).toEqual([["unknown_format", "1", 2, "task_type"]]);
    const dup = await parseEcbench(text.replace(",1,cartoon,5,C,", ",1,cartoon,6,C,"));
    expect(dup.errors.map((e) => [e.code, e.item_id])).toEqual([["duplicate_id", "6"]]);
  });

  it("streams from chunks cut anywhere", async () => {
    async function* chunks() {
      const bytes = new TextEncoder().encode(text);
      for (let i = 0; i < bytes.length; i += 37) yield bytes.subarray(i, i + 37);
    }
    const r = await parseEcbench(chunks());
    const whole = await parseEcbench(text);
    expect(r.items).toEqual(whole.items);
  });
});
