/**
 * VSTAT prediction records (PURE), read the one way both the command-line scorer
 * (`lib/score-cli/vstat.ts`) and uploaded runs (`lib/runs/parse-vstat.ts`) use, as the
 * reference lmms-eval task does: `{doc_id, prediction}` where `doc_id` is the question's
 * position in the QA file (tasks in order, questions in order). The answer field can be named;
 * otherwise `prediction`, `response`, `filtered_resps` and `resps` (first element) are tried in
 * that order. A record without a usable answer scores 0 (an empty response, as the reference).
 */

export const VSTAT_PREDICTION_FIELDS = ["prediction", "response", "filtered_resps", "resps"];

/** A response as text: strings as they are, numbers/booleans written out, lists by their first element, null as "". */
export function firstText(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return v.length ? firstText(v[0]) : "";
  if (v === null) return "";
  return undefined;
}

/** The record's doc_id (a non-negative integer, or its decimal text), or null. */
export function vstatDocId(raw: unknown): number | null {
  const n = typeof raw === "number" ? raw : typeof raw === "string" && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/**
 * The record's response text, or why there is none (`missing_field` / `invalid_answer`, the
 * field(s) looked at and a reason such as `no "prediction" or … field`); the question then scores 0.
 */
export function vstatResponse(rec: Record<string, unknown>, answerField?: string): { text: string } | { code: "missing_field" | "invalid_answer"; field: string; reason: string } {
  const fields = answerField ? [answerField] : VSTAT_PREDICTION_FIELDS;
  const field = fields.find((f) => f in rec);
  const text = field === undefined ? undefined : firstText(rec[field]);
  if (text !== undefined) return { text };
  if (field === undefined) return { code: "missing_field", field: fields.join("|"), reason: `no ${fields.map((f) => `"${f}"`).join(" or ")} field` };
  return { code: "invalid_answer", field, reason: `"${field}" is not text` };
}
