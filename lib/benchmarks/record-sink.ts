/**
 * Line-by-line JSONL parsing into a record consumer: blank lines skipped, malformed JSON
 * and non-object lines reported as errors naming the line; the first record may choose
 * the consumer (file variant detection).
 */
import { issue } from "./issues";
import type { TextLine } from "./text-lines";
import type { ImportIssue, ParseResult } from "./types";

/** Consumes validated-as-JSON records of one file, in order. */
export type RecordSink = {
  add(record: Record<string, unknown>, line: number): void;
  finish(): ParseResult;
};

/**
 * Feeds every JSON object line of `lines` to the sink returned by `choose(firstRecord)`.
 * `choose` may return an error issue instead (e.g. a prediction file given as truth):
 * reading stops and the result holds that error. An input without any record gives the
 * error `empty_file`.
 */
export async function parseJsonlWith(
  lines: AsyncIterable<TextLine> | Iterable<TextLine>,
  choose: (first: Record<string, unknown>, line: number) => RecordSink | ImportIssue,
  emptyMeta: ParseResult["meta"],
): Promise<ParseResult> {
  const lineErrors: ImportIssue[] = [];
  let sink: RecordSink | null = null;
  for await (const { line, text } of lines as AsyncIterable<TextLine>) {
    if (text.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      lineErrors.push(issue("malformed_json", `not valid JSON (${reason})`, { line }));
      continue;
    }
    if (!value || typeof value !== "object" || Array.isArray(value)) {
      lineErrors.push(issue("not_an_object", `expected one JSON object per line, got ${Array.isArray(value) ? "an array" : JSON.stringify(value)?.slice(0, 40)}`, { line }));
      continue;
    }
    if (!sink) {
      const chosen = choose(value as Record<string, unknown>, line);
      if ("code" in chosen && "message" in chosen) {
        return { items: [], warnings: [], errors: [...lineErrors, chosen as ImportIssue], meta: emptyMeta };
      }
      sink = chosen as RecordSink;
    }
    sink.add(value as Record<string, unknown>, line);
  }
  if (!sink) {
    const errors = lineErrors.length > 0 ? lineErrors : [issue("empty_file", "the file holds no records")];
    return { items: [], warnings: [], errors, meta: emptyMeta };
  }
  const result = sink.finish();
  return { ...result, errors: [...lineErrors, ...result.errors].sort(byLine) };
}

/** Orders issues by line (issues without a line last), stable. */
export function byLine(a: ImportIssue, b: ImportIssue): number {
  return (a.line ?? Number.MAX_SAFE_INTEGER) - (b.line ?? Number.MAX_SAFE_INTEGER);
}
