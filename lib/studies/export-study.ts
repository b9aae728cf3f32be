import "server-only";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { parseStudySettings } from "@/lib/protocol/study-settings";
import { fullCsv, nativeExport, type ExportAnswer, type ExportFile, type ExportItem } from "./export-format";

/** Loads a study's answers and writes them as the benchmark's prediction file ("native") or the full CSV. */
export async function exportStudy(studyId: string, format: "native" | "csv"): Promise<ExportFile> {
  const study = await db.study.findUnique({
    where: { id: studyId },
    select: {
      id: true,
      name: true,
      settings: true,
      project: { select: { benchmark: true, slug: true } },
      items: {
        select: {
          attentionCheck: true,
          item: { select: { id: true, externalId: true, ordinal: true, format: true, question: true, presentation: true, queryPoints: { select: { ordinal: true } } } },
        },
      },
    },
  });
  if (!study) throw new HttpError(404, "No such study.");
  const attention = new Set(study.items.filter((i) => i.attentionCheck).map((i) => i.item.id));
  const items: ExportItem[] = study.items.map(({ item }) => ({
    itemId: item.id,
    externalId: item.externalId,
    ordinal: item.ordinal,
    format: item.format,
    question: item.question,
    ordered: (item.presentation as { ordered?: unknown } | null)?.ordered === true,
    queryPointOrdinals: item.queryPoints.map((q) => q.ordinal),
  }));
  const rows = await db.answer.findMany({
    where: { session: { studyId } },
    orderBy: { createdAt: "asc" },
    select: {
      itemId: true,
      value: true,
      latencyMs: true,
      positionSec: true,
      unseen: true,
      createdAt: true,
      queryPoint: { select: { ordinal: true, timeSec: true } },
      session: {
        select: {
          id: true,
          status: true,
          finishedAt: true,
          video: { select: { originalName: true } },
          participant: { select: { externalSource: true, externalId: true, user: { select: { email: true } } } },
        },
      },
    },
  });
  const answers: ExportAnswer[] = rows.map((r) => ({
    itemId: r.itemId,
    queryPointOrdinal: r.queryPoint?.ordinal ?? null,
    queryTimeSec: r.queryPoint?.timeSec ?? null,
    value: r.value,
    latencyMs: r.latencyMs,
    positionSec: r.positionSec,
    answeredAt: r.createdAt.toISOString(),
    sessionId: r.session.id,
    sessionStatus: r.session.status,
    sessionFinishedAt: r.session.finishedAt?.toISOString() ?? null,
    participant: r.session.participant.externalSource
      ? `${r.session.participant.externalSource}:${r.session.participant.externalId}`
      : r.session.participant.user.email,
    externalSource: r.session.participant.externalSource,
    externalId: r.session.participant.externalId,
    videoName: r.session.video.originalName,
    attentionCheck: attention.has(r.itemId),
    unseen: r.unseen,
  }));
  const slug = `${study.project.slug}-${study.name}`.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 80) || "study";
  return format === "native" ? nativeExport(study.project.benchmark, slug, items, answers) : fullCsv(slug, items, answers, { excludeSeenVideos: parseStudySettings(study.settings).excludeSeenVideos });
}
