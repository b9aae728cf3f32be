/**
 * Who may do what with library videos (PURE: shared by routes, pages and client components).
 *
 * - View (catalogue, detail page, player, media route, PTS table, thumbnail): ADMIN, REVIEWER,
 *   ANNOTATOR. PARTICIPANT never uses the library or the media route: human-baseline sessions
 *   serve participants their segments through their own, server-enforced routes.
 * - Upload, import and delete: ADMIN only. Reviewers adjudicate and qualify annotators; adding
 *   or removing benchmark media is a researcher's (admin's) job, and an upload can cost minutes
 *   of transcoding, so it stays with the role that configures projects.
 * - The untouched original of a transcoded video (`?file=original`): ADMIN only.
 *
 * `canViewVideo` takes the video so that per-project visibility can be added later without
 * changing its callers.
 */
import type { Role } from "@/lib/db/types";

export const VIDEO_VIEWER_ROLES = ["ADMIN", "REVIEWER", "ANNOTATOR"] as const satisfies readonly Role[];
export const VIDEO_MANAGER_ROLES = ["ADMIN"] as const satisfies readonly Role[];

export type VideoAccessUser = { id: string; role: Role };
export type VideoAccessTarget = { id: string; addedById?: string | null };

function hasRole(roles: readonly Role[], role: Role): boolean {
  return roles.includes(role);
}

export function canViewVideo(user: VideoAccessUser | null | undefined, _video: VideoAccessTarget): boolean {
  return !!user && hasRole(VIDEO_VIEWER_ROLES, user.role);
}

export function canManageVideos(user: VideoAccessUser | null | undefined): boolean {
  return !!user && hasRole(VIDEO_MANAGER_ROLES, user.role);
}

export function canReadOriginalFile(user: VideoAccessUser | null | undefined): boolean {
  return !!user && user.role === "ADMIN";
}
