import { EmptyRow, Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { AuditRow } from "@/lib/audit/query";

function describeTarget(type: string | null, id: string | null): string {
  if (!type && !id) return "—";
  return [type, id].filter(Boolean).join(" ");
}

/** One page of audit entries: when, action, actor, target, address, details. */
export function AuditTable({ entries }: { entries: AuditRow[] }) {
  return (
    <Table>
      <THead>
        <Tr>
          <Th>When (UTC)</Th>
          <Th>Action</Th>
          <Th>Actor</Th>
          <Th>Target</Th>
          <Th>Address</Th>
          <Th>Details</Th>
        </Tr>
      </THead>
      <TBody>
        {entries.length === 0 && <EmptyRow colSpan={6}>No entries.</EmptyRow>}
        {entries.map((e) => (
          <Tr key={e.id}>
            <Td className="whitespace-nowrap font-mono text-xs">{e.at.toISOString().replace("T", " ").slice(0, 19)}</Td>
            <Td className="whitespace-nowrap font-mono text-xs">{e.action}</Td>
            <Td className="text-xs">{e.actor?.email ?? <span className="text-slate-400">anonymous</span>}</Td>
            <Td className="font-mono text-xs">{describeTarget(e.targetType, e.targetId)}</Td>
            <Td className="font-mono text-xs">{e.ip ?? "—"}</Td>
            <Td>
              {e.details ? (
                <pre className="max-w-md overflow-x-auto whitespace-pre-wrap break-all font-mono text-xs text-slate-600">{JSON.stringify(e.details)}</pre>
              ) : (
                "—"
              )}
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
