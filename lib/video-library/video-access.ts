/**
 * Who may do what with library videos (PURE: shared by routes, pages and client components).
 *
 * - View (catalogue, detail page, player, media route, PTS table, thumbnail):
 *   - ADMIN: every video.
 *   - REVIEWER, ANNOTATOR: only the videos used by an item of a project they are a member of —
 *     the same membership rule as projects (lib/projects/access.ts). A lab hosting several
 *     benchmarks keeps each benchmark's media with its project: an outside annotator brought in
 *     for one benchmark neither lists nor streams another's videos, nor videos not yet used by
 *     any project. Another video answers 404, as one that does not exist.
 *   - PARTICIPANT never uses the library or the media route: human-baseline sessions serve
 *     participants their segments through their own, server-enforced routes.
 * - Upload, import and delete: ADMIN only. Reviewers adjudicate and qualify annotators; adding
 *   or removing benchmark media is a researcher's (admin's) job, and an upload can cost minutes
 *   of transcoding, so it stays with the role that configures projects.
 * - The untouched original of a transcoded video (`?file=original`): ADMIN only.
 */
import type { Role } from "@/lib/db/types";

export const VIDEO_VIEWER_ROLES = ["ADMIN", "REVIEWER", "ANNOTATOR"] as const satisfies readonly Role[];
export const VIDEO_MANAGER_ROLES = ["ADMIN"] as const satisfies readonly Role[];

export type VideoAccessUser = { id: string; role: Role };
/** What decides visibility of one video: whether it is used by an item of one of the viewer's projects. */
export type VideoAccessTarget = { usedByViewersProject: boolean };

function hasRole(roles: readonly Role[], role: Role): boolean {
  return roles.includes(role);
}

/** Whether the user sees the whole library (admins) rather than the videos of their projects. */
export function seesWholeLibrary(user: VideoAccessUser | null | undefined): boolean {
  return !!user && user.role === "ADMIN";
}

export function canViewVideo(user: VideoAccessUser | null | undefined, video: VideoAccessTarget): boolean {
  if (!user || !hasRole(VIDEO_VIEWER_ROLES, user.role)) return false;
  return seesWholeLibrary(user) || video.usedByViewersProject;
}

export function canManageVideos(user: VideoAccessUser | null | undefined): boolean {
  return !!user && hasRole(VIDEO_MANAGER_ROLES, user.role);
}

export function canReadOriginalFile(user: VideoAccessUser | null | undefined): boolean {
  return !!user && user.role === "ADMIN";
}
