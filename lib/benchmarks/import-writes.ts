import "server-only";
import type { DbTx } from "@/lib/audit/audit";
import { bulkInsert, json, type BulkValue } from "./bulk-insert";
import { frameForTime } from "./frame-mapping";
import { newId } from "@/lib/db/new-id";
import type { PlannedUpdate } from "./import-plan";
import type { ItemLink } from "./link-videos";
import { itemSnapshot, sortSpans } from "./stored-item";
import type { NormalisedItem } from "./types";

/** Row writes of an import, inside its transaction (`import-project.ts`). */

export type WriteContext = { fileName: string; actorId?: string | null };

function spanRows(itemId: string, item: NormalisedItem, link: ItemLink | null) {
  return sortSpans(item.truthSpans).map((s) => ({
    id: newId(),
    itemId,
    source: "TRUTH" as const,
    startSec: s.startSec,
    endSec: s.endSec,
    startFrame: link ? frameForTime(link.timing, s.startSec) : null,
    endFrame: link ? frameForTime(link.timing, s.endSec) : null,
    label: s.label ?? "",
  }));
}

const TEXT = "text";
const JSON_COL = "jsonb";
const INT = "integer";
const FLOAT = "double precision";
const TIME = "timestamp(3)";

/**
 * Creates items, truth, revision 1, query points and truth spans with raw multi-row INSERTs
 * (./bulk-insert.ts; Prisma's createMany took 2-7 s on the real files).
 */
export async function writeCreates(tx: DbTx, projectId: string, creates: readonly NormalisedItem[], links: ReadonlyMap<string, ItemLink>, opts: WriteContext): Promise<void> {
  if (creates.length === 0) return;
  const now = new Date();
  const ids = creates.map(() => newId());
  await bulkInsert(
    tx,
    "Item",
    [
      { name: "id", pg: TEXT },
      { name: "projectId", pg: TEXT },
      { name: "externalId", pg: TEXT },
      { name: "ordinal", pg: INT },
      { name: "format", pg: TEXT },
      { name: "question", pg: TEXT },
      { name: "presentation", pg: JSON_COL },
      { name: "labels", pg: JSON_COL },
      { name: "videoRef", pg: TEXT },
      { name: "videoId", pg: TEXT },
      { name: "createdAt", pg: TIME },
      { name: "updatedAt", pg: TIME },
    ],
    creates.map((it, i) => [ids[i], projectId, it.externalId, it.ordinal, it.format, it.question, json(it.presentation), json(it.labels), it.videoRef, links.get(it.externalId)?.videoId ?? null, now, now]),
  );
  await bulkInsert(
    tx,
    "ItemTruth",
    [
      { name: "itemId", pg: TEXT },
      { name: "answer", pg: JSON_COL },
      { name: "source", pg: JSON_COL },
      { name: "updatedAt", pg: TIME },
    ],
    creates.map((it, i) => [ids[i], json(it.truth.answer), json(it.truth.source), now]),
  );
  await bulkInsert(
    tx,
    "ItemRevision",
    [
      { name: "id", pg: TEXT },
      { name: "itemId", pg: TEXT },
      { name: "version", pg: INT },
      { name: "authorId", pg: TEXT },
      { name: "snapshot", pg: JSON_COL },
      { name: "reason", pg: TEXT },
      { name: "createdAt", pg: TIME },
    ],
    creates.map((it, i) => [newId(), ids[i], 1, opts.actorId ?? null, json(itemSnapshot(it)), `import ${opts.fileName}`, now]),
  );
  const points: BulkValue[][] = [];
  const spans: BulkValue[][] = [];
  creates.forEach((it, i) => {
    const link = links.get(it.externalId) ?? null;
    for (const q of it.queryPoints) points.push([newId(), ids[i], q.ordinal, q.timeSec, link ? frameForTime(link.timing, q.timeSec) : null]);
    for (const s of spanRows(ids[i], it, link)) spans.push([s.id, s.itemId, s.source, s.startSec, s.endSec, s.startFrame, s.endFrame, s.label, now]);
  });
  await bulkInsert(
    tx,
    "QueryPoint",
    [
      { name: "id", pg: TEXT },
      { name: "itemId", pg: TEXT },
      { name: "ordinal", pg: INT },
      { name: "timeSec", pg: FLOAT },
      { name: "frameIndex", pg: INT },
    ],
    points,
  );
  await bulkInsert(
    tx,
    "EvidenceSpan",
    [
      { name: "id", pg: TEXT },
      { name: "itemId", pg: TEXT },
      { name: "source", pg: '"SpanSource"' },
      { name: "startSec", pg: FLOAT },
      { name: "endSec", pg: FLOAT },
      { name: "startFrame", pg: INT },
      { name: "endFrame", pg: INT },
      { name: "label", pg: TEXT },
      { name: "createdAt", pg: TIME },
    ],
    spans,
  );
}

/** Applies one planned update (versions, revision, truth, query points in place, truth spans). */
export async function writeUpdate(tx: DbTx, u: PlannedUpdate, link: ItemLink | null, opts: WriteContext): Promise<void> {
  const { item, row } = u;
  const contentChanged = u.itemChanged || u.truthChanged;
  const version = contentChanged ? row.version + 1 : row.version;
  await tx.item.update({
    where: { id: row.id },
    data: {
      ordinal: item.ordinal,
      videoId: u.videoId,
      ...(u.itemChanged
        ? { format: item.format, question: item.question, presentation: item.presentation as never, labels: item.labels as never, videoRef: item.videoRef }
        : {}),
      ...(contentChanged ? { version } : {}),
    },
  });
  const timing = link && link.videoId === u.videoId ? link.timing : null;
  const frameOf = (t: number, old: number | null) => (timing ? frameForTime(timing, t) : u.videoId === row.videoId ? old : null);
  if (u.truthChanged) {
    await tx.itemTruth.upsert({
      where: { itemId: row.id },
      create: { itemId: row.id, answer: item.truth.answer as never, source: item.truth.source as never },
      update: { answer: item.truth.answer as never, source: item.truth.source as never, version: (row.truth?.version ?? 0) + 1 },
    });
  }
  if (u.truthChanged || u.linkChanged || u.framesChanged) {
    const old = new Map(row.queryPoints.map((q) => [q.ordinal, q]));
    const wanted = new Set(item.queryPoints.map((q) => q.ordinal));
    const stale = row.queryPoints.filter((q) => !wanted.has(q.ordinal)).map((q) => q.id);
    if (stale.length) await tx.queryPoint.deleteMany({ where: { id: { in: stale } } });
    const fresh: { id: string; itemId: string; ordinal: number; timeSec: number; frameIndex: number | null }[] = [];
    for (const q of item.queryPoints) {
      const prev = old.get(q.ordinal);
      const frameIndex = frameOf(q.timeSec, prev && prev.timeSec === q.timeSec ? prev.frameIndex : null);
      if (!prev) fresh.push({ id: newId(), itemId: row.id, ordinal: q.ordinal, timeSec: q.timeSec, frameIndex });
      else if (prev.timeSec !== q.timeSec || prev.frameIndex !== frameIndex) {
        await tx.queryPoint.update({ where: { id: prev.id }, data: { timeSec: q.timeSec, frameIndex } });
      }
    }
    if (fresh.length) await tx.queryPoint.createMany({ data: fresh });
    await tx.evidenceSpan.deleteMany({ where: { itemId: row.id, source: "TRUTH" } });
    const spans = spanRows(row.id, item, timing ? link : null);
    if (spans.length) await tx.evidenceSpan.createMany({ data: spans });
  }
  if (contentChanged) {
    await tx.itemRevision.create({
      data: { itemId: row.id, version, authorId: opts.actorId ?? null, snapshot: itemSnapshot(item) as never, reason: `re-import ${opts.fileName}` },
    });
  }
}
