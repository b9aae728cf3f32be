import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { requireUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db/prisma";
import { NewStudyForm } from "./new-study-form";

export const metadata: Metadata = { title: "Studies" };
export const dynamic = "force-dynamic";

/** `/admin/studies` — human-baseline studies of every project, and a form to create one (ADMIN). */
export default async function StudiesPage() {
  await requireUser(["ADMIN"], "/admin/studies");
  const [studies, projects] = await Promise.all([
    db.study.findMany({
      orderBy: { createdAt: "desc" },
      select: {
        id: true,
        name: true,
        protocol: true,
        status: true,
        createdAt: true,
        project: { select: { name: true, benchmark: true } },
        _count: { select: { items: true, participants: true, sessions: true } },
      },
    }),
    db.project.findMany({ orderBy: { name: "asc" }, select: { id: true, name: true, benchmark: true } }),
  ]);
  return (
    <main className="mx-auto max-w-7xl space-y-6 p-6">
      <h1 className="text-2xl font-semibold">Human-baseline studies</h1>
      <NewStudyForm projects={projects} />
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
              <Td>{s.protocol === "STREAMING" ? "Streaming" : "Free rewatch"}</Td>
              <Td>
                <Badge tone={s.status === "OPEN" ? "green" : s.status === "DRAFT" ? "neutral" : "amber"}>{s.status}</Badge>
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
    </main>
  );
}
