import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { EmptyRow, Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { labelName, labelValueText } from "@/lib/projects/item-filters";
import type { ItemRow } from "@/lib/projects/item-queries";

/** Labels shown in the table (the rest are on the item page). */
const SHOWN_LABELS = ["subtype", "dim", "tier", "hallucination", "category", "task_type", "genre", "state_element", "state_structure", "perceptual_challenges", "source_task"];

function labelChips(labels: unknown): string[] {
  const obj = labels && typeof labels === "object" && !Array.isArray(labels) ? (labels as Record<string, unknown>) : {};
  const out: string[] = [];
  for (const key of SHOWN_LABELS) {
    const v = obj[key];
    if (v === undefined || v === null) continue;
    const text = Array.isArray(v) ? v.map(labelValueText).filter(Boolean).join(", ") : labelValueText(v);
    if (text) out.push(`${labelName(key)}: ${text}`);
  }
  return out;
}

/** One page of the catalogue: native order, id, question, format, labels, video state, query points, status. No truth. */
export function ItemsTable({ items, base, detailQuery, filtered }: { items: ItemRow[]; base: string; detailQuery: string; filtered: boolean }) {
  const href = (id: string) => `${base}/${id}${detailQuery ? `?${detailQuery}` : ""}`;
  return (
    <Table aria-label="Items">
      <THead>
        <Tr>
          <Th className="w-12 text-right">#</Th>
          <Th>Id</Th>
          <Th>Question</Th>
          <Th>Format</Th>
          <Th>Labels</Th>
          <Th>Video</Th>
          <Th className="text-right">QPs</Th>
          <Th>Status</Th>
        </Tr>
      </THead>
      <TBody>
        {items.length === 0 && <EmptyRow colSpan={8}>{filtered ? "No item matches these filters." : "This project has no items."}</EmptyRow>}
        {items.map((item) => (
          <Tr key={item.id} data-testid="item-row">
            <Td className="text-right font-mono text-xs text-slate-500">{item.ordinal + 1}</Td>
            <Td className="font-mono text-xs">
              <Link href={href(item.id)} className="text-blue-700 hover:underline">
                {item.externalId}
              </Link>
            </Td>
            <Td className="max-w-md">
              <Link href={href(item.id)} className="line-clamp-2 hover:underline">
                {item.question}
              </Link>
            </Td>
            <Td className="font-mono text-xs">{item.format}</Td>
            <Td>
              <div className="flex max-w-xs flex-wrap gap-1">
                {labelChips(item.labels).map((c) => (
                  <Badge key={c}>{c}</Badge>
                ))}
              </div>
            </Td>
            <Td className="text-xs">
              {item.videoId ? (
                <Badge tone="green">attached</Badge>
              ) : (
                <span title={item.videoRef}>
                  <Badge tone="amber">pending</Badge>
                </span>
              )}
            </Td>
            <Td className="text-right font-mono text-xs">{item._count.queryPoints}</Td>
            <Td>{item.status === "ACTIVE" ? <Badge tone="blue">active</Badge> : <Badge tone="red">removed</Badge>}</Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
