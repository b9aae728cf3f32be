import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { VcbenchQuestionScore } from "@/lib/metrics/vcbench";
import { ByteIdTable } from "./id-table";
import { VcbenchResultWriter } from "./vcbench-result-writer";

const dir = mkdtempSync(join(tmpdir(), "playhead-result-writer-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function score(partial: Partial<VcbenchQuestionScore>): VcbenchQuestionScore {
  return { subtype: "O1-Snap", gpa: 1, moc: null, uda: 0.5, n_queries: 3, n_valid: 3, ...partial };
}

/** What the writer must reproduce: JSON.stringify of the record, key order as written. */
function expected(id: string, s: VcbenchQuestionScore): string {
  return JSON.stringify({ id, subtype: s.subtype, gpa: s.gpa, moc: s.moc, uda: s.uda, n_queries: s.n_queries, n_valid: s.n_valid }) + "\n";
}

describe("VcbenchResultWriter", () => {
  it("writes each line byte for byte as JSON.stringify would, for plain, escaped and non-ASCII ids", () => {
    const rows: Array<[string, VcbenchQuestionScore]> = [
      ["0000001", score({})],
      ['quote"and\\slash', score({ gpa: 0.6666666666666666, moc: 0, uda: null })],
      ["tab\tnewline\n", score({ subtype: "E2-Episode", gpa: 1e-7, moc: 123456789, uda: 0.1 + 0.2 })],
      ["视频-ü", score({ gpa: Number.NaN, moc: Number.POSITIVE_INFINITY, uda: -0, n_queries: 1234567, n_valid: 0 })],
      ["x".repeat(5000), score({ n_queries: 10, n_valid: 99 })],
    ];
    const table = new ByteIdTable();
    rows.forEach(([id], i) => table.set(id, i));
    const path = join(dir, "out.jsonl");
    const writer = new VcbenchResultWriter(path, table);
    rows.forEach(([id, s]) => {
      table.get(id);
      writer.write(rows.findIndex((r) => r[0] === id), s);
    });
    writer.close();
    expect(readFileSync(path, "utf8")).toBe(rows.map(([id, s]) => expected(id, s)).join(""));
  });

  it("flushes across its buffer without losing or reordering lines", () => {
    const table = new ByteIdTable();
    const n = 20_000;
    for (let i = 0; i < n; i++) table.set(`q${i}`, i);
    const path = join(dir, "many.jsonl");
    const writer = new VcbenchResultWriter(path, table);
    let want = "";
    for (let i = 0; i < n; i++) {
      const s = score({ gpa: i / 7, n_queries: i });
      writer.write(i, s);
      want += expected(`q${i}`, s);
    }
    writer.close();
    expect(readFileSync(path, "utf8")).toBe(want);
  });

  it("names the file when it cannot be created", () => {
    expect(() => new VcbenchResultWriter(join(dir, "missing-dir", "x.jsonl"), new ByteIdTable())).toThrow(/missing-dir/);
  });
});
