import { EmptyRow, Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { DisputedRate, Throughput } from "@/lib/review/dashboard";
import { fmt, interval } from "./format-figure";

/** Share of double-reviewed items disputed, per benchmark subtype, with its 95 % interval. */
export function DisputedTable({ rates }: { rates: DisputedRate[] }) {
  return (
    <Table data-testid="disputed-table">
      <THead>
        <Tr>
          <Th>Benchmark</Th>
          <Th>Subtype</Th>
          <Th className="text-right">Items</Th>
          <Th className="text-right">Disputed</Th>
          <Th className="text-right">Rate</Th>
          <Th>95 % interval</Th>
        </Tr>
      </THead>
      <TBody>
        {rates.length === 0 && <EmptyRow colSpan={6}>No double-reviewed items.</EmptyRow>}
        {rates.map((r) => (
          <Tr key={`${r.benchmark}-${r.subtype ?? ""}`}>
            <Td>{r.benchmark}</Td>
            <Td>{r.subtype ?? "—"}</Td>
            <Td className="text-right">{r.items}</Td>
            <Td className="text-right">{r.disputed}</Td>
            <Td className="text-right font-mono">{fmt(r.rate)}</Td>
            <Td className="font-mono text-slate-600">{interval(r.lower, r.upper)}</Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

/** Submitted annotation tasks per annotator: items, active hours, items per hour, median minutes per item. */
export function ThroughputTable({ rows, names }: { rows: Throughput[]; names: Record<string, string> }) {
  return (
    <Table data-testid="throughput-table">
      <THead>
        <Tr>
          <Th>Annotator</Th>
          <Th className="text-right">Items</Th>
          <Th className="text-right">Active hours</Th>
          <Th className="text-right">Items / hour</Th>
          <Th className="text-right">Median min / item</Th>
        </Tr>
      </THead>
      <TBody>
        {rows.length === 0 && <EmptyRow colSpan={5}>No submitted annotations.</EmptyRow>}
        {rows.map((t) => (
          <Tr key={t.annotatorId}>
            <Td>{names[t.annotatorId] ?? t.annotatorId}</Td>
            <Td className="text-right">{t.items}</Td>
            <Td className="text-right font-mono">{fmt(t.activeHours, 2)}</Td>
            <Td className="text-right font-mono">{fmt(t.itemsPerHour, 1)}</Td>
            <Td className="text-right font-mono">{fmt(t.medianMinutesPerItem, 1)}</Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
