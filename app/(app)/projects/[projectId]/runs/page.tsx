import Link from "next/link";
import { KindBadge, StaleBadge } from "@/components/leaderboard/kind-badge";
import { buttonClasses } from "@/components/ui/button";
import { EmptyRow, Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { requireUser } from "@/lib/auth/current-user";
import { canUploadRuns, RUN_VIEW_ROLES } from "@/lib/runs/access";
import { projectForPage } from "@/lib/runs/page-project";
import { ensureRescoreLoop } from "@/lib/runs/rescore-stale";
import { listRuns } from "@/lib/runs/run-queries";

export const dynamic = "force-dynamic";

/** /projects/[projectId]/runs — the project's runs (staff). */
export default async function RunsPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const user = await requireUser(RUN_VIEW_ROLES, `/projects/${projectId}/runs`);
  const project = await projectForPage(projectId);
  ensureRescoreLoop();
  const runs = await listRuns(project.id, project.truthVersion);
  const base = `/projects/${encodeURIComponent(projectId)}`;
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-4 p-6">
      <nav className="text-sm text-slate-500">
        <Link href={base} className="text-blue-700 hover:underline">
          {project.name}
        </Link>{" "}
        / Runs
      </nav>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Runs</h1>
        <div className="flex gap-2">
          <Link href={`${base}/leaderboard`} className={buttonClasses("secondary")}>
            Leaderboard
          </Link>
          {canUploadRuns(user.role) && (
            <Link href={`${base}/runs/new`} className={buttonClasses("primary")}>
              Upload predictions
            </Link>
          )}
        </div>
      </div>
      <Table>
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
