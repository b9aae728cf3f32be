/**
 * What an import changes (PURE): items to create, items whose content, truth, position,
 * video link or frame indices changed, and project items missing from the file.
 */
import { frameForTime } from "./frame-mapping";
import type { ItemLink } from "./link-videos";
import { itemContentKey, normalisedFromStored, truthContentKey, type StoredItemRow } from "./stored-item";
import type { NormalisedItem } from "./types";

export type PlannedUpdate = {
  item: NormalisedItem;
  row: StoredItemRow;
  itemChanged: boolean;
  truthChanged: boolean;
  ordinalChanged: boolean;
  /** The video the item should point at (null: none). */
  videoId: string | null;
  linkChanged: boolean;
  framesChanged: boolean;
};

export type ImportPlan = { creates: NormalisedItem[]; updates: PlannedUpdate[]; missing: string[] };

/**
 * Compares the file's items with the project's stored rows. A content change (participant-
 * facing fields) or truth change (answer, source, query times, truth spans) is an update that
 * bumps versions; a new position, video link or frame index is an update without one.
 */
export function planImport(items: readonly NormalisedItem[], rows: readonly StoredItemRow[], links: ReadonlyMap<string, ItemLink>): ImportPlan {
  const byId = new Map(rows.map((r) => [r.externalId, r]));
  const inFile = new Set(items.map((i) => i.externalId));
  const creates: NormalisedItem[] = [];
  const updates: PlannedUpdate[] = [];
  for (const item of items) {
    const row = byId.get(item.externalId);
    if (!row) {
      creates.push(item);
      continue;
    }
    const stored = normalisedFromStored(row);
    const itemChanged = itemContentKey(stored) !== itemContentKey(item);
    const truthChanged = !row.truth || truthContentKey(stored) !== truthContentKey(item);
    const ordinalChanged = row.ordinal !== item.ordinal;
    const link = links.get(item.externalId) ?? null;
    // A new match wins; an existing link (e.g. made by hand) stays when the library has no match.
    const videoId = link?.videoId ?? (itemChanged && stored.videoRef !== item.videoRef ? null : row.videoId);
    const linkChanged = videoId !== row.videoId;
    let framesChanged = false;
    if (link && !truthChanged) {
      framesChanged = row.queryPoints.some((q) => q.frameIndex !== frameForTime(link.timing, q.timeSec));
    }
    if (itemChanged || truthChanged || ordinalChanged || linkChanged || framesChanged) {
      updates.push({ item, row, itemChanged, truthChanged, ordinalChanged, videoId, linkChanged, framesChanged });
    }
  }
  const missing = rows.filter((r) => !inFile.has(r.externalId)).map((r) => r.externalId);
  return { creates, updates, missing };
}

