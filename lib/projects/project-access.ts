import "server-only";
import { db } from "@/lib/db/prisma";
import type { BenchmarkKind, Role } from "@/lib/db/types";
import { HttpError } from "@/lib/http/http-error";
import { canManageProjects, canSeeProject, truthVisibleTo } from "./access";

/**
 * The one project lookup of every project route and page: finds the project (by id, slug or
 * name), checks the caller may see it (lib/projects/access.ts) and says what they may do there.
 * A project that does not exist and one the caller may not see answer the same 404, so a
 * non-member learns nothing about it.
 */

export type ProjectRef = {
  id: string;
  name: string;
  slug: string;
  benchmark: BenchmarkKind;
  description: string;
  truthVersion: number;
};

export type ProjectAccess = {
  project: ProjectRef;
  role: Role;
  isMember: boolean;
  /** May manage the project (admin). */
  isAdmin: boolean;
  /** May receive ground truth in the "project" context (project and item pages and APIs). */
  truthVisible: boolean;
};

/** What a route or page needs beyond seeing the project: truth ("project" context) or managing it. */
export type ProjectNeed = "read" | "truth" | "manage";

export type AccessUser = { id: string; role: Role };

const REF_SELECT = { id: true, name: true, slug: true, benchmark: true, description: true, truthVersion: true } as const;

export const NO_SUCH_PROJECT = "No such project.";

/** The project with this id, slug or name (in that order), or null. */
export async function findProjectRef(key: string): Promise<ProjectRef | null> {
  if (!key) return null;
  return (
    (await db.project.findUnique({ where: { id: key }, select: REF_SELECT })) ??
    (await db.project.findUnique({ where: { slug: key }, select: REF_SELECT })) ??
    (await db.project.findUnique({ where: { name: key }, select: REF_SELECT }))
  );
}

/** Whether the user has a ProjectMember row in the project. */
export async function isProjectMember(projectId: string, userId: string): Promise<boolean> {
  const row = await db.projectMember.findUnique({ where: { projectId_userId: { projectId, userId } }, select: { userId: true } });
  return !!row;
}

/** The caller's access to a project they may see, or null (missing, or not visible to them). */
export async function findProjectAccess(user: AccessUser, key: string): Promise<ProjectAccess | null> {
  const project = await findProjectRef(key);
  if (!project) return null;
  const isMember = await isProjectMember(project.id, user.id);
  const viewer = { role: user.role, isMember };
  if (!canSeeProject(viewer)) return null;
  return {
    project,
    role: user.role,
    isMember,
    isAdmin: canManageProjects(user.role),
    truthVisible: truthVisibleTo({ ...viewer, context: "project" }),
  };
}

/**
 * For routes: the caller's access to the project, or an HttpError — 404 when it does not exist or
 * the caller may not see it; 403 when they see it but `need` is truth or managing and they lack it.
 */
export async function projectAccess(user: AccessUser, key: string, need: ProjectNeed = "read"): Promise<ProjectAccess> {
  const access = await findProjectAccess(user, key);
  if (!access) throw new HttpError(404, NO_SUCH_PROJECT, "not_found");
  assertNeed(access, need);
  return access;
}

export function meetsNeed(access: ProjectAccess, need: ProjectNeed): boolean {
  if (need === "manage") return access.isAdmin;
  if (need === "truth") return access.truthVisible;
  return true;
}

function assertNeed(access: ProjectAccess, need: ProjectNeed): void {
  if (meetsNeed(access, need)) return;
  throw new HttpError(403, need === "manage" ? "Only admins may change projects." : "Your role may not see this project's ground truth.", "forbidden");
}

/** Ids of the projects the user may see ("all" for admins). */
export async function visibleProjectIds(user: AccessUser): Promise<string[] | "all"> {
  if (user.role === "ADMIN") return "all";
  if (user.role !== "REVIEWER" && user.role !== "ANNOTATOR") return [];
  const rows = await db.projectMember.findMany({ where: { userId: user.id }, select: { projectId: true } });
  return rows.map((r) => r.projectId);
}
