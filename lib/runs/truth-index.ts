import "server-only";
import type { DbTx } from "@/lib/audit/audit";
import { db } from "@/lib/db/prisma";
import type { RunBenchmark, TruthIndex, TruthItem } from "./types";

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/**
 * Loads the project's items with their ground truth for scoring (server-side only; the result is
 * never sent to a browser). ACTIVE items in native order; REMOVED items only by id/ordinal, so
 * that predictions for them can be named in problems.
 */
export async function loadTruthIndex(projectId: string, benchmark: RunBenchmark, client: DbTx = db): Promise<TruthIndex> {
  const rows = await client.item.findMany({
    where: { projectId },
    orderBy: { ordinal: "asc" },
    select: {
      id: true,
      externalId: true,
      ordinal: true,
      format: true,
      labels: true,
      presentation: true,
      videoRef: true,
      status: true,
      truth: { select: { answer: true, source: true } },
      spans: { where: { source: "TRUTH" }, select: { startSec: true, endSec: true } },
      queryPoints: { select: { ordinal: true, timeSec: true }, orderBy: { ordinal: "asc" } },
    },
  });
  const index: TruthIndex = { benchmark, items: [], byExternalId: new Map(), byOrdinal: new Map(), removed: new Map(), removedOrdinals: new Set() };
  for (const r of rows) {
    if (r.status !== "ACTIVE") {
      index.removed.set(r.externalId, r.ordinal);
      index.removedOrdinals.add(r.ordinal);
      continue;
    }
    const item: TruthItem = {
      itemId: r.id,
      externalId: r.externalId,
      ordinal: r.ordinal,
      format: r.format,
      labels: obj(r.labels),
      presentation: obj(r.presentation),
      videoRef: r.videoRef,
      answer: r.truth?.answer ?? null,
      source: obj(r.truth?.source),
      spans: r.spans.map((s) => [s.startSec, s.endSec] as [number, number]),
      queryPoints: r.queryPoints,
    };
    index.items.push(item);
    index.byExternalId.set(item.externalId, item);
    index.byOrdinal.set(item.ordinal, item);
  }
  return index;
}
