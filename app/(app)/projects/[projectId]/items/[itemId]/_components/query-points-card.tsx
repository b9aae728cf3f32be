import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyRow, Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { formatSeconds } from "@/components/timeline/timeline-scale";
import type { ItemForViewer } from "@/lib/projects/item-queries";
import { answerAt } from "./item-timeline";

/** The item's query points (time, frame) and, when the item was read with its truth, the answer at each. */
export function QueryPointsCard({ item, showTruth }: { item: ItemForViewer; showTruth: boolean }) {
  const n = item.queryPoints.length;
  return (
    <Card>
      <CardHeader title="Query points" description={n ? "Where streaming playback pauses for an answer." : undefined} />
      <CardBody className="p-0">
        <Table aria-label="Query points">
          <THead>
            <Tr>
              <Th>#</Th>
              <Th>Time</Th>
              <Th>Frame</Th>
              {showTruth && <Th>Truth</Th>}
            </Tr>
          </THead>
          <TBody>
            {n === 0 && <EmptyRow colSpan={showTruth ? 4 : 3}>This item has no query points.</EmptyRow>}
            {item.queryPoints.map((q) => (
              <Tr key={q.id}>
                <Td className="font-mono">Q{q.ordinal + 1}</Td>
                <Td className="font-mono">{formatSeconds(q.timeSec)}</Td>
                <Td className="font-mono">{q.frameIndex ?? "–"}</Td>
                {showTruth && <Td className="font-mono">{answerAt(item.truth?.answer, q.ordinal, n) ?? "–"}</Td>}
              </Tr>
            ))}
          </TBody>
        </Table>
      </CardBody>
    </Card>
  );
}
