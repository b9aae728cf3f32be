import "server-only";
import { audit } from "@/lib/audit/audit";
import { db } from "@/lib/db/prisma";
import type { Role } from "@/lib/db/types";
import { HttpError } from "@/lib/http/http-error";
import type { AddMemberInput } from "./member-schemas";
import { mergeProjectSettings, parseProjectSettings, type ProjectSettings, type ProjectSettingsUpdate, type ProjectUpdate } from "./settings";

/** Admin changes to a project: name and description, settings, members. Each change is audited. */

export type Actor = { id: string; ip?: string };

async function projectOr404(projectId: string) {
  const p = await db.project.findUnique({ where: { id: projectId }, select: { id: true, name: true, benchmark: true, settings: true, description: true } });
  if (!p) throw new HttpError(404, "No such project.");
  return p;
}

export async function updateProject(projectId: string, input: ProjectUpdate, actor: Actor) {
  const p = await projectOr404(projectId);
  if (input.name !== undefined && input.name !== p.name) {
    const clash = await db.project.findUnique({ where: { name: input.name }, select: { id: true } });
    if (clash) throw new HttpError(409, `A project named "${input.name}" already exists.`, "name_taken", [{ field: "name", message: "is already taken" }]);
  }
  const updated = await db.$transaction(async (tx) => {
    const row = await tx.project.update({
      where: { id: projectId },
      data: { ...(input.name !== undefined ? { name: input.name } : {}), ...(input.description !== undefined ? { description: input.description } : {}) },
      select: { id: true, name: true, slug: true, description: true },
    });
    await audit({ actorId: actor.id, action: "project.update", targetType: "Project", targetId: projectId, ip: actor.ip, details: { from: { name: p.name }, to: input } }, tx);
    return row;
  });
  return updated;
}

/** Merges the update into the stored settings (other stored keys, e.g. the importer's `native`, are kept). */
export async function updateProjectSettings(projectId: string, update: ProjectSettingsUpdate, actor: Actor): Promise<ProjectSettings> {
  const p = await projectOr404(projectId);
  const before = parseProjectSettings(p.settings, p.benchmark);
  const merged = mergeProjectSettings(p.settings, update);
  await db.$transaction(async (tx) => {
    await tx.project.update({ where: { id: projectId }, data: { settings: merged as never } });
    const changed = Object.fromEntries(Object.entries(update).filter(([k, v]) => JSON.stringify(before[k as keyof ProjectSettings]) !== JSON.stringify(v)));
    await audit({ actorId: actor.id, action: "project.settings", targetType: "Project", targetId: projectId, ip: actor.ip, details: { changed } }, tx);
  });
  return parseProjectSettings(merged, p.benchmark);
}

export type MemberEntry = { userId: string; email: string; name: string; accountRole: Role; active: boolean; role: Role; createdAt: Date };

export async function listMembers(projectId: string): Promise<MemberEntry[]> {
  const rows = await db.projectMember.findMany({
    where: { projectId },
    orderBy: [{ createdAt: "asc" }, { userId: "asc" }],
    select: { role: true, createdAt: true, user: { select: { id: true, email: true, name: true, role: true, active: true } } },
  });
  return rows.map((r) => ({ userId: r.user.id, email: r.user.email, name: r.user.name, accountRole: r.user.role, active: r.user.active, role: r.role, createdAt: r.createdAt }));
}

/** Active staff accounts (participants are never project members), for the member picker. */
export async function memberCandidates() {
  return db.user.findMany({
    where: { active: true, role: { in: ["ADMIN", "REVIEWER", "ANNOTATOR"] } },
    orderBy: { email: "asc" },
    select: { id: true, email: true, name: true, role: true },
    take: 1000,
  });
}

/** Adds a member, or changes the role of an existing one. */
export async function addMember(projectId: string, input: AddMemberInput, actor: Actor): Promise<MemberEntry> {
  await projectOr404(projectId);
  const user = await db.user.findFirst({
    where: input.userId ? { id: input.userId } : { email: input.email!.toLowerCase() },
    select: { id: true, email: true, role: true, active: true },
  });
  const field = input.userId ? "userId" : "email";
  if (!user) throw new HttpError(404, `No account ${input.email ? `with the email ${input.email}` : `with id ${input.userId}`}.`, "no_such_user", [{ field, message: "no such account" }]);
  if (!user.active) throw new HttpError(422, `${user.email} is deactivated.`, "user_inactive", [{ field, message: "the account is deactivated" }]);
  if (user.role === "PARTICIPANT") {
    throw new HttpError(422, `${user.email} is a participant account; participants take part through studies and cannot be project members.`, "participant_not_member", [
      { field, message: "participants cannot be project members" },
    ]);
  }
  await db.$transaction(async (tx) => {
    await tx.projectMember.upsert({
      where: { projectId_userId: { projectId, userId: user.id } },
      create: { projectId, userId: user.id, role: input.role },
      update: { role: input.role },
    });
    await audit({ actorId: actor.id, action: "project.member_set", targetType: "Project", targetId: projectId, ip: actor.ip, details: { userId: user.id, email: user.email, role: input.role } }, tx);
  });
  const entry = (await listMembers(projectId)).find((m) => m.userId === user.id);
  return entry!;
}

export async function removeMember(projectId: string, userId: string, actor: Actor): Promise<void> {
  await projectOr404(projectId);
  await db.$transaction(async (tx) => {
    const res = await tx.projectMember.deleteMany({ where: { projectId, userId } });
    if (res.count === 0) throw new HttpError(404, "That account is not a member of this project.");
    await audit({ actorId: actor.id, action: "project.member_remove", targetType: "Project", targetId: projectId, ip: actor.ip, details: { userId } }, tx);
  });
}

/** Changes a member's project role (404 when the account is not a member). */
export async function updateMember(projectId: string, userId: string, role: AddMemberInput["role"], actor: Actor): Promise<MemberEntry> {
  const existing = await db.projectMember.findUnique({ where: { projectId_userId: { projectId, userId } }, select: { userId: true } });
  if (!existing) throw new HttpError(404, "That account is not a member of this project.");
  return addMember(projectId, { userId, role }, actor);
}
