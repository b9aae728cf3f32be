import type { Role } from "@/lib/db/types";

/** Who may see runs and the leaderboard (aggregates, problems): staff. Participants never. */
export const RUN_VIEW_ROLES: readonly Role[] = ["ADMIN", "REVIEWER", "ANNOTATOR"];
/** Who may upload, rescore and recompute baselines. */
export const RUN_UPLOAD_ROLES: readonly Role[] = ["ADMIN", "REVIEWER"];
/** Who may see answers next to the ground truth (per-item results, drill-down). */
export const RUN_TRUTH_ROLES: readonly Role[] = ["ADMIN", "REVIEWER"];
/** Who may delete a run. */
export const RUN_DELETE_ROLES: readonly Role[] = ["ADMIN"];

export function canSeeTruth(role: Role): boolean {
  return RUN_TRUTH_ROLES.includes(role);
}
export function canUploadRuns(role: Role): boolean {
  return RUN_UPLOAD_ROLES.includes(role);
}
