import "server-only";
import { db } from "@/lib/db/prisma";
import { readReport, type ImportReportView } from "./import-report";
import { visibleProjectIds, type AccessUser } from "./project-access";
import { parseProjectSettings, type ProjectSettings } from "./settings";

export const PROJECT_SUMMARY_SELECT = {
  id: true,
  name: true,
  slug: true,
  benchmark: true,
  description: true,
  truthVersion: true,
  createdAt: true,
  updatedAt: true,
  createdBy: { select: { id: true, email: true, name: true } },
} as const;

export type ProjectListEntry = {
  id: string;
  name: string;
  slug: string;
  benchmark: string;
  description: string;
  truthVersion: number;
  createdAt: Date;
  items: number;
  activeItems: number;
  pendingItems: number;
  lastImportAt: Date | null;
};

/**
 * The projects `user` may see (every project for admins, their projects for other staff:
 * lib/projects/access.ts), newest first, with item counts (all, active, waiting for their video).
 */
export async function listProjects(user: AccessUser): Promise<ProjectListEntry[]> {
  const visible = await visibleProjectIds(user);
  if (visible !== "all" && visible.length === 0) return [];
  const inProjects = visible === "all" ? {} : { projectId: { in: visible } };
  const [projects, byStatus, pending, imports] = await Promise.all([
    db.project.findMany({ where: visible === "all" ? {} : { id: { in: visible } }, orderBy: [{ createdAt: "desc" }, { id: "asc" }], select: PROJECT_SUMMARY_SELECT }),
    db.item.groupBy({ by: ["projectId", "status"], where: inProjects, _count: { _all: true } }),
    db.item.groupBy({ by: ["projectId"], where: { ...inProjects, videoId: null }, _count: { _all: true } }),
    db.importJob.groupBy({ by: ["projectId"], where: { projectId: visible === "all" ? { not: null } : { in: visible }, status: "DONE" }, _max: { createdAt: true } }),
  ]);
  return projects.map((p) => {
    const counts = byStatus.filter((r) => r.projectId === p.id);
    return {
      id: p.id,
      name: p.name,
      slug: p.slug,
      benchmark: p.benchmark,
      description: p.description,
      truthVersion: p.truthVersion,
      createdAt: p.createdAt,
      items: counts.reduce((n, r) => n + r._count._all, 0),
      activeItems: counts.find((r) => r.status === "ACTIVE")?._count._all ?? 0,
      pendingItems: pending.find((r) => r.projectId === p.id)?._count._all ?? 0,
      lastImportAt: imports.find((r) => r.projectId === p.id)?._max.createdAt ?? null,
    };
  });
}

/** A project's basic fields and parsed settings, or null. */
export async function getProject(projectId: string) {
  const p = await db.project.findUnique({ where: { id: projectId }, select: { ...PROJECT_SUMMARY_SELECT, settings: true } });
  if (!p) return null;
  const { settings, ...rest } = p;
  return { ...rest, settings: parseProjectSettings(settings, p.benchmark) as ProjectSettings, nativeFileKind: nativeFileKindOf(settings) };
}

export type ProjectDetail = NonNullable<Awaited<ReturnType<typeof getProject>>>;

function nativeFileKindOf(settings: unknown): string | null {
  const native = settings && typeof settings === "object" ? (settings as Record<string, unknown>).native : null;
  return native && typeof native === "object" && typeof (native as { fileKind?: unknown }).fileKind === "string" ? (native as { fileKind: string }).fileKind : null;
}

export type ImportHistoryEntry = {
  id: string;
  fileName: string;
  sha256: string;
  status: string;
  createdAt: Date;
  finishedAt: Date | null;
  createdBy: { id: string; email: string; name: string } | null;
  report: ImportReportView | null;
};

/** The project's recorded imports, newest first. */
export async function importHistory(projectId: string, take = 50): Promise<ImportHistoryEntry[]> {
  const jobs = await db.importJob.findMany({
    where: { projectId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: {
      id: true,
      fileName: true,
      sha256: true,
      status: true,
      createdAt: true,
      finishedAt: true,
      report: true,
      createdBy: { select: { id: true, email: true, name: true } },
    },
  });
  return jobs.map((j) => ({ ...j, report: readReport(j.report) }));
}

export type PendingVideo = { videoRef: string; items: number };

export type ProjectOverview = {
  items: { total: number; active: number; removed: number };
  formats: { format: string; count: number }[];
  queryPoints: number;
  truthSpans: number;
  videos: { attached: number; pending: number; pendingItems: number };
  /** Video references without a library video, most items first. */
  pendingVideos: PendingVideo[];
  members: number;
};

/** Counts for the project's overview page. */
export async function projectOverview(projectId: string, pendingTake = 50): Promise<ProjectOverview> {
  const [byStatus, formats, queryPoints, truthSpans, attached, pendingRefs, members] = await Promise.all([
    db.item.groupBy({ by: ["status"], where: { projectId }, _count: { _all: true } }),
    db.item.groupBy({ by: ["format"], where: { projectId }, _count: { _all: true } }),
    db.queryPoint.count({ where: { item: { projectId } } }),
    db.evidenceSpan.count({ where: { source: "TRUTH", item: { projectId } } }),
    db.item.groupBy({ by: ["videoId"], where: { projectId, videoId: { not: null } } }),
    db.item.groupBy({ by: ["videoRef"], where: { projectId, videoId: null }, _count: { _all: true } }),
    db.projectMember.count({ where: { projectId } }),
  ]);
  const active = byStatus.find((r) => r.status === "ACTIVE")?._count._all ?? 0;
  const removed = byStatus.find((r) => r.status === "REMOVED")?._count._all ?? 0;
  const pendingVideos = pendingRefs
    .map((r) => ({ videoRef: r.videoRef, items: r._count._all }))
    .sort((a, b) => b.items - a.items || a.videoRef.localeCompare(b.videoRef));
  return {
    items: { total: active + removed, active, removed },
    formats: formats.map((f) => ({ format: f.format, count: f._count._all })).sort((a, b) => b.count - a.count),
    queryPoints,
    truthSpans,
    videos: { attached: attached.length, pending: pendingVideos.length, pendingItems: pendingVideos.reduce((n, p) => n + p.items, 0) },
    pendingVideos: pendingVideos.slice(0, pendingTake),
    members,
  };
}
