/** A count typed by an annotator (PURE): empty = not given; else a whole number 0..1,000,000, or the reason it is not. */
export function parseCount(text: string): { ok: true; value: number | null } | { ok: false; error: string } {
  const t = text.trim();
  if (t === "") return { ok: true, value: null };
  if (!/^[-+]?\d+(\.\d+)?$/.test(t)) return { ok: false, error: "must be a number" };
  const n = Number(t);
  if (!Number.isInteger(n)) return { ok: false, error: "must be a whole number" };
  if (n < 0) return { ok: false, error: "must be 0 or more" };
  if (n > 1_000_000) return { ok: false, error: "must be at most 1000000" };
  return { ok: true, value: n };
}
