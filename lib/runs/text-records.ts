/**
 * Reading an uploaded prediction file held in memory (PURE): JSONL records with 1-based line
 * numbers, CSV rows with the line each record starts on, and the problems for unreadable lines.
 */
import { readCsvTable, type CsvTable } from "@/lib/scoring/csv";
import { splitLines } from "@/lib/benchmarks/text-lines";
import type { Problem } from "@/lib/metrics/problems";

/** One JSONL line: its number, parsed value and text. */
export type JsonRecord = { line: number; value: unknown; text: string };

/** An error that makes a whole file unusable (the upload is refused with 400, nothing is stored). */
export class PredictionFileError extends Error {
  constructor(
    message: string,
    readonly code: string = "invalid_predictions",
    readonly line?: number,
    readonly field?: string,
  ) {
    super(message);
    this.name = "PredictionFileError";
  }
}

/** True when the text holds only whitespace (or a lone byte-order mark). */
export function isBlankText(text: string): boolean {
  return text.replace(/^\uFEFF/, "").trim() === "";
}

/**
 * The problem for line `line` of `text` that `JSON.parse` refused (`err`): `malformed_json`
 * naming the line and the parser's reason; the last non-blank line of a file that stops in the
 * middle of a value (no final newline) is called out as a truncated file. Returns a function
 * that builds it (the text is scanned once, at the first malformed line).
 */
export function malformedLineProblems(text: string): (line: number, err: unknown) => Problem {
  let lastNonBlank = -1;
  return (line, err) => {
    if (lastNonBlank < 0) {
      lastNonBlank = 0;
      for (const l of splitLines(text)) if (l.text.trim() !== "") lastNonBlank = l.line;
    }
    const reason = err instanceof Error ? err.message : String(err);
    const truncated = line === lastNonBlank && !/\n\s*$/.test(text) && /end of JSON input|Unterminated|Expected/i.test(reason);
    return {
      code: "malformed_json",
      line,
      message: truncated ? `line ${line}: the line stops in the middle of a JSON value (file truncated?) (${reason})` : `line ${line}: not valid JSON (${reason})`,
    };
  };
}

/**
 * Parses the non-blank lines as JSON (all of them, or with `untilObject` only up to the first
 * that is a JSON object). A line that is not valid JSON becomes a problem
 * ({@link malformedLineProblems}). `nonBlank` counts every non-blank line of the text.
 */
export function readJsonLines(text: string, options: { untilObject?: boolean } = {}): { records: JsonRecord[]; problems: Problem[]; nonBlank: number } {
  const lines = splitLines(text);
  const records: JsonRecord[] = [];
  const problems: Problem[] = [];
  const malformed = malformedLineProblems(text);
  let nonBlank = 0;
  let parsing = true;
  for (const { line, text: t } of lines) {
    if (t.trim() === "") continue;
    nonBlank += 1;
    if (!parsing) continue;
    try {
      const value: unknown = JSON.parse(t);
      records.push({ line, value, text: t });
      if (options.untilObject && value && typeof value === "object" && !Array.isArray(value)) parsing = false;
    } catch (err) {
      problems.push(malformed(line, err));
    }
  }
  return { records, problems, nonBlank };
}

/**
 * Calls `onLine(bytes, start, end, line)` with the UTF-8 bytes of every non-blank line of
 * `text`, numbered as {@link readJsonLines} numbers them (split on "\n", a trailing "\r" and a
 * leading byte-order mark dropped): for readers that scan bytes (`lib/scoring/vcbench-reader.ts`).
 * A line of other Unicode whitespace only is handed over too; `isBlankLineText` tells.
 */
export function forEachTextLine(text: string, onLine: (bytes: Uint8Array, start: number, end: number, line: number) => void): void {
  const bytes = new TextEncoder().encode(text.startsWith("\uFEFF") ? text.slice(1) : text);
  let start = 0;
  let line = 0;
  while (start < bytes.length) {
    let nl = bytes.indexOf(10, start);
    if (nl < 0) nl = bytes.length;
    line += 1;
    const end = nl > start && bytes[nl - 1] === 13 ? nl - 1 : nl;
    if (!isJsonWhitespace(bytes, start, end)) onLine(bytes, start, end, line);
    start = nl + 1;
  }
}

function isJsonWhitespace(b: Uint8Array, s: number, e: number): boolean {
  for (let i = s; i < e; i++) {
    const c = b[i];
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d && c !== 0x0a) return false;
  }
  return true;
}

/** The first record that is a JSON object, if any. */
export function firstObject(records: readonly JsonRecord[]): { line: number; value: Record<string, unknown> } | null {
  for (const r of records) {
    if (r.value && typeof r.value === "object" && !Array.isArray(r.value)) return { line: r.line, value: r.value as Record<string, unknown> };
  }
  return null;
}

export type { CsvRow } from "@/lib/scoring/csv";

/**
 * Reads a CSV text (lib/scoring/csv.ts, as the command-line scorer) into a header and rows.
 * An unreadable record (a broken quote) refuses the whole file (`malformed_csv` naming its
 * line: the rows after it cannot be trusted; the command-line scorer skips it instead).
 */
export function readCsvText(text: string, fileName = "the file"): CsvTable {
  let table: CsvTable;
  try {
    table = readCsvTable(text, fileName);
  } catch (err) {
    throw new PredictionFileError(`${fileName} is not a readable CSV file (${(err as Error).message})`, "malformed_csv", 1);
  }
  // A broken quote shifts how every later line splits into fields: the file is refused, naming
  // the first unreadable record, rather than scored from rows that may be misread.
  const broken = table.problems.find((p) => p.code === "malformed_csv");
  if (broken) {
    throw new PredictionFileError(
      `${broken.message.replace(/; skipped$/, "")}; the file's quoting is broken from there on, so it is not scored (fix the quote and upload it again)`,
      "malformed_csv",
      broken.line ?? 1,
    );
  }
  return table;
}

/** JSON text of a value, shortened for messages. */
export function shortJson(value: unknown, max = 80): string {
  const s = JSON.stringify(value) ?? String(value);
  return s.length > max ? `${s.slice(0, max - 3)}...` : s;
}
