import { EmptyRow, Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { DashboardFigure } from "@/lib/review/dashboard";
import { fmt, interval, statisticLabel } from "./format-figure";

/** One table of agreement figures (a scope: the project, annotator pairs, or each annotator vs the final documents). */
export function FiguresTable({ figures, names, who, testId }: { figures: DashboardFigure[]; names: Record<string, string>; who: string | null; testId: string }) {
  const name = (id: string) => names[id] ?? id;
  return (
    <Table data-testid={testId}>
      <THead>
        <Tr>
          {who && <Th>{who}</Th>}
          <Th>Benchmark</Th>
          <Th>Kind</Th>
          <Th>Facet</Th>
          <Th>Statistic</Th>
          <Th className="text-right">Estimate</Th>
          <Th>95 % interval</Th>
          <Th className="text-right">Items</Th>
        </Tr>
      </THead>
      <TBody>
        {figures.length === 0 && <EmptyRow colSpan={who ? 8 : 7}>No figures.</EmptyRow>}
        {figures.map((f, i) => (
          <Tr key={i}>
            {who && <Td>{f.annotators.map(name).join(" · ")}</Td>}
            <Td>{f.benchmark}</Td>
            <Td>{f.kind}</Td>
            <Td>{f.facet ?? ""}</Td>
            <Td>{statisticLabel(f.statistic)}</Td>
            <Td className="text-right font-mono">{fmt(f.estimate)}</Td>
            <Td className="font-mono text-slate-600">{interval(f.lower, f.upper)}</Td>
            <Td className="text-right">{f.items}</Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
