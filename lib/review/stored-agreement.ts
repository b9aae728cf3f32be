/**
 * The agreement stored on an `Adjudication` row (PURE): what the server writes at the k-th
 * submit and what the dashboard, the reviewer's view and the feedback view read back.
 *
 *   { schema: 1, annotators: [userId of A, userId of B, ...], annotationIds: [...], comparison }
 *
 * `comparison` is `compareAnnotations`'s result. JSON has no NaN: an undefined statistic is
 * written as null and read back as NaN (only at the numeric keys below; a null inside a label
 * list stays null, it means "no decision").
 */
import type { Comparison } from "./comparison-types";

export const STORED_AGREEMENT_SCHEMA = 1;

export type StoredAgreement = {
  schema: typeof STORED_AGREEMENT_SCHEMA;
  /** User ids of the compared annotations' authors, in comparison order (annotator A, B, ...). */
  annotators: string[];
  annotationIds: string[];
  comparison: Comparison;
};

const NUMERIC_KEYS = new Set(["precision", "recall", "f1", "meanAbsOffsetFrames", "binnedKappa", "tIoU", "exact", "quadraticKappa", "sameText"]);

/** The JSON value to store (NaN → null). */
export function toStoredAgreement(annotators: readonly string[], annotationIds: readonly string[], comparison: Comparison): unknown {
  return JSON.parse(JSON.stringify({ schema: STORED_AGREEMENT_SCHEMA, annotators, annotationIds, comparison }));
}

function revive(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(revive);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = v === null && NUMERIC_KEYS.has(k) ? Number.NaN : revive(v);
    return out;
  }
  return value;
}

/** The stored JSON read back (null statistics → NaN); null when it is not a stored agreement of this schema. */
export function fromStoredAgreement(stored: unknown): StoredAgreement | null {
  if (!stored || typeof stored !== "object") return null;
  const s = stored as Record<string, unknown>;
  if (s.schema !== STORED_AGREEMENT_SCHEMA || !Array.isArray(s.annotators) || !Array.isArray(s.annotationIds) || !s.comparison || typeof s.comparison !== "object") return null;
  return revive(stored) as StoredAgreement;
}
