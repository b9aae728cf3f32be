import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import type { VcbenchQuestionScore } from "@/lib/metrics/vcbench";
import { ByteIdTable } from "@/lib/scoring/id-table";
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

  it("writes every score as JSON.stringify would, whether its tail is cached or not (property)", () => {
    const ratio = fc.integer({ min: 1, max: 130 }).chain((d) => fc.integer({ min: 0, max: d }).map((k) => ({ d, v: k / d })));
    const metric = fc.oneof(
      fc.constant(null),
      ratio.map((r) => r.v),
      fc.double(),
      fc.constantFrom(0, 1, -0, 0.1 + 0.2, 1 / 3, 5000),
    );
    const row = fc.record({
      subtype: fc.constantFrom("O1-Snap", "E2-Episode", "O2-Unique"),
      gpa: fc.oneof(fc.constant(null), fc.double()),
      moc: metric,
      uda: metric,
      n_queries: fc.oneof(fc.integer({ min: 0, max: 12 }), fc.constantFrom(127, 128, 129, 4096, 100000, 1.5)),
      n_valid: fc.oneof(fc.integer({ min: 0, max: 131 }), fc.constantFrom(127, 128, 129, 4096, 2.5)),
    });
    let run = 0;
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 60 }), (rows) => {
        const table = new ByteIdTable();
        rows.forEach((_, i) => table.set(`q${i}`, i));
        const path = join(dir, `prop-${run++}.jsonl`);
        const writer = new VcbenchResultWriter(path, table);
        // Each row twice: the second time its tail (if it has a key) comes from the cache.
        rows.forEach((r, i) => writer.write(i, r as VcbenchQuestionScore));
        rows.forEach((r, i) => writer.write(i, r as VcbenchQuestionScore));
        writer.close();
        const want = rows.map((r, i) => expected(`q${i}`, r as VcbenchQuestionScore)).join("");
        expect(readFileSync(path, "utf8")).toBe(want + want);
      }),
      { numRuns: 200 },
    );
  });

  it("does not take a value near a ratio for the ratio (0.1 + 0.2 after 3/10)", () => {
    const table = new ByteIdTable();
    ["a", "b", "c"].forEach((id, i) => table.set(id, i));
    const rows = [score({ moc: 3 / 10, uda: 0.5, n_queries: 11, n_valid: 11 }), score({ moc: 0.1 + 0.2, uda: 0.5, n_queries: 11, n_valid: 11 }), score({ moc: 3 / 10, uda: 0.5 + 1e-16, n_queries: 11, n_valid: 11 })];
    const path = join(dir, "near.jsonl");
    const writer = new VcbenchResultWriter(path, table);
    rows.forEach((r, i) => writer.write(i, r));
    writer.close();
    expect(readFileSync(path, "utf8")).toBe(rows.map((r, i) => expected(["a", "b", "c"][i], r)).join(""));
  });

  it("names the file when it cannot be created", () => {
    expect(() => new VcbenchResultWriter(join(dir, "missing-dir", "x.jsonl"), new ByteIdTable())).toThrow(/missing-dir/);
  });
});
