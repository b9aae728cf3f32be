/**
 * Who may see projects, and who may receive an item's ground truth (PURE: shared by routes, pages,
 * server functions and client components). This file is THE rule; everything else asks it.
 *
 * Visibility (`canSeeProject`):
 * - ADMIN: every project.
 * - REVIEWER, ANNOTATOR: only projects they are members of (a ProjectMember row). A project they
 *   are not a member of does not exist for them: its pages are 404, its APIs answer 404 (existence
 *   is not confirmed), and it is missing from lists, leaderboards, runs, exports and the media of
 *   its items. A lab hosting several benchmarks, or outside annotators brought in for one of them,
 *   relies on this.
 * - PARTICIPANT: never (participants reach items only through their study sessions).
 *
 * Managing (create, import, edit items, settings, members, export): ADMIN only.
 *
 * Ground truth (`truthVisibleTo`): the item's native answer and annotation (ItemTruth), evidence
 * spans, staff notes and the reasons written into its revision history. Who receives it depends on
 * the viewer AND the context the response is for:
 *
 * | context          | ADMIN | REVIEWER member | ANNOTATOR member | non-member staff | PARTICIPANT |
 * |------------------|-------|-----------------|------------------|------------------|-------------|
 * | "project"        | yes   | yes             | NO               | no               | no          |
 * | "task-prefill"   | yes   | yes             | yes              | no               | no          |
 * | "task-blind"     | no    | no              | no               | no               | no          |
 * | "study"          | no    | no              | no               | no               | no          |
 *
 * - "project": project and item pages and their APIs, run per-item results, leaderboard
 *   drill-down, exports (and the RSC payloads of those pages). Annotators never get truth here:
 *   they get what a task needs only through the annotation workspace.
 * - "task-prefill": the annotation workspace of a verification task (mode `prefill`: the item's
 *   generated truth is what the annotator checks) whose pass is not blind to it.
 * - "task-blind": annotating from scratch (mode `blank`) or any pass of a blind (double) review
 *   that would otherwise see someone else's work: no truth for anyone, whoever opens the task.
 * - "study": participant sessions: never.
 * The annotation workspace decides between "task-prefill" and "task-blind" from the task
 * (lib/annotation/truth-visibility.ts `truthShownToTask`) and then asks `truthVisibleTo`, e.g.
 *   truthVisibleTo({ role, isMember, context: truthShownToTask(task, origin, k) ? "task-prefill" : "task-blind" })
 */
import type { Role } from "@/lib/db/types";

const ALL_ROLES = ["ADMIN", "REVIEWER", "ANNOTATOR", "PARTICIPANT"] as const satisfies readonly Role[];

/** Roles that may be let into project routes at all (non-admins still need membership). */
export const PROJECT_READ_ROLES = ["ADMIN", "REVIEWER", "ANNOTATOR"] as const satisfies readonly Role[];
export const PROJECT_ADMIN_ROLES = ["ADMIN"] as const satisfies readonly Role[];
/** Roles a project member may hold (participants are never project members). */
export const MEMBER_ROLES = ["ADMIN", "REVIEWER", "ANNOTATOR"] as const satisfies readonly Role[];

export const TRUTH_CONTEXTS = ["project", "task-prefill", "task-blind", "study"] as const;
export type TruthContext = (typeof TRUTH_CONTEXTS)[number];

/** A signed-in user looking at one project: their account role and whether they are a member. */
export type ProjectViewer = { role: Role; isMember: boolean };

export function canManageProjects(role: Role | null | undefined): boolean {
  return role === "ADMIN";
}

/** Whether the viewer may see the project at all (admins: every project; other staff: their projects). */
export function canSeeProject(viewer: ProjectViewer | null | undefined): boolean {
  if (!viewer) return false;
  if (viewer.role === "ADMIN") return true;
  return (viewer.role === "REVIEWER" || viewer.role === "ANNOTATOR") && viewer.isMember;
}

/** Whether the viewer may receive an item's ground truth in this context (see the table above). */
export function truthVisibleTo(viewer: (ProjectViewer & { context: TruthContext }) | null | undefined): boolean {
  if (!viewer || !canSeeProject(viewer)) return false;
  switch (viewer.context) {
    case "project":
      return viewer.role === "ADMIN" || viewer.role === "REVIEWER";
    case "task-prefill":
      return true;
    case "task-blind":
    case "study":
      return false;
  }
}

/**
 * Roles that may receive truth in the "project" context when they are members: the role gate of
 * truth-bearing routes (membership is checked after it). Derived from `truthVisibleTo`.
 */
export const TRUTH_ROLES: readonly Role[] = ALL_ROLES.filter((role) => truthVisibleTo({ role, isMember: true, context: "project" }));
