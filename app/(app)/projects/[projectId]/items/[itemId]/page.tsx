import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/current-user";
import { PROJECT_READ_ROLES } from "@/lib/projects/access";
import { itemQueryString, parseItemQuery } from "@/lib/projects/item-filters";
import { currentItemForPage, itemPageExtras } from "@/lib/projects/item-page";
import { itemReviewStatus } from "@/lib/review/item-review-status";
import { ProjectHeader } from "../../../_components/project-header";
import { EditCard } from "./_components/edit-card";
import { EvidenceSpansCard } from "./_components/evidence-spans-card";
import { HistoryCard } from "./_components/history-card";
import { ItemMedia } from "./_components/item-media";
import { itemTimeline } from "./_components/item-timeline";
import { ItemTitleBar } from "./_components/item-title-bar";
import { NotesCard } from "./_components/notes-card";
import { QueryPointsCard } from "./_components/query-points-card";
import { QuestionCards } from "./_components/question-card";
import { ReviewStatusCard } from "./_components/review-status-card";
import { TruthCard } from "./_components/truth-card";

export const dynamic = "force-dynamic";

type Params = Promise<{ projectId: string; itemId: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { projectId, itemId } = await params;
  const found = await currentItemForPage(projectId, itemId);
  return { title: found ? `${found.item.externalId} · Items · ${found.access.project.name}` : "Not found" };
}

/**
 * /projects/[projectId]/items/[itemId] — an item: question, presentation, labels, its video in the
 * player (or "video pending"), query points on a timeline (click to seek), history; its ground
 * truth, evidence spans, notes and review status (double review, expert sample) only for viewers
 * `truthVisibleTo` allows (admins, reviewer members; not annotators). Non-members get the 404 page; participants are sent to /forbidden.
 */
export default async function ItemPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { projectId, itemId } = await params;
  await requireUser(PROJECT_READ_ROLES, `/projects/${encodeURIComponent(projectId)}/items/${encodeURIComponent(itemId)}`);
  const found = await currentItemForPage(projectId, itemId);
  if (!found) notFound();
  const { access, item } = found;
  const { project, isAdmin, truthVisible } = access;
  const { video, neighbours, revisions } = await itemPageExtras(access, item);
  const { filter, page } = parseItemQuery(await searchParams);
  const back = itemQueryString(filter, page);
  const keep = back ? `?${back}` : "";
  const base = `/projects/${project.id}/items`;
  const { points, spans } = itemTimeline(item);
  // Staff only: an annotator must not learn whether another pass of the item exists.
  const reviews = truthVisible ? await itemReviewStatus(item.id) : [];

  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-5 p-6">
      <ProjectHeader project={project} current="items" isAdmin={isAdmin} subtitle={<span />} crumbs={[{ label: project.name, href: `/projects/${project.id}` }, { label: "Items", href: `${base}${keep}` }, { label: item.externalId }]} />
      <ItemTitleBar item={item} neighbours={neighbours} base={base} keep={keep} />
      <div className="grid gap-5 lg:grid-cols-5">
        <div className="flex flex-col gap-5 lg:col-span-3">
          <Card>
            <CardHeader title="Video" description={video ? (video.sourcePath ?? video.originalName) : undefined} />
            <CardBody>
              <ItemMedia video={video} videoRef={item.videoRef} points={points} spans={spans} />
            </CardBody>
          </Card>
          <QueryPointsCard item={item} showTruth={truthVisible} />
          {truthVisible && <EvidenceSpansCard spans={item.spans ?? []} />}
        </div>
        <div className="flex flex-col gap-5 lg:col-span-2">
          <QuestionCards item={item} />
          {truthVisible && <TruthCard truth={item.truth} projectTruthVersion={project.truthVersion} />}
          {reviews.length > 0 && <ReviewStatusCard reviews={reviews} />}
          {truthVisible && item.notes && <NotesCard notes={item.notes} />}
          <HistoryCard revisions={revisions} />
        </div>
      </div>
      {isAdmin && <EditCard item={item} projectId={project.id} />}
    </main>
  );
}
