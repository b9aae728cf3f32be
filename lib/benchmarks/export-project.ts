import "server-only";
import { db } from "@/lib/db/prisma";
import { exportItems, type ExportOptions } from "./export-items";
import type { ExportOutput } from "./export-types";
import { issue } from "./issues";
import { nativeMetaOf } from "./project-defaults";
import { normalisedFromStored } from "./stored-item";
import { BENCHMARK_KINDS, type BenchmarkKindName } from "./types";

export type ProjectExport = ExportOutput & { kind: BenchmarkKindName | null; items: number; errors: ReturnType<typeof issue>[] };

/**
 * The project's current items (ACTIVE; REMOVED ones too with `includeRemoved`) written in the
 * benchmark's native format, with the file meta kept at import (`settings.native`).
 */
export async function exportProject(name: string, options: ExportOptions & { includeRemoved?: boolean } = {}): Promise<ProjectExport> {
  const project = await db.project.findUnique({ where: { name }, select: { id: true, benchmark: true, settings: true } });
  if (!project) return { text: "", warnings: [], kind: null, items: 0, errors: [issue("unknown_project", `no project named ${JSON.stringify(name)}`)] };
  const kind = project.benchmark as string;
  if (!(BENCHMARK_KINDS as readonly string[]).includes(kind)) {
    return { text: "", warnings: [], kind: null, items: 0, errors: [issue("no_native_format", `project ${JSON.stringify(name)} is a ${kind} project, which has no native file format`)] };
  }
  const rows = await db.item.findMany({
    where: { projectId: project.id, ...(options.includeRemoved ? {} : { status: "ACTIVE" as const }) },
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
  const out = exportItems(kind as BenchmarkKindName, { items: rows.map(normalisedFromStored), meta: nativeMetaOf(project.settings) }, options);
  return { ...out, kind: kind as BenchmarkKindName, items: rows.length, errors: [] };
}
