import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FileReadError, LineReader, decodeLine, forEachLineBytes, readJsonl, readLines } from "./read-lines";

const dir = mkdtempSync(join(tmpdir(), "playhead-read-jsonl-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string | Buffer): string {
  const p = join(dir, name);
  writeFileSync(p, content);
  return p;
}

function linesOf(path: string): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  forEachLineBytes(path, (b, s, e, n) => out.push([n, decodeLine(b, s, e)]));
  return out;
}

describe("forEachLineBytes", () => {
  it("numbers lines from 1, strips CR and a leading BOM, keeps blank lines", () => {
    const p = file("a.jsonl", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":1}\r\n\r\n{"b":"\ufeffx"}\n  \nlast')]));
    expect(linesOf(p)).toEqual([
      [1, '{"a":1}'],
      [2, ""],
      [3, '{"b":"\ufeffx"}'],
      [4, "  "],
      [5, "last"],
    ]);
  });

  it("does not report an empty line after the final newline; handles an empty file", () => {
    expect(linesOf(file("b.jsonl", "x\n"))).toEqual([[1, "x"]]);
    expect(linesOf(file("c.jsonl", ""))).toEqual([]);
  });

  it("handles lines longer than the read chunk and many chunk boundaries", () => {
    const long = "y".repeat(3_500_000);
    const many = Array.from({ length: 50_000 }, (_, i) => `{"i":${i}}`);
    const p = file("d.jsonl", `${long}\n${many.join("\n")}\n`);
    const got = linesOf(p);
    expect(got).toHaveLength(50_001);
    expect(got[0][1].length).toBe(3_500_000);
    expect(got[50_000]).toEqual([50_001, '{"i":49999}']);
  });

  it("throws FileReadError for a missing file or a directory", () => {
    expect(() => linesOf(join(dir, "missing.jsonl"))).toThrow(FileReadError);
    expect(() => linesOf(join(dir, "missing.jsonl"))).toThrow(/no such file/);
    expect(() => linesOf(dir)).toThrow(FileReadError);
  });
});

describe("LineReader", () => {
  it("skips blank lines when asked, keeping every line's number; reads a CR LF split across reads", () => {
    // The CR after the filler is the last byte of the first 1 MiB read, its LF the first byte of the next.
    const filler = "z".repeat((1 << 20) - 10);
    const p = file("g.jsonl", `a\n \t\n\nb\r\n${filler}\r\nc\n   `);
    const read = (skipBlank: boolean) => {
      const lines = new LineReader(p, skipBlank);
      const out: Array<[number, string]> = [];
      try {
        while (lines.next()) out.push([lines.line, decodeLine(lines.bytes, lines.start, lines.end).slice(0, 3)]);
      } finally {
        lines.close();
      }
      return out;
    };
    expect(read(true)).toEqual([
      [1, "a"],
      [4, "b"],
      [5, "zzz"],
      [6, "c"],
    ]);
    expect(read(false).map(([n]) => n)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(read(false)[4]).toEqual([5, "zzz"]);
  });
});

describe("readLines", () => {
  it("yields the same lines as the synchronous reader", async () => {
    const p = file("e.jsonl", "a\r\nb\n\nc");
    const got: Array<[number, string]> = [];
    for await (const l of readLines(p)) got.push([l.line, l.text]);
    expect(got).toEqual(linesOf(p));
  });

  it("rejects a missing file", async () => {
    await expect(async () => {
      for await (const _ of readLines(join(dir, "none"))) void _;
    }).rejects.toThrow(FileReadError);
  });
});

describe("readJsonl", () => {
  it("parses records and reports malformed lines with their numbers", () => {
    const p = file("f.jsonl", '{"a":1}\n\nnot json\n[2]\n{"b":\n');
    const r = readJsonl(p);
    expect(r.records).toEqual([
      { line: 1, value: { a: 1 } },
      { line: 4, value: [2] },
    ]);
    expect(r.problems.map((x) => [x.code, x.line])).toEqual([
      ["malformed_json", 3],
      ["malformed_json", 5],
    ]);
    expect(r.problems[0].message).toMatch(/^line 3: not valid JSON/);
  });
});
