/**
 * THE CSV writer (PURE): every CSV file Playhead writes — downloads from the app (leaderboard,
 * agreement dashboard, study answers, native benchmark exports) and files the scripts write —
 * goes through `csvText`, on csv-stringify. No other module builds CSV by hand
 * (lib/csv/no-hand-written-csv.test.ts; dependency-cruiser `csv-stringify-only-in-lib-csv`).
 *
 * Quoting (RFC 4180): a cell holding a comma, a double quote, a line feed or a carriage return
 * is quoted, its quotes doubled; other cells are written bare (`quoteAll` quotes every cell,
 * `quoteEdgeSpace` also quotes a cell starting or ending with white space). Records end with
 * `eol` ("\n" by default, "\r\n" for spreadsheet downloads), the last one too.
 *
 * Cells: null and undefined → empty; a finite number → `String(n)` (NaN, ±Infinity → empty);
 * a boolean → `true` / `false`; a string → the formula guard below.
 *
 * Formula guard (spreadsheet formula injection, OWASP "CSV injection"): a string cell whose first
 * character is `=`, `+`, `-`, `@`, a tab (U+0009) or a carriage return (U+000D) — or the
 * full-width `＝ ＋ － ＠` some spreadsheets normalise to them — is written with an apostrophe in
 * front (`=HYPERLINK(...)` → `'=HYPERLINK(...)`), which spreadsheets show as text and never run.
 * EXCEPT when the whole cell is a plain decimal number (`NUMBER_LITERAL`: an optional sign,
 * digits with an optional fraction, an optional exponent: `-1.5`, `+3`, `-.5`, `2e-3`): a number
 * is a value, not a formula, whether it arrives typed or as the text of a benchmark file. So a
 * benchmark's native CSV keeps its bytes on export (negative counts, offsets, signed scores),
 * while any text that could run as a formula is neutralised in every file. A guarded cell read
 * back keeps its apostrophe (the importers do not strip it): exporting a formula-like cell is
 * the one case where an export is not the imported bytes (none of the real benchmark files has
 * such a cell; tests/csv-exports-guarded.test.ts and `npm run check:round-trip`).
 */
import { stringify } from "csv-stringify/sync";

export type CsvCell = string | number | boolean | bigint | null | undefined;

export type CsvOptions = {
  /** Record delimiter (also after the last record). Default "\n". */
  eol?: "\n" | "\r\n";
  /** Quote every cell, empty ones too. */
  quoteAll?: boolean;
  /** Also quote cells that start or end with white space (readers that trim bare cells keep them). */
  quoteEdgeSpace?: boolean;
};

/** A cell that is a plain decimal number: never guarded. */
export const NUMBER_LITERAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** First characters that make a spreadsheet read a cell as a formula (with their full-width forms). */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** The text written for a string cell: an apostrophe in front of anything a spreadsheet would run. */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) && !NUMBER_LITERAL.test(text) ? `'${text}` : text;
}

/** Whether a cell's text, as written, would be run by a spreadsheet (what the guard prevents). */
export function isFormulaCell(text: string): boolean {
  return FORMULA_START.test(text) && !NUMBER_LITERAL.test(text);
}

/** The text of one cell before quoting. */
export function cellText(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "bigint") return String(value);
  return guardFormula(value);
}

/** Cells csv-stringify writes bare (nothing to quote): no delimiter, quote or line break, no edge space. */
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** A CSV document of `rows` (the header, if any, is the first row). */
export function csvText(rows: readonly (readonly CsvCell[])[], options: CsvOptions = {}): string {
  if (rows.length === 0) return "";
  const eol = options.eol ?? "\n";
  const texts = rows.map((r) => r.map(cellText));
  // Large per-item files are mostly numbers and ids: when no cell needs quoting, csv-stringify's
  // output is the cells joined by commas, so write that directly (the same bytes, pinned by the
  // test against csv-stringify on random documents).
  if (options.quoteAll !== true && texts.every((r) => r.length > 0 && r.every((t) => !NEEDS_QUOTES.test(t)))) {
    return texts.map((r) => r.join(",")).join(eol) + eol;
  }
  return stringifyCsvTexts(texts, options);
}

/** Cell texts (already `cellText`) through csv-stringify with `csvText`'s options: its general path. */
export function stringifyCsvTexts(texts: string[][], options: CsvOptions = {}): string {
  const eol = options.eol ?? "\n";
  return stringify(
    texts,
    {
      record_delimiter: eol === "\n" ? "unix" : "windows",
      // Quote any cell with a line feed or carriage return, whichever the record delimiter.
      quote_record_delimiter: true,
      eof: true,
      quoted: options.quoteAll === true,
      quoted_empty: options.quoteAll === true,
      ...(options.quoteEdgeSpace ? { quoted_match: /^\s|\s$/ } : {}),
    },
  );
}
