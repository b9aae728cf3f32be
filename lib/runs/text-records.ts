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
 * Parses every non-blank line as JSON. A line that is not valid JSON becomes a `malformed_json`
 * problem naming the line and the parser's reason; the last line of a file that stops in the
 * middle of a value is called out as a truncated file.
 */
export function readJsonLines(text: string): { records: JsonRecord[]; problems: Problem[]; nonBlank: number } {
  const lines = splitLines(text);
  const records: JsonRecord[] = [];
  const problems: Problem[] = [];
  let lastNonBlank = 0;
  for (const l of lines) if (l.text.trim() !== "") lastNonBlank = l.line;
  let nonBlank = 0;
  for (const { line, text: t } of lines) {
    if (t.trim() === "") continue;
    nonBlank += 1;
    try {
      records.push({ line, value: JSON.parse(t), text: t });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const truncated = line === lastNonBlank && !/\n\s*$/.test(text) && /end of JSON input|Unterminated|Expected/i.test(reason);
      problems.push({
        code: "malformed_json",
        line,
        message: truncated
          ? `line ${line}: the line stops in the middle of a JSON value (file truncated?) (${reason})`
          : `line ${line}: not valid JSON (${reason})`,
      });
    }
  }
  return { records, problems, nonBlank };
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
