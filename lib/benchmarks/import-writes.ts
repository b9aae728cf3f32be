import "server-only";
import type { DbTx } from "@/lib/audit/audit";
import { frameForTime } from "./frame-mapping";
import { newId } from "./ids";
import type { PlannedUpdate } from "./import-plan";
import type { ItemLink } from "./link-videos";
import { itemSnapshot, sortSpans } from "./stored-item";
import type { NormalisedItem } from "./types";

/** Row writes of an import, inside its transaction (`import-project.ts`). */

export type WriteContext = { fileName: string; actorId?: string | null };

const BATCH = 500;

function chunks<T>(list: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

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

/** Creates items, truth, revision 1, query points and truth spans in `createMany` batches. */
export async function writeCreates(tx: DbTx, projectId: string, creates: readonly NormalisedItem[], links: ReadonlyMap<string, ItemLink>, opts: WriteContext): Promise<void> {
  if (creates.length === 0) return;
  const ids = new Map(creates.map((c) => [c.externalId, newId()]));
  for (const batch of chunks(creates)) {
    await tx.item.createMany({
      data: batch.map((it) => ({
        id: ids.get(it.externalId)!,
        projectId,
        externalId: it.externalId,
        ordinal: it.ordinal,
        format: it.format,
        question: it.question,
        presentation: it.presentation as never,
        labels: it.labels as never,
        videoRef: it.videoRef,
        videoId: links.get(it.externalId)?.videoId ?? null,
      })),
    });
    await tx.itemTruth.createMany({
      data: batch.map((it) => ({ itemId: ids.get(it.externalId)!, answer: it.truth.answer as never, source: it.truth.source as never })),
    });
    await tx.itemRevision.createMany({
      data: batch.map((it) => ({
        id: newId(),
        itemId: ids.get(it.externalId)!,
        version: 1,
        authorId: opts.actorId ?? null,
        snapshot: itemSnapshot(it) as never,
        reason: `import ${opts.fileName}`,
      })),
    });
  }
  const points = creates.flatMap((it) => {
    const link = links.get(it.externalId) ?? null;
    return it.queryPoints.map((q) => ({
      id: newId(),
      itemId: ids.get(it.externalId)!,
      ordinal: q.ordinal,
      timeSec: q.timeSec,
      frameIndex: link ? frameForTime(link.timing, q.timeSec) : null,
    }));
  });
  for (const batch of chunks(points)) await tx.queryPoint.createMany({ data: batch });
  const spans = creates.flatMap((it) => spanRows(ids.get(it.externalId)!, it, links.get(it.externalId) ?? null));
  for (const batch of chunks(spans)) await tx.evidenceSpan.createMany({ data: batch });
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
