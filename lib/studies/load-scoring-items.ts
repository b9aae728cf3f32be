import "server-only";
import { db } from "@/lib/db/prisma";
import type { ScoringItem } from "./score-answers";

/** Ids per query: a study over many items stays under the bound parameter limit (999 on SQLite; Prisma does not split a relation query that is ordered). */
const CHUNK = 500;

/** Items with their truth, for scoring (server-only; never reachable from participant routes). */
export async function loadScoringItems(itemIds: readonly string[]): Promise<Map<string, ScoringItem>> {
  const ids = [...new Set(itemIds)];
  const rows: Awaited<ReturnType<typeof loadChunk>> = [];
  for (let i = 0; i < ids.length; i += CHUNK) rows.push(...(await loadChunk(ids.slice(i, i + CHUNK))));
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

function loadChunk(ids: string[]) {
  return db.item.findMany({
    where: { id: { in: ids } },
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
}
