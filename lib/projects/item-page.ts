import "server-only";
import { cache } from "react";
import { toVideoDto, type VideoDto } from "@/lib/video-library/video-dto";
import { findVideo } from "@/lib/video-library/video-queries";
import { getItemForViewer, itemNeighbours, itemRevisions, type ItemForViewer, type ItemRevisionEntry } from "./item-queries";
import { currentProjectAccess } from "./page-project";
import type { ProjectAccess } from "./project-access";

/**
 * The item of an item page as the signed-in user may see it (once per request: the page and its
 * generateMetadata share it): null when the project is not visible to them or the item is not in
 * it. Truth, spans, notes and revision reasons are read only when `access.truthVisible`.
 */
export const currentItemForPage = cache(async (projectKey: string, itemId: string): Promise<{ access: ProjectAccess; item: ItemForViewer } | null> => {
  const access = await currentProjectAccess(projectKey);
  if (!access) return null;
  const item = await getItemForViewer(access.project.id, itemId, access.truthVisible);
  return item ? { access, item } : null;
});

export type ItemPageExtras = {
  video: VideoDto | null;
  neighbours: Awaited<ReturnType<typeof itemNeighbours>>;
  revisions: ItemRevisionEntry[];
};

/**
 * The rest of the item page: its video (an item of a project the viewer sees makes its video
 * visible to them), previous / next items in native order, and the revision history.
 */
export async function itemPageExtras(access: ProjectAccess, item: ItemForViewer): Promise<ItemPageExtras> {
  const [videoRow, neighbours, revisions] = await Promise.all([
    item.videoId ? findVideo(item.videoId) : null,
    itemNeighbours(access.project.id, item.ordinal, item.externalId),
    itemRevisions(item.id, access.truthVisible),
  ]);
  return { video: videoRow ? toVideoDto(videoRow) : null, neighbours, revisions };
}
