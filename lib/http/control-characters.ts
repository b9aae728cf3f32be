/**
 * The route wrapper's net under the text schemas (PURE): finds the first refused control
 * character anywhere in what a request carries outside its schemas' string fields — path
 * parameters, query keys and values, and every string and key of a JSON body (including JSON
 * held by `z.unknown()` / `z.json()` fields: answers, presentations, annotation documents).
 * The permissive rule of lib/http/text-schema.ts applies (tab, line feed and carriage return
 * pass): the schemas decide where carriage returns are refused. PostgreSQL refuses NUL in text
 * and jsonb; this turns what would be a 500 there (and stored on SQLite) into a 400 naming the
 * field.
 */
import { HttpError } from "./http-error";
import { controlCharacterIn, controlCharacterMessage } from "./text-schema";

export type ControlCharacterIssue = { field: string; message: string };

/** The first control character in a JSON-like value, with its dotted path ("answer.items.0"). */
export function findControlCharacter(value: unknown, path: string[] = []): ControlCharacterIssue | null {
  if (typeof value === "string") {
    const found = controlCharacterIn(value, true);
    return found ? { field: path.join(".") || "(root)", message: controlCharacterMessage(found) } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findControlCharacter(value[i], [...path, String(i)]);
      if (hit) return hit;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      const inKey = controlCharacterIn(key, true);
      if (inKey) return { field: [...path, key].join("."), message: controlCharacterMessage(inKey).replace(/\)$/, " of the key)") };
      const hit = findControlCharacter(v, [...path, key]);
      if (hit) return hit;
    }
  }
  return null;
}

/** Throws 400 `invalid_input` naming the field when `value` holds a refused control character. */
export function refuseControlCharacters(value: unknown, prefix: string[] = []): void {
  const hit = findControlCharacter(value, prefix);
  if (hit) throw new HttpError(400, `${hit.field}: ${hit.message}`, "invalid_input", [hit]);
}
