import type { Metadata } from "next";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { EmptyRow, Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { requireUser } from "@/lib/auth/current-user";
import { canManageProjects, PROJECT_READ_ROLES } from "@/lib/projects/access";
import { listProjects } from "@/lib/projects/project-queries";
import { KindBadge } from "./_components/kind-badge";

export const metadata: Metadata = { title: "Projects" };
export const dynamic = "force-dynamic";

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** /projects — the projects the user may see (admins: all; reviewers, annotators: theirs) with benchmark, item counts and pending videos. */
export default async function ProjectsPage() {
  const user = await requireUser(PROJECT_READ_ROLES, "/projects");
  const projects = await listProjects(user);
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-4 p-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">Projects</h1>
          <p className="text-sm text-slate-600">Each project holds one benchmark&apos;s items, its ground truth and its workflow settings.</p>
        </div>
        {canManageProjects(user.role) && (
          <Link href="/projects/new" className={buttonClasses()}>
            New project
          </Link>
        )}
      </div>
      <Table aria-label="Projects">
        <THead>
          <Tr>
            <Th>Project</Th>
            <Th>Benchmark</Th>
            <Th className="text-right">Items</Th>
            <Th className="text-right">Removed</Th>
            <Th className="text-right">Video pending</Th>
            <Th className="text-right">Truth version</Th>
            <Th>Last import</Th>
          </Tr>
        </THead>
        <TBody>
          {projects.length === 0 && (
            <EmptyRow colSpan={7}>
              {canManageProjects(user.role) ? (
                <>
                  No projects yet.{" "}
                  <Link href="/projects/new" className="text-blue-700 hover:underline">
                    Import a benchmark file
                  </Link>
                </>
              ) : (
                "You are not a member of any project yet: an admin adds you to the projects you work on."
              )}
            </EmptyRow>
          )}
          {projects.map((p) => (
            <Tr key={p.id}>
              <Td>
                <Link href={`/projects/${p.id}`} className="font-medium text-blue-700 hover:underline">
                  {p.name}
                </Link>
                {p.description && <p className="max-w-md truncate text-xs text-slate-500">{p.description}</p>}
              </Td>
              <Td>
                <KindBadge kind={p.benchmark} />
              </Td>
              <Td className="text-right font-mono">{p.activeItems}</Td>
              <Td className="text-right font-mono">{p.items - p.activeItems}</Td>
              <Td className="text-right font-mono">{p.pendingItems}</Td>
              <Td className="text-right font-mono">{p.truthVersion}</Td>
              <Td className="text-slate-600">{p.lastImportAt ? `${dateFormat.format(p.lastImportAt)} UTC` : "–"}</Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </main>
  );
}
