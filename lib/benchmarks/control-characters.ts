/**
 * Control characters in an imported file (PURE). Every text an item would store — its id,
 * format, question, video reference, presentation, labels, truth answer and truth source
 * (native extras included), evidence span labels — is checked with the rule of the request text
 * fields (lib/http/text-schema.ts; tab, line feed and carriage return pass): PostgreSQL refuses
 * NUL in text and JSON columns, and no benchmark writes control characters on purpose. Each
 * offending item is an error `control_character` naming its line, id and field, so the import
 * stops with nothing written. Messages of the other issues are made storable too (a control
 * character quoted from the file is written as `\u0000`).
 */
import { findControlCharacter } from "@/lib/http/control-characters";
import { controlCharacterIn } from "@/lib/http/text-schema";
import { issue } from "./issues";
import type { ImportIssue, NormalisedItem } from "./types";

/** `text` with every refused control character written as a `\uXXXX` escape (for messages and reports). */
export function escapeControlCharacters(text: string): string {
  let out = "";
  for (const ch of text) out += controlCharacterIn(ch, true) ? `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}` : ch;
  return out;
}

/** One error per item holding a control character (the first one found, field named). */
export function controlCharacterErrors(items: readonly NormalisedItem[]): ImportIssue[] {
  const out: ImportIssue[] = [];
  for (const item of items) {
    const fields: [string, unknown][] = [
      ["id", item.externalId],
      ["format", item.format],
      ["question", item.question],
      ["video", item.videoRef],
      ["presentation", item.presentation],
      ["labels", item.labels],
      ["answer", item.truth.answer],
      ["truth", item.truth.source],
      ["spans", item.truthSpans.map((s) => s.label ?? "")],
    ];
    for (const [name, value] of fields) {
      const hit = findControlCharacter(value, [name]);
      if (!hit) continue;
      out.push(
        issue("control_character", `field ${escapeControlCharacters(hit.field)}: ${hit.message}`, {
          line: item.line,
          item_id: escapeControlCharacters(item.externalId),
          field: escapeControlCharacters(hit.field),
        }),
      );
      break;
    }
  }
  return out;
}

/** The issue with its message, id and field storable (control characters escaped). */
export function storableIssue(i: ImportIssue): ImportIssue {
  return {
    ...i,
    message: escapeControlCharacters(i.message),
    item_id: i.item_id === null ? null : escapeControlCharacters(i.item_id),
    ...(i.field !== undefined ? { field: escapeControlCharacters(i.field) } : {}),
  };
}
