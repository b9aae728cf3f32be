import "server-only";
import { audit } from "@/lib/audit/audit";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { forgetPlans } from "@/lib/protocol/load-plan";
import { queueHumanRun } from "./human-run-jobs";
import { itemsFingerprint } from "./items-fingerprint";
import type { CreateStudyInput, StudyItemsInput, UpdateStudyInput } from "./study-schemas";
import { parseStudySettings, studySettingsSchema } from "@/lib/protocol/study-settings";

/** Settings that shape the media or the plan: changeable only while the study is a DRAFT. */
const FROZEN_WHEN_OPENED = ["segmentSeconds", "participantsPerVideo"] as const;

export async function createStudy(input: CreateStudyInput, actorId: string) {
  const project = await db.project.findUnique({ where: { id: input.projectId }, select: { id: true } });
  if (!project) throw new HttpError(400, "projectId: no such project.", "invalid_input");
  const settings = studySettingsSchema.parse(input.settings ?? {});
  try {
    const study = await db.study.create({
      data: { projectId: input.projectId, name: input.name, protocol: input.protocol, settings: settings as never },
      select: { id: true, name: true, protocol: true, status: true, settings: true, projectId: true },
    });
    await audit({ actorId, action: "study.create", targetType: "Study", targetId: study.id, details: { name: study.name } });
    return study;
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") throw new HttpError(409, `name: a study named "${input.name}" already exists in this project.`);
    throw error;
  }
}

export async function updateStudy(studyId: string, input: UpdateStudyInput, actorId: string) {
  const study = await db.study.findUnique({ where: { id: studyId }, select: { status: true, settings: true, projectId: true } });
  if (!study) throw new HttpError(404, "No such study.");
  const current = parseStudySettings(study.settings);
  if (study.status !== "DRAFT") {
    if (input.protocol) throw new HttpError(409, "protocol: can only change while the study is a draft.");
    for (const key of FROZEN_WHEN_OPENED) {
      if (input.settings?.[key] !== undefined && input.settings[key] !== current[key]) {
        throw new HttpError(409, `settings.${key}: can only change while the study is a draft.`);
      }
    }
  }
  const settings = studySettingsSchema.parse({ ...current, ...(input.settings ?? {}) });
  const updated = await db.study.update({
    where: { id: studyId },
    data: { ...(input.name ? { name: input.name } : {}), ...(input.protocol ? { protocol: input.protocol } : {}), settings: settings as never },
    select: { id: true, name: true, protocol: true, status: true, settings: true, projectId: true },
  });
  forgetPlans(studyId);
  await audit({ actorId, action: "study.update", targetType: "Study", targetId: studyId });
  // Who counts in the human row changed: refresh the row (as a finished session does).
  if (settings.excludeFailedAttention !== current.excludeFailedAttention) {
    const run = await db.modelRun.findFirst({ where: { projectId: study.projectId, source: `study:${studyId}`, kind: "HUMAN" }, select: { id: true } });
    if (run) await queueHumanRun(studyId);
  }
  return updated;
}

/** Replaces the study's items (DRAFT only). Each must be an active item of the project with a video; attention checks need truth. */
export async function setStudyItems(studyId: string, input: StudyItemsInput, actorId: string) {
  const study = await db.study.findUnique({ where: { id: studyId }, select: { status: true, projectId: true } });
  if (!study) throw new HttpError(404, "No such study.");
  if (study.status !== "DRAFT") throw new HttpError(409, "Items can only change while the study is a draft.");
  const ids = input.items.map((i) => i.itemId);
  const seen = new Set<string>();
  input.items.forEach((i, n) => {
    if (seen.has(i.itemId)) throw new HttpError(400, `items.${n}.itemId: listed twice.`, "invalid_input");
    seen.add(i.itemId);
  });
  const rows = await db.item.findMany({
    where: { id: { in: ids } },
    select: { id: true, projectId: true, status: true, videoId: true, truth: { select: { itemId: true } } },
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  input.items.forEach((i, n) => {
    const row = byId.get(i.itemId);
    if (!row || row.projectId !== study.projectId) throw new HttpError(400, `items.${n}.itemId: no such item in this project.`, "invalid_input");
    if (row.status !== "ACTIVE") throw new HttpError(400, `items.${n}.itemId: the item was removed.`, "invalid_input");
    if (!row.videoId) throw new HttpError(400, `items.${n}.itemId: the item has no video attached yet.`, "invalid_input");
    if (i.attentionCheck && !row.truth) throw new HttpError(400, `items.${n}.attentionCheck: the item has no known answer.`, "invalid_input");
  });
  await db.$transaction(async (tx) => {
    // Takes the study row's lock (PostgreSQL) and re-checks DRAFT: a concurrent open or save waits.
    const still = await tx.study.updateMany({ where: { id: studyId, status: "DRAFT" }, data: { status: "DRAFT" } });
    if (still.count !== 1) throw new HttpError(409, "Items can only change while the study is a draft.");
    if (input.baseFingerprint) {
      const current = await tx.studyItem.findMany({ where: { studyId }, select: { itemId: true, attentionCheck: true } });
      if (itemsFingerprint(current) !== input.baseFingerprint) {
        throw new HttpError(
          409,
          `items: the study's items were changed elsewhere (another tab or admin) since this list was loaded (now ${current.length}); reload the page to see them before saving.`,
          "items_changed",
          { items: current.length },
        );
      }
    }
    await tx.studyItem.deleteMany({ where: { studyId } });
    await tx.studyItem.createMany({ data: input.items.map((i) => ({ studyId, itemId: i.itemId, attentionCheck: i.attentionCheck })) });
  });
  forgetPlans(studyId);
  await audit({ actorId, action: "study.items", targetType: "Study", targetId: studyId, details: { items: input.items.length } });
  return { items: input.items.length, fingerprint: itemsFingerprint(input.items) };
}

export async function closeStudy(studyId: string, actorId: string) {
  const result = await db.study.updateMany({ where: { id: studyId, status: "OPEN" }, data: { status: "CLOSED" } });
  if (result.count !== 1) throw new HttpError(409, "Only an open study can be closed.");
  await audit({ actorId, action: "study.close", targetType: "Study", targetId: studyId });
}
