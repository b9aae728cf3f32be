import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyRow, Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { formatSeconds } from "@/components/timeline/timeline-scale";
import type { ItemForViewer } from "@/lib/projects/item-queries";

/** Truth and annotated evidence spans (rendered only for items read with their truth). */
export function EvidenceSpansCard({ spans }: { spans: NonNullable<ItemForViewer["spans"]> }) {
  return (
    <Card>
      <CardHeader title="Evidence spans" />
      <CardBody className="p-0">
        <Table aria-label="Evidence spans">
          <THead>
            <Tr>
              <Th>Source</Th>
              <Th>Start</Th>
              <Th>End</Th>
              <Th>Frames</Th>
              <Th>Label</Th>
            </Tr>
          </THead>
          <TBody>
            {spans.length === 0 && <EmptyRow colSpan={5}>No evidence spans.</EmptyRow>}
            {spans.map((s) => (
              <Tr key={s.id}>
                <Td>{s.source === "TRUTH" ? <Badge tone="green">truth</Badge> : <Badge tone="purple">annotation</Badge>}</Td>
                <Td className="font-mono">{formatSeconds(s.startSec)}</Td>
                <Td className="font-mono">{formatSeconds(s.endSec)}</Td>
                <Td className="font-mono">{s.startFrame !== null ? `${s.startFrame}–${s.endFrame ?? "?"}` : "–"}</Td>
                <Td>{s.label || "–"}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      </CardBody>
    </Card>
  );
}
