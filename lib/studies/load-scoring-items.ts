import "server-only";
import { db } from "@/lib/db/prisma";
import type { ScoringItem } from "./score-answers";

/** Items with their truth, for scoring (server-only; never reachable from participant routes). */
export async function loadScoringItems(itemIds: readonly string[]): Promise<Map<string, ScoringItem>> {
  const rows = await db.item.findMany({
    where: { id: { in: [...new Set(itemIds)] } },
    select: {
      id: true,
      externalId: true,
      format: true,
      videoRef: true,
      labels: true,
      presentation: true,
      truth: { select: { answer: true } },
      spans: { where: { source: "TRUTH" }, select: { startSec: true, endSec: true } },
      queryPoints: { select: { ordinal: true, timeSec: true }, orderBy: { ordinal: "asc" } },
    },
  });
  const obj = (v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  return new Map(
    rows.map((r) => [
      r.id,
      {
        itemId: r.id,
        externalId: r.externalId,
        format: r.format,
        videoRef: r.videoRef,
        labels: obj(r.labels),
        presentation: obj(r.presentation),
        truthAnswer: r.truth?.answer ?? null,
        truthSpans: r.spans.map((s) => [s.startSec, s.endSec] as [number, number]),
        queryPoints: r.queryPoints,
      },
    ]),
  );
}
