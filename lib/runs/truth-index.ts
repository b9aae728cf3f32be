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
  // Flat queries joined here: nested relation loads would send every item id as a bind
  // parameter, which exceeds the database's parameter limit on full-size benchmarks.
  const [rows, truths, points, spans] = await Promise.all([
    client.item.findMany({
      where: { projectId },
      orderBy: { ordinal: "asc" },
      select: { id: true, externalId: true, ordinal: true, format: true, labels: true, presentation: true, videoRef: true, status: true },
    }),
    client.itemTruth.findMany({ where: { item: { projectId } }, select: { itemId: true, answer: true, source: true } }),
    client.queryPoint.findMany({ where: { item: { projectId } }, select: { itemId: true, ordinal: true, timeSec: true }, orderBy: [{ itemId: "asc" }, { ordinal: "asc" }] }),
    client.evidenceSpan.findMany({ where: { item: { projectId }, source: "TRUTH" }, select: { itemId: true, startSec: true, endSec: true }, orderBy: [{ itemId: "asc" }, { startSec: "asc" }, { endSec: "asc" }] }),
  ]);
  const truthOf = new Map(truths.map((t) => [t.itemId, t]));
  const pointsOf = new Map<string, { ordinal: number; timeSec: number }[]>();
  for (const q of points) {
    const list = pointsOf.get(q.itemId) ?? [];
    list.push({ ordinal: q.ordinal, timeSec: q.timeSec });
    pointsOf.set(q.itemId, list);
  }
  const spansOf = new Map<string, [number, number][]>();
  for (const sp of spans) {
    const list = spansOf.get(sp.itemId) ?? [];
    list.push([sp.startSec, sp.endSec]);
    spansOf.set(sp.itemId, list);
  }
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
      answer: truthOf.get(r.id)?.answer ?? null,
      source: obj(truthOf.get(r.id)?.source),
      spans: spansOf.get(r.id) ?? [],
      queryPoints: pointsOf.get(r.id) ?? [],
    };
    index.items.push(item);
    index.byExternalId.set(item.externalId, item);
    index.byOrdinal.set(item.ordinal, item);
  }
  return index;
}
