import { Badge } from "@/components/ui/badge";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { FacetSummary } from "@/lib/review/feedback-summary";

/** Per facet: whether the annotator's document agrees with the final one, and the figures in words. */
export function FacetTable({ rows }: { rows: FacetSummary[] }) {
  return (
    <Table data-testid="feedback-facets">
      <THead>
        <Tr>
          <Th>Facet</Th>
          <Th>Kind</Th>
          <Th>Agreement</Th>
          <Th>Figures (yours against the final)</Th>
        </Tr>
      </THead>
      <TBody>
        {rows.map((r) => (
          <Tr key={r.facet}>
            <Td>{r.facet}</Td>
            <Td>{r.kind}</Td>
            <Td>{r.agreed ? <Badge tone="green">agrees</Badge> : <Badge tone="amber">differs</Badge>}</Td>
            <Td>
              {r.figures}
              {r.details.length > 0 && (
                <ul className="mt-0.5 list-disc pl-4 text-xs text-slate-600">
                  {r.details.map((d, i) => (
                    <li key={i}>{d}</li>
                  ))}
                </ul>
              )}
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
