import type { Metadata } from "next";
import Link from "next/link";
import { KindBadge, StaleBadge } from "@/components/leaderboard/kind-badge";
import { buttonClasses } from "@/components/ui/button";
import { EmptyRow, Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { requireUser } from "@/lib/auth/current-user";
import { projectForPage, projectPageTitle } from "@/lib/projects/page-project";
import { canUploadRuns, RUN_VIEW_ROLES } from "@/lib/runs/access";
import { listRuns } from "@/lib/runs/run-queries";
import { ProjectHeader } from "../../_components/project-header";

export const dynamic = "force-dynamic";

type Params = Promise<{ projectId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return projectPageTitle((await params).projectId, "Runs");
}

/** /projects/[projectId]/runs — the project's runs (admins; members). */
export default async function RunsPage({ params }: { params: Params }) {
  const { projectId } = await params;
  const user = await requireUser(RUN_VIEW_ROLES, `/projects/${projectId}/runs`);
  const { project, isAdmin } = await projectForPage(projectId);
  const runs = await listRuns(project.id, project.truthVersion);
  const base = `/projects/${encodeURIComponent(project.id)}`;
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-4 p-6">
      <ProjectHeader
        project={project}
        current="runs"
        isAdmin={isAdmin}
        subtitle={<p className="mt-1 text-sm text-slate-600">Model runs, human baselines and chance rows, scored against the project&apos;s ground truth.</p>}
        actions={
          canUploadRuns(user.role) && (
            <Link href={`${base}/runs/new`} className={buttonClasses("primary")}>
              Upload predictions
            </Link>
          )
        }
      />
      <Table aria-label="Runs">
        <THead>
          <Tr>
            <Th>Name</Th>
            <Th>Kind</Th>
            <Th>Items scored</Th>
            <Th>Problems</Th>
            <Th>Truth version</Th>
            <Th>Scored</Th>
          </Tr>
        </THead>
        <TBody>
          {runs.length === 0 && <EmptyRow colSpan={6}>No runs yet: upload a prediction file.</EmptyRow>}
          {runs.map((r) => (
            <Tr key={r.id}>
              <Td>
                <Link href={`${base}/runs/${r.id}`} className="font-medium text-blue-700 hover:underline">
                  {r.name}
                </Link>{" "}
                <StaleBadge stale={r.stale} status={r.status} />
              </Td>
              <Td>
                <KindBadge kind={r.kind} />
              </Td>
              <Td className="tabular-nums">{r.counts ? `${r.counts.scored} of ${r.counts.items}` : "–"}</Td>
              <Td className="tabular-nums">{r.problemCount}</Td>
              <Td className="tabular-nums">{r.truthVersion}</Td>
              <Td className="text-slate-500">{r.scoredAt ? r.scoredAt.toISOString().replace("T", " ").slice(0, 16) : "–"}</Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </main>
  );
}
