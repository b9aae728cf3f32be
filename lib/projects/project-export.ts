import "server-only";
import { exportProject } from "@/lib/benchmarks/export-project";
import { normalisedFromStored } from "@/lib/benchmarks/stored-item";
import type { ImportIssue } from "@/lib/benchmarks/types";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { exportCustomItems } from "./custom-format";
import { kindInfo } from "./kinds";

export type ProjectFile = { text: string; fileName: string; contentType: string; items: number; warnings: ImportIssue[] };

/**
 * The project's current items in its native file format: the benchmark exporters
 * (lib/benchmarks) for the five benchmarks, Playhead's generic JSONL for CUSTOM projects.
 * REMOVED items are left out unless `includeRemoved`.
 */
export async function exportProjectFile(projectId: string, options: { vcbenchFormat?: "data" | "eval"; includeRemoved?: boolean } = {}): Promise<ProjectFile> {
  const project = await db.project.findUnique({ where: { id: projectId }, select: { id: true, name: true, slug: true, benchmark: true } });
  if (!project) throw new HttpError(404, "No such project.");
  const info = kindInfo(project.benchmark);
  if (project.benchmark === "CUSTOM") {
    const rows = await db.item.findMany({
      where: { projectId, ...(options.includeRemoved ? {} : { status: "ACTIVE" as const }) },
      orderBy: [{ ordinal: "asc" }, { externalId: "asc" }],
      select: {
        id: true,
        externalId: true,
        ordinal: true,
        format: true,
        question: true,
        presentation: true,
        labels: true,
        videoRef: true,
        videoId: true,
        version: true,
        truth: { select: { answer: true, source: true, version: true } },
        queryPoints: { select: { id: true, ordinal: true, timeSec: true, frameIndex: true } },
        spans: { where: { source: "TRUTH" }, select: { id: true, startSec: true, endSec: true, label: true } },
      },
    });
    const out = exportCustomItems({ items: rows.map(normalisedFromStored) });
    return { text: out.text, fileName: `${project.slug}.${info.exportExt}`, contentType: info.exportType, items: rows.length, warnings: out.warnings };
  }
  const out = await exportProject(project.name, options);
  if (out.errors.length) throw new HttpError(422, out.errors.map((e) => e.message).join("; "), "export_failed", out.errors);
  return { text: out.text, fileName: `${project.slug}.${info.exportExt}`, contentType: info.exportType, items: out.items, warnings: out.warnings };
}
