import "server-only";
import { audit } from "@/lib/audit/audit";
import { db } from "@/lib/db/prisma";
import type { Video } from "@/lib/db/types";
import { HttpError } from "@/lib/http/http-error";
import { mediaStorage } from "@/lib/storage/media-storage";
import { videoStorageKeys } from "@/lib/video/storage-paths";

/** A Video row with the person who added it (id, email, name only). */
export type LibraryVideo = Video & { addedBy: { id: string; email: string; name: string } | null };

export const videoWithAdder = {
  include: { addedBy: { select: { id: true, email: true, name: true } } },
} as const;

export type VideoListQuery = { q?: string; take?: number; skip?: number };
export type VideoList = { videos: LibraryVideo[]; total: number };

export const MAX_LIST_TAKE = 500;

/** `%text%` for LIKE, with \ % _ escaped. */
function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Videos used by an item of a project the user is a member of (the library as non-admin staff
 * see it: lib/video-library/video-access.ts).
 */
export function memberVideosWhere(userId: string) {
  return { items: { some: { project: { members: { some: { userId } } } } } } as const;
}

/**
 * Newest first. `q` matches the display name or the imported relative path, case-insensitively
 * (ASCII) on both SQLite and PostgreSQL (raw LOWER() LIKE: Prisma's `mode: "insensitive"` is
 * PostgreSQL-only). `memberOf` (a user id) keeps only the videos of that user's projects.
 */
export async function listVideos(query: VideoListQuery = {}, scope: { memberOf?: string } = {}): Promise<VideoList> {
  const take = Math.min(Math.max(1, query.take ?? 100), MAX_LIST_TAKE);
  const skip = Math.max(0, query.skip ?? 0);
  const q = query.q?.trim();
  const visible = scope.memberOf ? memberVideosWhere(scope.memberOf) : {};
  if (!q) {
    const [videos, total] = await Promise.all([
      db.video.findMany({ where: visible, orderBy: [{ createdAt: "desc" }, { id: "asc" }], take, skip, ...videoWithAdder }),
      db.video.count({ where: visible }),
    ]);
    return { videos, total };
  }
  const pattern = likePattern(q);
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Video"
    WHERE LOWER("originalName") LIKE ${pattern} ESCAPE '\\'
       OR LOWER(COALESCE("sourcePath", '')) LIKE ${pattern} ESCAPE '\\'`;
  const ids = rows.map((r) => r.id);
  if (!ids.length) return { videos: [], total: 0 };
  const where = { id: { in: ids }, ...visible };
  const [videos, total] = await Promise.all([
    db.video.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "asc" }], take, skip, ...videoWithAdder }),
    scope.memberOf ? db.video.count({ where }) : Promise.resolve(ids.length),
  ]);
  return { videos, total };
}

export async function findVideo(id: string): Promise<LibraryVideo | null> {
  return db.video.findUnique({ where: { id }, ...videoWithAdder });
}

export async function getVideoOr404(id: string): Promise<LibraryVideo> {
  const video = await findVideo(id);
  if (!video) throw new HttpError(404, "No such video.");
  return video;
}

/**
 * Deletes a video and its files. Refused (409) while benchmark items, baseline sessions or
 * studies refer to it: those hold annotations and answers in its frame timeline.
 */
export async function deleteVideo(id: string, actorId: string | null, ip?: string): Promise<void> {
  const video = await getVideoOr404(id);
  const [items, sessions, studies] = await Promise.all([
    db.item.count({ where: { videoId: id } }),
    db.baselineSession.count({ where: { videoId: id } }),
    db.studyVideo.count({ where: { segmentation: { videoId: id } } }),
  ]);
  const uses = [
    items && `${items} benchmark item(s)`,
    sessions && `${sessions} baseline session(s)`,
    studies && `${studies} study segmentation(s)`,
  ].filter(Boolean);
  if (uses.length) {
    throw new HttpError(409, `${video.originalName} is still used by ${uses.join(", ")}; remove those first.`, "video_in_use");
  }
  await db.video.delete({ where: { id } });
  await audit({
    actorId,
    action: "video.delete",
    targetType: "Video",
    targetId: id,
    ip,
    details: { name: video.originalName, sha256: video.sha256 },
  }).catch((e: unknown) => console.warn(`[playhead] audit log entry for video ${id} failed: ${(e as Error).message}`));
  await mediaStorage()
    .deletePrefix(videoStorageKeys(video.storageKey).prefix)
    .catch((e: unknown) => console.warn(`[playhead] files of deleted video ${id} were not all removed (swept later): ${(e as Error).message}`));
}
