/**
 * Stored items (Item + ItemTruth + QueryPoint + TRUTH EvidenceSpan rows) ↔ normalised
 * items, and the content keys used to tell whether a re-import changes anything (PURE).
 */
import { stableJson } from "./stable-json";
import type { LabelValue, NormalisedItem, NormalisedSpan } from "./types";

export type StoredItemRow = {
  id: string;
  externalId: string;
  ordinal: number;
  format: string;
  question: string;
  presentation: unknown;
  labels: unknown;
  videoRef: string;
  videoId: string | null;
  version: number;
  truth: { answer: unknown; source: unknown; version: number } | null;
  queryPoints: { id: string; ordinal: number; timeSec: number; frameIndex: number | null }[];
  spans: { id: string; startSec: number; endSec: number; label: string }[];
};

/** The Prisma select that reads a {@link StoredItemRow} (truth included: staff and import/export only). */
export const STORED_ITEM_SELECT = {
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
  spans: { where: { source: "TRUTH" as const }, select: { id: true, startSec: true, endSec: true, label: true } },
} as const;

const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** Spans in a canonical order (start, end, label): EvidenceSpan rows have no position. */
export function sortSpans(spans: readonly NormalisedSpan[]): NormalisedSpan[] {
  return [...spans].sort((a, b) => a.startSec - b.startSec || a.endSec - b.endSec || (a.label ?? "").localeCompare(b.label ?? ""));
}

export function normalisedFromStored(row: StoredItemRow): NormalisedItem {
  return {
    externalId: row.externalId,
    ordinal: row.ordinal,
    format: row.format,
    question: row.question,
    presentation: asRecord(row.presentation),
    labels: asRecord(row.labels) as Record<string, LabelValue>,
    videoRef: row.videoRef,
    queryPoints: [...row.queryPoints].sort((a, b) => a.ordinal - b.ordinal).map((q) => ({ ordinal: q.ordinal, timeSec: q.timeSec })),
    truth: { answer: row.truth?.answer ?? null, source: asRecord(row.truth?.source) },
    truthSpans: sortSpans(row.spans.map((s) => (s.label ? { startSec: s.startSec, endSec: s.endSec, label: s.label } : { startSec: s.startSec, endSec: s.endSec }))),
    line: null,
  };
}

/** Participant-facing content of an item (a change bumps the item version). */
export function itemContentKey(it: NormalisedItem): string {
  return stableJson({ format: it.format, question: it.question, presentation: it.presentation, labels: it.labels, videoRef: it.videoRef });
}

/** Ground truth of an item: answer, source, query times, truth spans (a change bumps truth versions). */
export function truthContentKey(it: NormalisedItem): string {
  return stableJson({
    answer: it.truth.answer,
    source: it.truth.source,
    queryPoints: [...it.queryPoints].sort((a, b) => a.ordinal - b.ordinal).map((q) => [q.ordinal, q.timeSec]),
    spans: sortSpans(it.truthSpans).map((s) => [s.startSec, s.endSec, s.label ?? ""]),
  });
}

/** The JSON snapshot kept in ItemRevision. */
export function itemSnapshot(it: NormalisedItem): Record<string, unknown> {
  return {
    externalId: it.externalId,
    ordinal: it.ordinal,
    format: it.format,
    question: it.question,
    presentation: it.presentation,
    labels: it.labels,
    videoRef: it.videoRef,
    truth: it.truth,
    queryPoints: it.queryPoints,
    truthSpans: it.truthSpans,
  };
}
