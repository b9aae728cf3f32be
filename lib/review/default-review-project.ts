/**
 * Which project's adjudications /review shows first (PURE): the reviewer's own work before
 * anyone's: a project where they hold a claimed adjudication, else the one with the most open
 * adjudications (disputed + expert samples), else the first in the list (issue 19.8: it opened on
 * the first project, with 0 disputed, while another had work).
 */
import type { ReviewQueueProject } from "./api-schemas";

type Counts = Pick<ReviewQueueProject, "projectId" | "disputed" | "expert" | "inProgressMine">;

export function defaultReviewProject(projects: readonly Counts[]): string | null {
  if (projects.length === 0) return null;
  const mine = projects.find((p) => p.inProgressMine > 0);
  if (mine) return mine.projectId;
  let best: Counts = projects[0];
  for (const p of projects) if (p.disputed + p.expert > best.disputed + best.expert) best = p;
  return best.projectId;
}
