/**
 * JSON text for derived results (PURE): like JSON, but numbers JSON cannot hold (NaN, Infinity,
 * -Infinity, -0) come back as they were, so a stored result reads back identical to a fresh one
 * (statistics of an empty group are NaN). They are written as strings starting with a NUL
 * character, which no stored text can otherwise start with: a string that does is escaped with a
 * second NUL. `undefined` properties are dropped, as JSON does.
 */
const MARK = "\u0000";
const SPECIAL: Record<string, number> = { [`${MARK}NaN`]: Number.NaN, [`${MARK}Infinity`]: Infinity, [`${MARK}-Infinity`]: -Infinity, [`${MARK}-0`]: -0 };

function encodeNumber(v: number): number | string {
  if (Number.isNaN(v)) return `${MARK}NaN`;
  if (v === Infinity) return `${MARK}Infinity`;
  if (v === -Infinity) return `${MARK}-Infinity`;
  if (v === 0 && Object.is(v, -0)) return `${MARK}-0`;
  return v;
}

export function encodeDerived(value: unknown): string {
  return JSON.stringify(value, function (key, v: unknown) {
    if (typeof v === "number") return encodeNumber(v);
    if (typeof v === "string" && v.startsWith(MARK)) return MARK + v;
    return v;
  });
}

export function decodeDerived<T = unknown>(text: string): T {
  return JSON.parse(text, (_key, v: unknown) => {
    if (typeof v !== "string" || !v.startsWith(MARK)) return v;
    if (v.startsWith(MARK + MARK)) return v.slice(1);
    return v in SPECIAL ? SPECIAL[v] : v;
  }) as T;
}
