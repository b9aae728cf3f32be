import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyRow, Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { JudgeQueueList } from "@/lib/judging/api-schemas";

/** One table per project: each run with units judged by the caller, by every reviewer, and the total. */
export function QueueTables({ list }: { list: JudgeQueueList }) {
  if (list.projects.length === 0) {
    return <p className="text-sm text-slate-600">None of your projects is a VSAS or EC-Bench project: there is nothing to judge.</p>;
  }
  return (
    <div className="flex flex-col gap-6">
      {list.projects.map((p) => (
        <Card key={p.id} data-testid={`judge-project-${p.name}`}>
          <CardHeader
            title={
              <span className="flex items-center gap-2">
                {p.name} <Badge tone={p.kind === "vsas" ? "blue" : "purple"}>{p.kind === "vsas" ? "VSAS: grade seconds" : "EC-Bench: match enumerations"}</Badge>
              </span>
            }
          />
          <Table>
            <THead>
              <Tr>
                <Th>Run</Th>
                <Th>Kind</Th>
                <Th>Judged by you</Th>
                <Th>By reviewer</Th>
                <Th>
                  <span className="sr-only">Actions</span>
                </Th>
              </Tr>
            </THead>
            <TBody>
              {p.runs.length === 0 ? <EmptyRow colSpan={5}>No run uploaded yet.</EmptyRow> : null}
              {p.runs.map((r) => (
                <Tr key={r.id} data-testid={`judge-run-${r.name}`}>
                  <Td className="font-medium">{r.name}</Td>
                  <Td>{r.kind}</Td>
                  <Td>
                    {r.mine} / {r.total}
                  </Td>
                  <Td className="text-sm text-slate-600">{r.byReviewer.length ? r.byReviewer.map((b) => `${b.name}: ${b.judged} / ${r.total}`).join(" · ") : "—"}</Td>
                  <Td>
                    <Link className="text-blue-700 underline" href={`/review/judge/runs/${encodeURIComponent(r.id)}/${p.kind}`}>
                      {p.kind === "vsas" ? "Grade" : "Match"}
                    </Link>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </Card>
      ))}
    </div>
  );
}
