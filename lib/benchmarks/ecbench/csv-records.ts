/**
 * CSV records with the line each one starts on, read with `csv-parse` (RFC 4180 quoting,
 * multi-line quoted cells), streaming. A quoting error (unclosed quote, text after a closing
 * quote) stops reading — csv-parse cannot resynchronise reliably after one — and is reported
 * with the line where the broken record starts. Cell counts are not checked here.
 *
 * Line numbers: the input bytes pass through a counter that notes the offset of every
 * "\n"; csv-parse reports the byte offset where each record ends (`info.bytes`) and the
 * record's raw text, so the start offset — hence the start line — follows.
 */
import { Readable } from "node:stream";
import { parse, type CsvError } from "csv-parse";
import { issue } from "../issues";
import type { ImportIssue } from "../types";

export type CsvRecord = { cells: string[]; line: number };

function csvErrorIssue(err: CsvError | Error, line: number): ImportIssue {
  const code = (err as CsvError).code;
  const reason =
    code === "CSV_QUOTE_NOT_CLOSED"
      ? "a quoted cell is never closed (the rest of the file was read as one cell)"
      : code === "CSV_INVALID_CLOSING_QUOTE"
        ? "a quote inside an unquoted cell or text after a closing quote (write quotes inside a cell as \"\")"
        : "the record cannot be read";
  return issue("malformed_csv", `${reason} in the record starting at line ${line}; nothing from there on could be read (${err.message})`, { line });
}

/** Reads every record of a CSV text or byte stream (a leading UTF-8 BOM is dropped). */
export async function readCsvRecords(input: string | AsyncIterable<string | Uint8Array>): Promise<{ records: CsvRecord[]; errors: ImportIssue[] }> {
  const records: CsvRecord[] = [];
  const errors: ImportIssue[] = [];
  const newlines: number[] = [];
  let total = 0;
  async function* bytes(): AsyncGenerator<Buffer> {
    let first = true;
    for await (const chunk of typeof input === "string" ? [input] : input) {
      let b = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      if (first && b.length > 0) {
        if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) b = b.subarray(3);
        first = false;
      }
      for (let i = b.indexOf(10); i !== -1; i = b.indexOf(10, i + 1)) newlines.push(total + i);
      total += b.length;
      yield b;
    }
  }
  /** 1-based line of a byte offset: 1 + newlines before it. */
  const lineAt = (offset: number): number => {
    let lo = 0;
    let hi = newlines.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (newlines[mid] < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
  let lastEnd = 0; // byte offset just after the last record read
  const parser = parse({
    info: true,
    raw: true,
    skip_empty_lines: true,
    // Cell counts are checked by the caller (one error per record); quote errors stop reading.
    relax_column_count: true,
    on_record: (ext: unknown) => {
      const { record, raw, info } = ext as { record: string[]; raw: string; info: { bytes: number } };
      const rawBytes = Buffer.byteLength(raw, "utf8");
      const leading = /^[\r\n]*/.exec(raw)![0].length;
      const start = Math.max(lastEnd, info.bytes - rawBytes + leading);
      records.push({ cells: record, line: lineAt(start) });
      lastEnd = info.bytes;
      return null;
    },
  });
  const source = Readable.from(bytes());
  source.on("error", (e) => parser.destroy(e));
  source.pipe(parser);
  try {
    for await (const _ of parser) {
      // records are collected by on_record
    }
  } catch (err) {
    let start = lastEnd;
    while (newlines.includes(start)) start++; // blank lines before the record
    errors.push(csvErrorIssue(err as Error, lineAt(start)));
  }
  return { records, errors };
}
