import "server-only";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { parseStudySettings } from "@/lib/protocol/study-settings";

/** Reads of the admin study pages and API (ADMIN only: callers check the role). */

/** Every study (of one project when `projectId` is given), newest first, with its counts. */
export async function listStudies(projectId?: string) {
  return db.study.findMany({
    where: projectId ? { projectId } : {},
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      name: true,
      protocol: true,
      status: true,
      projectId: true,
      createdAt: true,
      project: { select: { name: true, benchmark: true } },
      _count: { select: { items: true, participants: true, sessions: true } },
    },
  });
}

export type StudyListEntry = Awaited<ReturnType<typeof listStudies>>[number];

/** The projects a new study can be made in (ADMIN sees all). */
export async function projectsForNewStudy() {
  return db.project.findMany({ orderBy: { name: "asc" }, select: { id: true, name: true, benchmark: true } });
}

/** The study, its settings, items and segmentations (GET /api/studies/[studyId]); 404 when missing. */
export async function getStudy(studyId: string) {
  const study = await db.study.findUnique({
    where: { id: studyId },
    select: {
      id: true,
      name: true,
      protocol: true,
      status: true,
      settings: true,
      projectId: true,
      createdAt: true,
      items: { select: { itemId: true, attentionCheck: true } },
      videos: { select: { segmentation: { select: { videoId: true, status: true, createdAt: true } } } },
    },
  });
  if (!study) throw new HttpError(404, "No such study.");
  return { ...study, settings: parseStudySettings(study.settings) };
}

/** The study's name (tab titles), or null when there is no such study. */
export async function studyName(studyId: string): Promise<string | null> {
  const row = await db.study.findUnique({ where: { id: studyId }, select: { name: true } });
  return row?.name ?? null;
}

export type EditorItem = { id: string; externalId: string; format: string; hasVideo: boolean; hasTruth: boolean };

/** The study items editor's data: the selected items and the project's active items (in order). */
export async function studyItemsForEditor(studyId: string, projectId: string) {
  const [selected, items] = await Promise.all([
    db.studyItem.findMany({ where: { studyId }, select: { itemId: true, attentionCheck: true } }),
    db.item.findMany({
      where: { projectId, status: "ACTIVE" },
      orderBy: { ordinal: "asc" },
      select: { id: true, externalId: true, format: true, videoId: true, truth: { select: { itemId: true } } },
    }),
  ]);
  return {
    selected,
    items: items.map((i): EditorItem => ({ id: i.id, externalId: i.externalId, format: i.format, hasVideo: !!i.videoId, hasTruth: !!i.truth })),
  };
}
