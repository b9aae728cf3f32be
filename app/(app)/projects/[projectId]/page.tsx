import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyRow, Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { requireUser } from "@/lib/auth/current-user";
import { canManageProjects, PROJECT_READ_ROLES } from "@/lib/projects/access";
import { itemQueryString, EMPTY_FILTER } from "@/lib/projects/item-filters";
import { outcomeSentence } from "@/lib/projects/import-report";
import { METRIC_VARIANT_LABELS, PROTOCOL_LABELS } from "@/lib/projects/settings";
import { getProject, importHistory, projectOverview } from "@/lib/projects/project-queries";
import { maxBenchmarkBytes } from "@/lib/projects/upload-limits";
import { ImportReportView } from "../_components/import-report-view";
import { ProjectHeader } from "../_components/project-header";
import { ImportForm } from "../new/_components/import-form";

export const metadata: Metadata = { title: "Project" };
export const dynamic = "force-dynamic";

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

function Stat({ label, value, hint, href }: { label: string; value: string | number; hint?: string; href?: string }) {
  const body = (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3">
      <div className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</div>
      <div className="mt-1 font-mono text-2xl text-slate-900" data-testid={`stat-${label.toLowerCase().replace(/\s+/g, "-")}`}>
        {value}
      </div>
      {hint && <div className="text-xs text-slate-500">{hint}</div>}
    </div>
  );
  return href ? (
    <Link href={href} className="block hover:shadow-sm">
      {body}
    </Link>
  ) : (
    body
  );
}

/** /projects/[projectId] — overview: counts, pending videos, settings summary, import history (staff). */
export default async function ProjectOverviewPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const user = await requireUser(PROJECT_READ_ROLES, `/projects/${encodeURIComponent(projectId)}`);
  const project = await getProject(projectId);
  if (!project) notFound();
  const [overview, imports] = await Promise.all([projectOverview(project.id), importHistory(project.id)]);
  const isAdmin = canManageProjects(user.role);
  const items = `/projects/${project.id}/items`;
  const s = project.settings;
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-6 p-6">
      <ProjectHeader
        project={project}
        current="overview"
        isAdmin={isAdmin}
        actions={
          isAdmin && (
            <a href={`/api/projects/${project.id}/export`} className={buttonClasses("secondary", "sm")} download>
              Export ({project.benchmark === "CUSTOM" ? "JSONL" : "native format"})
            </a>
          )
        }
      />

      <section aria-label="Counts" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Stat label="Items" value={overview.items.active} hint={overview.items.removed ? `${overview.items.removed} removed` : "all active"} href={items} />
        <Stat label="Query points" value={overview.queryPoints} />
        <Stat label="Evidence spans" value={overview.truthSpans} />
        <Stat label="Videos attached" value={overview.videos.attached} href={`${items}?${itemQueryString({ ...EMPTY_FILTER, video: "attached" })}`} />
        <Stat
          label="Videos pending"
          value={overview.videos.pending}
          hint={`${overview.videos.pendingItems} item${overview.videos.pendingItems === 1 ? "" : "s"} waiting`}
          href={`${items}?${itemQueryString({ ...EMPTY_FILTER, video: "pending" })}`}
        />
        <Stat label="Truth version" value={project.truthVersion} hint="bumped by every truth change" />
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader title="Pending videos" description="Referenced by items but not in the video library yet. Items attach by file name when the video arrives." />
          <CardBody className="p-0">
            <Table aria-label="Pending videos">
              <THead>
                <Tr>
                  <Th>Video reference</Th>
                  <Th className="text-right">Items</Th>
                </Tr>
              </THead>
              <TBody>
                {overview.pendingVideos.length === 0 && <EmptyRow colSpan={2}>Every item has its video.</EmptyRow>}
                {overview.pendingVideos.map((v) => (
                  <Tr key={v.videoRef}>
                    <Td className="font-mono text-xs">{v.videoRef}</Td>
                    <Td className="text-right font-mono">{v.items}</Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
            {overview.videos.pending > overview.pendingVideos.length && (
              <p className="px-4 py-2 text-xs text-slate-500">… and {overview.videos.pending - overview.pendingVideos.length} more references.</p>
            )}
            {isAdmin && overview.videos.pending > 0 && (
              <p className="px-4 py-2 text-sm">
                <Link href="/videos/upload" className="text-blue-700 hover:underline">
                  Upload videos
                </Link>
              </p>
            )}
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Workflow" description={isAdmin ? undefined : "Set by an admin."} actions={isAdmin && <Link href={`/projects/${project.id}/settings`} className={buttonClasses("secondary", "sm")}>Edit</Link>} />
          <CardBody>
            <dl className="flex flex-col gap-2 text-sm">
              <div>
                <dt className="text-slate-500">Metrics</dt>
                <dd>{METRIC_VARIANT_LABELS[s.metricVariant]}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Qualification</dt>
                <dd>Cohen&apos;s kappa &gt; {s.qualificationKappa}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Double review</dt>
                <dd>{s.doubleReview ? <Badge tone="green">on</Badge> : <Badge>off</Badge>}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Baseline protocol</dt>
                <dd>{PROTOCOL_LABELS[s.protocol]}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Formats</dt>
                <dd className="flex flex-wrap gap-1">
                  {overview.formats.map((f) => (
                    <Badge key={f.format}>
                      {f.format} · {f.count}
                    </Badge>
                  ))}
                  {overview.formats.length === 0 && "–"}
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">Members</dt>
                <dd>{overview.members}</dd>
              </div>
            </dl>
          </CardBody>
        </Card>
      </div>

      <Card>
        <CardHeader title="Import history" description="Every import of a benchmark file into this project, newest first." />
        <CardBody className="flex flex-col gap-2">
          {imports.length === 0 && <p className="text-sm text-slate-500">No recorded imports (the project was created another way).</p>}
          {imports.map((job) => (
            <details key={job.id} className="rounded-md border border-slate-200" data-testid="import-history-entry">
              <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
                <span className="font-medium">{job.fileName}</span>
                <span className="text-slate-500">{dateFormat.format(job.createdAt)} UTC</span>
                <span className="text-slate-500">by {job.createdBy?.name || job.createdBy?.email || "a script"}</span>
                <span className="text-slate-700">{job.report ? outcomeSentence(job.report) : job.status}</span>
                {job.report && job.report.warnings.length > 0 && <Badge tone="amber">{job.report.warnings.length} warnings</Badge>}
                <span className="font-mono text-xs text-slate-400" title="SHA-256 of the file">
                  {job.sha256.slice(0, 12)}
                </span>
              </summary>
              <div className="border-t border-slate-100 px-3 py-3">{job.report ? <ImportReportView report={job.report} title="Report" /> : <p className="text-sm">No report stored.</p>}</div>
            </details>
          ))}
        </CardBody>
      </Card>

      {isAdmin && (
        <Card>
          <CardHeader title="Import a new version of the file" description="Items are matched by their native id: new ones are created, changed ones updated with a new version; the same file changes nothing." />
          <CardBody>
            <ImportForm maxBytes={maxBenchmarkBytes()} project={{ id: project.id, name: project.name, benchmark: project.benchmark }} />
          </CardBody>
        </Card>
      )}
    </main>
  );
}
