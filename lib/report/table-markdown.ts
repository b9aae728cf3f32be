/**
 * The results table as Markdown (PURE): a pipe table, one column per metric named "group label",
 * values with their interval (± half-width or bracketed), the best per column in bold, names
 * escaped (pipes and Markdown emphasis characters).
 */
import { tableNumber } from "./format-number";
import { halfWidth, intervalCaption, type IntervalStyle } from "./interval-style";
import type { ResultsColumn, ResultsTable } from "./results-table";

/** Text safe inside a Markdown table cell. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]/g, " ").replace(/([\\`*_[\]<>|#])/g, "\\$1");
}

export const columnTitle = (c: ResultsColumn): string => (c.group && c.group !== c.label ? `${c.group} ${c.label}` : c.label);

export function resultsMarkdown(table: ResultsTable, style: IntervalStyle, title: string): string {
  const head = ["System", ...table.columns.map((c) => escapeMarkdown(columnTitle(c)))];
  const lines = [`**${escapeMarkdown(title)}.** ${escapeMarkdown(intervalCaption(style, table.ci))} Best model result in bold.`, ""];
  lines.push(`| ${head.join(" | ")} |`);
  lines.push(`|${head.map((_, i) => (i === 0 ? " --- " : " ---: ")).join("|")}|`);
  for (const row of table.rows) {
    const cells = table.columns.map((c) => {
      const v = tableNumber(c, row.values[c.key]);
      if (v === null) return "–";
      const ci = row.ci[c.key];
      const text = ci ? (style === "pm" ? `${v} ± ${tableNumber(c, halfWidth(ci))}` : `${v} [${tableNumber(c, ci.lower)}, ${tableNumber(c, ci.upper)}]`) : v;
      return table.best[c.key]?.includes(row.runId) ? `**${text}**` : text;
    });
    lines.push(`| ${escapeMarkdown(row.label)}${row.partial ? " (partial)" : ""} | ${cells.join(" | ")} |`);
  }
  return lines.join("\n") + "\n";
}
