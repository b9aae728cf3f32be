import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyRow, Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { TimelinePoint, TimelineSpan } from "@/components/timeline/timeline";
import { formatSeconds } from "@/components/timeline/timeline-scale";
import { requireUser } from "@/lib/auth/current-user";
import { canManageProjects, canSeeTruth, PROJECT_READ_ROLES } from "@/lib/projects/access";
import { itemQueryString, labelName, labelValueText, parseItemQuery } from "@/lib/projects/item-filters";
import { getItemForViewer, itemNeighbours, itemRevisions } from "@/lib/projects/item-queries";
import { getProject } from "@/lib/projects/project-queries";
import { toVideoDto } from "@/lib/video-library/video-dto";
import { findVideo } from "@/lib/video-library/video-queries";
import { JsonBlock } from "../../../_components/json-block";
import { ProjectHeader } from "../../../_components/project-header";
import { ItemEditForm } from "./_components/item-edit-form";
import { ItemMedia } from "./_components/item-media";
import { PresentationView } from "./_components/presentation-view";

export const metadata: Metadata = { title: "Item" };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

function labelText(v: unknown): string {
  if (v === null || v === undefined) return "(none)";
  if (Array.isArray(v)) return v.length ? v.map((x) => labelValueText(x) ?? JSON.stringify(x)).join(", ") : "(none)";
  return labelValueText(v) ?? JSON.stringify(v);
}

/** The truth value at query point k, when the answer is a list with one value per point (VCBench counts). */
function answerAt(answer: unknown, k: number, n: number): string | null {
  return Array.isArray(answer) && answer.length === n && n > 0 ? JSON.stringify(answer[k]) : null;
}

/**
 * /projects/[projectId]/items/[itemId] — an item: question, presentation, labels, its video in the
 * player (or "video pending"), query points and evidence spans on a timeline (click to seek), and
 * its ground truth for staff roles (never participants, who cannot open this page at all).
 */
export default async function ItemPage({ params, searchParams }: { params: Promise<{ projectId: string; itemId: string }>; searchParams: Search }) {
  const { projectId, itemId } = await params;
  const user = await requireUser(PROJECT_READ_ROLES, `/projects/${encodeURIComponent(projectId)}/items/${encodeURIComponent(itemId)}`);
  const [project, item] = await Promise.all([getProject(projectId), getItemForViewer(projectId, itemId, user.role)]);
  if (!project || !item) notFound();
  const showTruth = canSeeTruth(user.role);
  const isAdmin = canManageProjects(user.role);
  const [videoRow, neighbours, revisions] = await Promise.all([item.videoId ? findVideo(item.videoId) : null, itemNeighbours(projectId, item.ordinal, item.externalId), itemRevisions(item.id)]);
  const video = videoRow ? toVideoDto(videoRow) : null;
  const { filter, page } = parseItemQuery(await searchParams);
  const back = itemQueryString(filter, page);
  const keep = back ? `?${back}` : "";
  const base = `/projects/${project.id}/items`;

  const answer = showTruth ? item.truth?.answer : undefined;
  const points: TimelinePoint[] = item.queryPoints.map((q) => {
    const a = showTruth ? answerAt(answer, q.ordinal, item.queryPoints.length) : null;
    return { id: q.id, ordinal: q.ordinal, timeSec: q.timeSec, frameIndex: q.frameIndex, ...(a !== null ? { detail: `truth ${a}` } : {}) };
  });
  const spanRows = showTruth ? (item.spans ?? []) : [];
  const spans: TimelineSpan[] = spanRows.map((s) => ({ id: s.id, startSec: s.startSec, endSec: s.endSec, label: s.label, kind: s.source === "TRUTH" ? "truth" : "annotation" }));
  const labels = item.labels && typeof item.labels === "object" && !Array.isArray(item.labels) ? Object.entries(item.labels as Record<string, unknown>) : [];

  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-5 p-6">
      <ProjectHeader project={project} current="items" isAdmin={isAdmin} subtitle={<span />} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Link href={`${base}${keep}`} className="text-sm text-blue-700 hover:underline">
            ← Catalogue
          </Link>
          <h2 className="font-mono text-lg font-semibold" data-testid="item-external-id">
            {item.externalId}
          </h2>
          <Badge>{item.format}</Badge>
          {item.status === "ACTIVE" ? <Badge tone="blue">active</Badge> : <Badge tone="red">removed{item.removalReason ? `: ${item.removalReason}` : ""}</Badge>}
          <span className="text-xs text-slate-500">
            #{item.ordinal + 1} · version {item.version}
          </span>
        </div>
        <nav aria-label="Neighbouring items" className="flex gap-3 text-sm">
          {neighbours.prev && (
            <Link href={`${base}/${neighbours.prev.id}${keep}`} className="text-blue-700 hover:underline">
              ← {neighbours.prev.externalId}
            </Link>
          )}
          {neighbours.next && (
            <Link href={`${base}/${neighbours.next.id}${keep}`} className="text-blue-700 hover:underline">
              {neighbours.next.externalId} →
            </Link>
          )}
        </nav>
      </div>

      <div className="grid gap-5 lg:grid-cols-5">
        <div className="flex flex-col gap-5 lg:col-span-3">
          <Card>
            <CardHeader title="Video" description={video ? video.sourcePath ?? video.originalName : undefined} />
            <CardBody>
              <ItemMedia video={video} videoRef={item.videoRef} points={points} spans={spans} />
            </CardBody>
          </Card>
          <Card>
            <CardHeader title="Query points" description={points.length ? "Where streaming playback pauses for an answer." : undefined} />
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
                  {points.length === 0 && <EmptyRow colSpan={showTruth ? 4 : 3}>This item has no query points.</EmptyRow>}
                  {item.queryPoints.map((q) => (
                    <Tr key={q.id}>
                      <Td className="font-mono">Q{q.ordinal + 1}</Td>
                      <Td className="font-mono">{formatSeconds(q.timeSec)}</Td>
                      <Td className="font-mono">{q.frameIndex ?? "–"}</Td>
                      {showTruth && <Td className="font-mono">{answerAt(answer, q.ordinal, item.queryPoints.length) ?? "–"}</Td>}
                    </Tr>
                  ))}
                </TBody>
              </Table>
            </CardBody>
          </Card>
          {showTruth && (
            <Card>
              <CardHeader title="Evidence spans" />
              <CardBody className="p-0">
                <Table aria-label="Evidence spans">
                  <THead>
                    <Tr>
                      <Th>Source</Th>
                      <Th>Start</Th>
                      <Th>End</Th>
                      <Th>Frames</Th>
                      <Th>Label</Th>
                    </Tr>
                  </THead>
                  <TBody>
                    {spanRows.length === 0 && <EmptyRow colSpan={5}>No evidence spans.</EmptyRow>}
                    {spanRows.map((s) => (
                      <Tr key={s.id}>
                        <Td>{s.source === "TRUTH" ? <Badge tone="green">truth</Badge> : <Badge tone="purple">annotation</Badge>}</Td>
                        <Td className="font-mono">{formatSeconds(s.startSec)}</Td>
                        <Td className="font-mono">{formatSeconds(s.endSec)}</Td>
                        <Td className="font-mono">{s.startFrame !== null ? `${s.startFrame}–${s.endFrame ?? "?"}` : "–"}</Td>
                        <Td>{s.label || "–"}</Td>
                      </Tr>
                    ))}
                  </TBody>
                </Table>
              </CardBody>
            </Card>
          )}
        </div>

        <div className="flex flex-col gap-5 lg:col-span-2">
          <Card>
            <CardHeader title="Question" />
            <CardBody className="flex flex-col gap-4">
              <p className="text-base text-slate-900" data-testid="item-question">
                {item.question}
              </p>
              <PresentationView presentation={item.presentation} />
            </CardBody>
          </Card>
          <Card>
            <CardHeader title="Labels" />
            <CardBody>
              {labels.length === 0 ? (
                <p className="text-sm text-slate-500">No labels.</p>
              ) : (
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="item-labels">
                  {labels.map(([k, v]) => (
                    <div key={k} className="contents">
                      <dt className="text-slate-500">{labelName(k)}</dt>
                      <dd>{labelText(v)}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </CardBody>
          </Card>
          {showTruth && (
            <Card data-testid="item-truth">
              <CardHeader title="Ground truth" description={item.truth ? `Truth version ${item.truth.version}. Visible to admins, reviewers and annotators only.` : undefined} />
              <CardBody className="flex flex-col gap-3">
                {item.truth ? (
                  <>
                    <div>
                      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Answer</h3>
                      <JsonBlock value={item.truth.answer} label="Truth answer" />
                    </div>
                    <details>
                      <summary className="cursor-pointer text-sm text-slate-700">Native annotation (source)</summary>
                      <JsonBlock value={item.truth.source} label="Truth source" />
                    </details>
                  </>
                ) : (
                  <p className="text-sm text-slate-500">No truth recorded.</p>
                )}
              </CardBody>
            </Card>
          )}
          {item.notes && (
            <Card>
              <CardHeader title="Notes" />
              <CardBody>
                <p className="whitespace-pre-wrap text-sm">{item.notes}</p>
              </CardBody>
            </Card>
          )}
          <Card>
            <CardHeader title="History" />
            <CardBody>
              <ol className="flex flex-col gap-1 text-sm">
                {revisions.map((r) => (
                  <li key={r.id} className="flex flex-wrap gap-x-2">
                    <span className="font-mono">v{r.version}</span>
                    <span className="text-slate-500">{dateFormat.format(r.createdAt)} UTC</span>
                    <span>{r.author?.name || r.author?.email || "import script"}</span>
                    {r.reason && <span className="text-slate-600">— {r.reason}</span>}
                  </li>
                ))}
                {revisions.length === 0 && <li className="text-slate-500">No recorded revisions.</li>}
              </ol>
            </CardBody>
          </Card>
        </div>
      </div>

      {isAdmin && (
        <Card>
          <details>
            <summary className="cursor-pointer px-4 py-3 text-base font-semibold">Edit item</summary>
            <div className="border-t border-slate-100 p-4">
              <ItemEditForm
                item={{
                  id: item.id,
                  projectId: project.id,
                  version: item.version,
                  question: item.question,
                  presentation: item.presentation,
                  labels: item.labels,
                  notes: item.notes,
                  videoRef: item.videoRef,
                  status: item.status,
                  removalReason: item.removalReason,
                  truthAnswer: item.truth?.answer ?? null,
                  queryPoints: item.queryPoints.map((q) => q.timeSec),
                  spans: (item.spans ?? []).filter((s) => s.source === "TRUTH").map((s) => ({ startSec: s.startSec, endSec: s.endSec, label: s.label })),
                }}
              />
            </div>
          </details>
        </Card>
      )}
    </main>
  );
}
