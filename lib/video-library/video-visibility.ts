import "server-only";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { canViewVideo, seesWholeLibrary, type VideoAccessUser } from "./video-access";
import { findVideo, listVideos, type LibraryVideo, type VideoList, type VideoListQuery } from "./video-queries";

/** Whether an item of a project the user is a member of uses the video (one indexed query). */
export async function usedByMemberProject(videoId: string, userId: string): Promise<boolean> {
  const item = await db.item.findFirst({ where: { videoId, project: { members: { some: { userId } } } }, select: { id: true } });
  return !!item;
}

/** The video when the user may see it (lib/video-library/video-access.ts), else null — also when it does not exist. */
export async function findViewableVideo(user: VideoAccessUser, videoId: string): Promise<LibraryVideo | null> {
  const video = await findVideo(videoId);
  if (!video) return null;
  const usedByViewersProject = seesWholeLibrary(user) ? true : await usedByMemberProject(video.id, user.id);
  return canViewVideo(user, { usedByViewersProject }) ? video : null;
}

/** For routes: the video the user may see, or 404 (a video of someone else's project is not confirmed to exist). */
export async function viewableVideoOr404(user: VideoAccessUser, videoId: string): Promise<LibraryVideo> {
  const video = await findViewableVideo(user, videoId);
  if (!video) throw new HttpError(404, "No such video.");
  return video;
}

/** The library as the user may see it: every video for admins, the videos of their projects for other staff. */
export async function listViewableVideos(user: VideoAccessUser, query: VideoListQuery = {}): Promise<VideoList> {
  return listVideos(query, seesWholeLibrary(user) ? {} : { memberOf: user.id });
}
