/**
 * Named Prisma selects for items (PURE constants). Ground truth lives in ItemTruth and in
 * TRUTH evidence spans; only {@link ITEM_TRUTH_SELECT} reaches them, and it is used only for
 * roles allowed to see truth (lib/projects/access.ts `canSeeTruth`).
 */
import type { Prisma } from "@/lib/generated/prisma-sqlite/client";

/** What a participant may ever receive about an item: no truth, no notes, no native ids. */
export const PARTICIPANT_SAFE_ITEM_SELECT = {
  id: true,
  format: true,
  question: true,
  presentation: true,
  labels: true,
  videoRef: true,
  videoId: true,
  status: true,
} as const satisfies Prisma.ItemSelect;

/** A catalogue row (staff): participant-safe fields plus native id, order, version, counts. No truth. */
export const ITEM_ROW_SELECT = {
  ...PARTICIPANT_SAFE_ITEM_SELECT,
  externalId: true,
  ordinal: true,
  version: true,
  updatedAt: true,
  _count: { select: { queryPoints: true } },
} as const satisfies Prisma.ItemSelect;

/** The item page without truth: query point times (where playback pauses), notes, removal reason. */
export const ITEM_DETAIL_SELECT = {
  ...ITEM_ROW_SELECT,
  projectId: true,
  notes: true,
  removalReason: true,
  createdAt: true,
  queryPoints: { select: { id: true, ordinal: true, timeSec: true, frameIndex: true }, orderBy: { ordinal: "asc" } },
} as const satisfies Prisma.ItemSelect;

/** Truth-bearing relations: the native answer and annotation, and the evidence spans (truth and annotated). */
export const ITEM_TRUTH_SELECT = {
  truth: { select: { answer: true, source: true, version: true, updatedAt: true } },
  spans: {
    select: { id: true, source: true, startSec: true, endSec: true, startFrame: true, endFrame: true, label: true },
    orderBy: [{ startSec: "asc" }, { endSec: "asc" }],
  },
} as const satisfies Prisma.ItemSelect;

/** Keys that must never appear in a response built from a participant-safe select (used by tests). */
export const TRUTH_KEYS = ["truth", "spans", "answer", "source"] as const;
