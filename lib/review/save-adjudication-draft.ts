import "server-only";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import type { AdjudicationConflict, AdjudicationDraft, SaveAdjudicationDraftResponse } from "./api-schemas";
import { adjudicationForReviewer, displayName, notDisputedError, takenError, type AdjudicationRecord, type ReviewUser } from "./review-access";
import { nextStoredDraft, readStoredDraft, replayedVersion } from "./stored-draft";

/** 409 version_conflict with the current draft (the client offers keep mine / take theirs). */
export function adjudicationConflict(row: { version: number; draft: unknown; updatedAt: Date; claimedBy: { name: string; email: string } | null }, baseVersion: number): HttpError {
  const details: AdjudicationConflict = {
    current: { version: row.version, draft: readStoredDraft(row.draft).draft, updatedAt: row.updatedAt.toISOString(), claimedBy: row.claimedBy ? displayName(row.claimedBy) : null },
  };
  return new HttpError(409, `This adjudication is at version ${row.version}; your change was based on version ${baseVersion}.`, "version_conflict", details);
}

/** The holder of the claim on a DISPUTED adjudication may write it; anyone else gets 409. */
export function assertHolder(user: ReviewUser, row: AdjudicationRecord): void {
  if (row.status !== "DISPUTED") throw notDisputedError(row.status);
  if (row.claimedById === user.id) return;
  if (row.claimedById) throw takenError(displayName(row.claimedBy));
  throw new HttpError(409, "Claim this adjudication first (Start next, or Claim).", "not_claimed");
}

export function assertDraftFitsKind(kind: string, draft: { document?: unknown }, field: string): void {
  if (kind !== "expert" && draft.document !== undefined) {
    throw new HttpError(400, `${field}: only an expert review takes an edited document; resolve differences with picks.`, "bad_request");
  }
}

/**
 * PUT /api/adjudications/:id/draft {baseVersion, clientSaveId, draft}: the holder's autosave.
 * A retried save (a clientSaveId already applied) answers its version with `replayed: true` and
 * writes nothing; a save based on another version is 409 `version_conflict` with
 * `details.current`; a resolved one 409 `not_disputed`. Each save increments the version.
 */
export async function saveAdjudicationDraft(
  user: ReviewUser,
  id: string,
  body: { baseVersion: number; clientSaveId: string; draft: AdjudicationDraft },
): Promise<SaveAdjudicationDraftResponse> {
  const row = await adjudicationForReviewer(user, id);
  const stored = readStoredDraft(row.draft);
  const replayed = replayedVersion(stored, body.clientSaveId);
  if (replayed !== null) return { version: replayed, replayed: true };
  assertHolder(user, row);
  assertDraftFitsKind(row.kind, body.draft, "draft.document");
  if (row.version !== body.baseVersion) throw adjudicationConflict(row, body.baseVersion);
  const version = row.version + 1;
  const updated = await db.adjudication.updateMany({
    where: { id, version: body.baseVersion, status: "DISPUTED", claimedById: user.id },
    data: { draft: nextStoredDraft(stored, body.draft, body.clientSaveId, version) as never, version },
  });
  if (updated.count !== 1) {
    const now = await adjudicationForReviewer(user, id);
    const again = replayedVersion(readStoredDraft(now.draft), body.clientSaveId);
    if (again !== null) return { version: again, replayed: true };
    assertHolder(user, now);
    throw adjudicationConflict(now, body.baseVersion);
  }
  return { version, replayed: false };
}
