/** Minimal CSV writing (RFC 4180 quoting: a cell with a comma, quote or line break is quoted, quotes doubled). */

export function csvCell(value: unknown): string {
  const s = value === null || value === undefined ? "" : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Rows joined with "\n", with a final "\n". */
export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return rows.map((r) => r.map(csvCell).join(",")).join("\n") + "\n";
}
