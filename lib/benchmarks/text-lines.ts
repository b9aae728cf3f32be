/**
 * Line iteration over in-memory text (the file reader for real files is
 * `lib/scoring/read-lines.ts` `readLines`, which yields the same `{line, text}` shape).
 */
export type TextLine = { line: number; text: string };

/** Splits text on "\n" (dropping a trailing "\r" and a leading BOM); no empty last line after a final "\n". */
export function splitLines(text: string): TextLine[] {
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  if (body === "") return [];
  const parts = body.split("\n");
  if (parts[parts.length - 1] === "") parts.pop();
  return parts.map((t, i) => ({ line: i + 1, text: t.endsWith("\r") ? t.slice(0, -1) : t }));
}

/** The same lines as an async iterable (what the streaming parsers consume). */
export async function* linesOf(text: string): AsyncGenerator<TextLine> {
  yield* splitLines(text);
}

/** True when the text holds only whitespace. */
export function isBlank(text: string): boolean {
  return text.trim() === "";
}
