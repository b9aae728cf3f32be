/**
 * CSV tables for the scorers (PURE): RFC 4180 quoting, multi-line cells, BOM dropped; each
 * row keyed by column name with the line its record starts on. Shared by the command-line
 * scorer (`lib/score-cli/ecbench.ts`) and uploaded runs (`lib/runs/text-records.ts`).
 */
import { parse as parseCsv } from "csv-parse/sync";
import type { Problem } from "@/lib/metrics/problems";

export type CsvRow = { line: number; cells: Record<string, string> };
export type CsvTable = { columns: string[]; rows: CsvRow[]; problems: Problem[] };

/** Thrown when the text cannot be read as CSV at all (the parser's reason is the message). */
export class CsvSyntaxError extends Error {
  name = "CsvSyntaxError";
}

type Record_ = { record: string[]; info: { lines: number }; raw?: string };

/**
 * Reads `text` as a header and rows. An unreadable record (a broken quote) is skipped and
 * reported (`malformed_csv` naming its line; callers decide whether the file is still
 * usable); a row with another number of fields than the header is read by position and
 * reported (`column_count`). No header: `columns` is empty.
 */
export function readCsvTable(text: string, fileName: string): CsvTable {
  const problems: Problem[] = [];
  const startLine = (endLine: number, raw: string | undefined) => {
    const body = (raw ?? "").replace(/^(?:[ \t]*\r?\n)+/, "").replace(/\r?\n$/, "");
    return endLine - (body.match(/\n/g)?.length ?? 0);
  };
  let records: Record_[];
  try {
    records = parseCsv(text, {
      bom: true,
      info: true,
      raw: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      on_skip: (err: { message?: string; lines?: number } | undefined, raw: string | undefined) => {
        const line = typeof err?.lines === "number" ? startLine(err.lines, raw) : undefined;
        problems.push({ code: "malformed_csv", line, message: `line ${line ?? "?"} of ${fileName}: unreadable CSV record (${err?.message ?? "parse error"}); skipped` });
        return undefined;
      },
    } as never) as unknown as Record_[];
  } catch (err) {
    throw new CsvSyntaxError((err as Error).message);
  }
  if (records.length === 0) return { columns: [], rows: [], problems };
  const columns = records[0].record.map((c) => c.trim());
  const rows: CsvRow[] = [];
  for (const r of records.slice(1)) {
    const line = startLine(r.info.lines, r.raw);
    if (r.record.length !== columns.length) {
      problems.push({ code: "column_count", line, message: `line ${line} of ${fileName}: ${r.record.length} fields where the header has ${columns.length}; fields read by position` });
    }
    const cells: Record<string, string> = {};
    columns.forEach((c, i) => {
      if (!(c in cells)) cells[c] = r.record[i] ?? "";
    });
    rows.push({ line, cells });
  }
  return { columns, rows, problems };
}
