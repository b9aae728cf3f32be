/**
 * The reviewer's draft as stored on `Adjudication.draft` (PURE): the draft the client sees
 * (`{picks, note, document?}`, as the expert sample seeds it: lib/review/record-expert-sample.ts)
 * plus `saves`, the last client save ids with the version each produced, so a retried save (same
 * `clientSaveId`) is acknowledged without being applied twice.
 */
import { adjudicationDraftSchema, type AdjudicationDraft } from "./api-schemas";

export type DraftSave = { clientSaveId: string; version: number };
export type StoredDraft = { draft: AdjudicationDraft; saves: DraftSave[] };

/** Save ids remembered per adjudication (older ones are forgotten: their replay is a version conflict). */
export const REMEMBERED_SAVES = 20;

export const EMPTY_DRAFT: AdjudicationDraft = { picks: [], note: "" };

/** The stored JSON read back; anything unreadable is an empty draft. */
export function readStoredDraft(stored: unknown): StoredDraft {
  if (!stored || typeof stored !== "object") return { draft: { ...EMPTY_DRAFT }, saves: [] };
  const { saves: savesJson, ...draft } = stored as { saves?: unknown };
  const parsed = adjudicationDraftSchema.safeParse(draft);
  const saves = Array.isArray(savesJson)
    ? savesJson.filter((x): x is DraftSave => !!x && typeof x === "object" && typeof (x as DraftSave).clientSaveId === "string" && typeof (x as DraftSave).version === "number")
    : [];
  return { draft: parsed.success ? parsed.data : { ...EMPTY_DRAFT }, saves };
}

/** The JSON to store after a save that produced `version`. */
export function nextStoredDraft(previous: StoredDraft, draft: AdjudicationDraft, clientSaveId: string, version: number): unknown {
  const saves = [...previous.saves, { clientSaveId, version }].slice(-REMEMBERED_SAVES);
  return JSON.parse(JSON.stringify({ ...draft, saves }));
}

/** The version an earlier save with this id produced, or null. */
export function replayedVersion(stored: StoredDraft, clientSaveId: string): number | null {
  return stored.saves.find((s) => s.clientSaveId === clientSaveId)?.version ?? null;
}
