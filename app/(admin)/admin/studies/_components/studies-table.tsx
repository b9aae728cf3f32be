import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { StudyListEntry } from "@/lib/studies/study-queries";
import { StudyStatusBadge } from "./study-badges";

/** Every study with its project, protocol, status and counts; the name links to the study page. */
export function StudiesTable({ studies }: { studies: StudyListEntry[] }) {
  return (
    <Table>
      <THead>
        <Tr>
          <Th>Study</Th>
          <Th>Project</Th>
          <Th>Protocol</Th>
          <Th>Status</Th>
          <Th>Items</Th>
          <Th>Participants</Th>
          <Th>Sessions</Th>
        </Tr>
      </THead>
      <TBody>
        {studies.map((s) => (
          <Tr key={s.id}>
            <Td>
              <Link className="font-medium text-blue-700 hover:underline" href={`/admin/studies/${s.id}`}>
                {s.name}
              </Link>
            </Td>
            <Td>
              {s.project.name} <span className="text-slate-500">({s.project.benchmark})</span>
            </Td>
            <Td>
              <Badge tone="blue">{s.protocol === "STREAMING" ? "Streaming" : "Free rewatch"}</Badge>
            </Td>
            <Td>
              <StudyStatusBadge status={s.status} />
            </Td>
            <Td>{s._count.items}</Td>
            <Td>{s._count.participants}</Td>
            <Td>{s._count.sessions}</Td>
          </Tr>
        ))}
        {studies.length === 0 && (
          <Tr>
            <Td colSpan={7} className="text-slate-500">
              No study yet.
            </Td>
          </Tr>
        )}
      </TBody>
    </Table>
  );
}
