import "server-only";
import { audit } from "@/lib/audit/audit";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { mergeWorkflowSettings, parseWorkflowSettings, workflowUpdateProblems, type WorkflowSettings, type WorkflowUpdate } from "./workflow-settings";

export async function workflowSettingsOf(projectId: string): Promise<WorkflowSettings> {
  const p = await db.project.findUniqueOrThrow({ where: { id: projectId }, select: { settings: true, benchmark: true } });
  return parseWorkflowSettings(p.settings, p.benchmark);
}

/**
 * Saves a workflow update (admins). Unknown task kinds for the benchmark and annotators who are not
 * ANNOTATOR members of the project are 400s naming the field; other settings keys are kept.
 */
export async function updateWorkflowSettings(projectId: string, update: WorkflowUpdate, actor: { id: string; ip?: string }): Promise<WorkflowSettings> {
  const p = await db.project.findUniqueOrThrow({ where: { id: projectId }, select: { settings: true, benchmark: true } });
  const problems = workflowUpdateProblems(p.benchmark, update);
  if (update.annotatorIds) {
    const members = new Set((await db.projectMember.findMany({ where: { projectId, role: "ANNOTATOR", userId: { in: update.annotatorIds } }, select: { userId: true } })).map((m) => m.userId));
    update.annotatorIds.forEach((u, i) => {
      if (!members.has(u)) problems.push({ field: `annotatorIds.${i}`, message: "is not a member of this project with the ANNOTATOR role" });
    });
  }
  if (problems.length) throw new HttpError(400, problems.map((x) => `${x.field}: ${x.message}`).join("; "), "invalid_input", problems);
  const merged = mergeWorkflowSettings(p.settings, p.benchmark, update);
  await db.$transaction(async (tx) => {
    await tx.project.update({ where: { id: projectId }, data: { settings: merged as never } });
    await audit({ actorId: actor.id, action: "project.workflow", targetType: "Project", targetId: projectId, ip: actor.ip, details: { changed: update } }, tx);
  });
  return parseWorkflowSettings(merged, p.benchmark);
}

/** Project members who may annotate: ANNOTATOR members (active accounts), narrowed to `annotatorIds` when set. */
export async function eligibleAnnotators(projectId: string, settings?: WorkflowSettings) {
  const s = settings ?? (await workflowSettingsOf(projectId));
  const rows = await db.projectMember.findMany({
    where: { projectId, role: "ANNOTATOR", user: { active: true }, ...(s.annotatorIds ? { userId: { in: s.annotatorIds } } : {}) },
    select: { user: { select: { id: true, name: true, email: true } } },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((r) => r.user);
}

/** Every ANNOTATOR member of the project (active accounts), for the settings form's "who may annotate". */
export async function annotatorMembers(projectId: string) {
  const rows = await db.projectMember.findMany({
    where: { projectId, role: "ANNOTATOR", user: { active: true } },
    select: { user: { select: { id: true, name: true, email: true } } },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((r) => r.user);
}
