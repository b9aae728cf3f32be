import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { tableNumber } from "@/lib/report/format-number";
import { halfWidth, type IntervalStyle } from "@/lib/report/interval-style";
import type { ResultsTable } from "@/lib/report/results-table";
import { columnTitle } from "@/lib/report/table-markdown";

/** The results table as the files print it (same numbers, same best marks), for the preview. */
export function ResultsPreview({ table, style }: { table: ResultsTable; style: IntervalStyle }) {
  return (
    <Table data-testid="report-table">
      <THead>
        <tr>
          <Th>System</Th>
          {table.columns.map((c) => (
            <Th key={c.key} className="text-right normal-case">
              {columnTitle(c)}
            </Th>
          ))}
        </tr>
      </THead>
      <TBody>
        {table.rows.map((r) => (
          <Tr key={r.runId} data-testid="report-row">
            <Td className="font-medium">
              {r.label}
              {r.partial ? " (partial)" : ""}
            </Td>
            {table.columns.map((c) => {
              const v = tableNumber(c, r.values[c.key]);
              const ci = r.ci[c.key];
              const best = table.best[c.key]?.includes(r.runId);
              const text = v === null ? "–" : ci ? (style === "pm" ? `${v} ± ${tableNumber(c, halfWidth(ci))}` : `${v} [${tableNumber(c, ci.lower)}, ${tableNumber(c, ci.upper)}]`) : v;
              return (
                <Td key={c.key} className={best ? "text-right font-bold tabular-nums" : "text-right tabular-nums"}>
                  {text}
                  {best && <span className="sr-only"> (best)</span>}
                </Td>
              );
            })}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
