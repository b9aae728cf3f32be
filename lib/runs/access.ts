import type { Role } from "@/lib/db/types";
import { TRUTH_ROLES } from "@/lib/projects/access";

/**
 * Role gates of the run and leaderboard routes. They are the first check only: every run route
 * and page then asks lib/projects/project-access.ts, so non-admin staff reach only the projects
 * they are members of, and answers next to the truth follow `truthVisibleTo` (lib/projects/access.ts).
 */

/** Who may see runs and the leaderboard (aggregates, problems): staff. Participants never. */
export const RUN_VIEW_ROLES: readonly Role[] = ["ADMIN", "REVIEWER", "ANNOTATOR"];
/** Who may upload, rescore and recompute baselines. */
export const RUN_UPLOAD_ROLES: readonly Role[] = ["ADMIN", "REVIEWER"];
/** Who may see answers next to the ground truth (per-item results, drill-down): from the truth rule. */
export const RUN_TRUTH_ROLES: readonly Role[] = TRUTH_ROLES;
/** Who may delete a run. */
export const RUN_DELETE_ROLES: readonly Role[] = ["ADMIN"];

export function canUploadRuns(role: Role): boolean {
  return RUN_UPLOAD_ROLES.includes(role);
}
