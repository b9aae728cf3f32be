/**
 * Text fields of requests (PURE: zod, shared by client forms and route handlers). EVERY string
 * field of a request body, query string or server-action input is one of these — never a bare
 * `z.string()` (tests/request-text-fields.test.ts walks every route's and action's schemas and
 * proves a NUL in each string field is refused with the field named).
 *
 * The rule (Unicode control characters, category Cc):
 * - `text()` — single-line text and identifiers (names, titles, emails, ids, search terms,
 *   labels, file names): refuses U+0000–U+0008, U+000B–U+001F (carriage return included),
 *   U+007F and U+0080–U+009F. Tab (U+0009) and line feed (U+000A) pass.
 * - `multilineText()` — text people write over several lines (descriptions, notes, reasons,
 *   instructions, consent text, free-text answers): the same, but carriage return (U+000D) passes
 *   too, because text pasted from Windows and sent by API clients carries CRLF line ends. It is
 *   stored as sent.
 * Why: PostgreSQL refuses NUL in text and JSON columns (the same request would be a 500 there and
 * stored on SQLite), and the other control characters are never typed on purpose: they corrupt
 * exports, logs and terminals. The issue names the field and the first offending character:
 * `question: must not contain control characters (U+0000 at character 4)`, 400 `invalid_input`.
 *
 * Values a schema cannot see (path parameters, JSON inside `z.unknown()` / `z.json()` fields)
 * are checked by the route wrapper with the permissive rule (`controlCharacterIn(value, true)`):
 * lib/http/route.ts.
 */
import { z } from "zod";

// eslint-disable-next-line no-control-regex
const ALWAYS_REFUSED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex
const REFUSED_ON_ONE_LINE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

/** `params.controlCharacter` of the zod issue, so callers and tests can tell this refusal apart. */
export const CONTROL_CHARACTER_PARAM = "controlCharacter";

/** The first refused control character of `value` (null when none): its code point and 1-based position. */
export function controlCharacterIn(value: string, multiline: boolean): { codePoint: string; position: number } | null {
  const m = (multiline ? ALWAYS_REFUSED : REFUSED_ON_ONE_LINE).exec(value);
  if (!m) return null;
  return { codePoint: `U+${m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`, position: m.index + 1 };
}

/** "must not contain control characters (U+0000 at character 4)". */
export function controlCharacterMessage(found: { codePoint: string; position: number }): string {
  return `must not contain control characters (${found.codePoint} at character ${found.position})`;
}

function refuseControl(multiline: boolean) {
  return (value: string, ctx: z.RefinementCtx) => {
    const found = controlCharacterIn(value, multiline);
    if (found) ctx.addIssue({ code: "custom", message: controlCharacterMessage(found), params: { [CONTROL_CHARACTER_PARAM]: found.codePoint } });
  };
}

type StringParams = Parameters<typeof z.string>[0];

/** A single-line text field: `text({ error: "is required" }).trim().min(1).max(200)`. */
export function text(params?: StringParams) {
  return z.string(params).superRefine(refuseControl(false));
}

/** A multi-line text field (carriage returns allowed): `multilineText().max(5000)`. */
export function multilineText(params?: StringParams) {
  return z.string(params).superRefine(refuseControl(true));
}
