import "server-only";
import { closeSync, openSync, readSync } from "node:fs";
import { open } from "node:fs/promises";
import type { Problem } from "@/lib/metrics/problems";

/**
 * Line-by-line readers for JSONL files with 1-based line numbers. They stream the file in
 * fixed-size chunks (no whole-file buffering), split on "\n", drop a trailing "\r", drop a
 * UTF-8 byte-order mark at the start of the file, and decode UTF-8 with invalid sequences
 * replaced by U+FFFD.
 */

/** Thrown when a file cannot be opened or read at all (the only fatal input error). */
export class FileReadError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`cannot read ${path}: ${reason}`);
    this.name = "FileReadError";
  }
}

function describeFsError(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (e && e.code === "ENOENT") return "no such file";
  if (e && e.code === "EISDIR") return "is a directory";
  if (e && e.code === "EACCES") return "permission denied";
  return e && e.message ? e.message : String(err);
}

const CHUNK = 1 << 20;

/**
 * Calls `onLine(bytes, start, end, lineNumber)` for every line of the file, synchronously,
 * with the line's bytes in `bytes[start, end)` (without "\n" or a trailing "\r"). The
 * buffer is reused: copy what you keep before returning. An empty last line after a final
 * "\n" is not reported. Throws {@link FileReadError} when the file cannot be read.
 */
export function forEachLineBytes(
  path: string,
  onLine: (bytes: Buffer, start: number, end: number, lineNumber: number) => void,
): void {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (err) {
    throw new FileReadError(path, describeFsError(err));
  }
  try {
    let buf = Buffer.allocUnsafe(CHUNK);
    let filled = 0;
    let lineNumber = 0;
    let first = true;
    for (;;) {
      if (filled === buf.length) {
        const bigger = Buffer.allocUnsafe(buf.length * 2);
        buf.copy(bigger, 0, 0, filled);
        buf = bigger;
      }
      let n: number;
      try {
        n = readSync(fd, buf, filled, buf.length - filled, null);
      } catch (err) {
        throw new FileReadError(path, describeFsError(err));
      }
      const dataEnd = filled + n;
      let start = 0;
      if (first && (dataEnd >= 3 || n === 0)) {
        if (dataEnd >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) start = 3;
        first = false;
      }
      let searchFrom = Math.max(filled, start);
      for (;;) {
        const nl = buf.indexOf(10, searchFrom);
        if (nl === -1 || nl >= dataEnd) break;
        const end = nl > start && buf[nl - 1] === 13 ? nl - 1 : nl;
        onLine(buf, start, end, ++lineNumber);
        start = nl + 1;
        searchFrom = start;
      }
      if (n === 0) {
        if (start < dataEnd) {
          const end = buf[dataEnd - 1] === 13 ? dataEnd - 1 : dataEnd;
          onLine(buf, start, end, ++lineNumber);
        }
        return;
      }
      if (start > 0) buf.copy(buf, 0, start, dataEnd);
      filled = dataEnd - start;
    }
  } finally {
    closeSync(fd);
  }
}

// ignoreBOM: U+FEFF inside a line stays (only a file-initial BOM is dropped above).
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

/** The UTF-8 text of `bytes[start, end)`. */
export function decodeLine(bytes: Uint8Array, start: number, end: number): string {
  return utf8.decode(bytes.subarray(start, end));
}

/** True when `bytes[start, end)` holds only JSON whitespace. */
export function isBlankLine(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = bytes[i];
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d && c !== 0x0a) return false;
  }
  return true;
}

/** One line of a text file. */
export type TextLine = { line: number; text: string };

/**
 * Async, streaming iteration over the lines of a file (`{ line, text }`), same splitting
 * rules as {@link forEachLineBytes}. Throws {@link FileReadError} when the file cannot be
 * read.
 */
export async function* readLines(path: string): AsyncGenerator<TextLine> {
  let fh: Awaited<ReturnType<typeof open>>;
  try {
    fh = await open(path, "r");
  } catch (err) {
    throw new FileReadError(path, describeFsError(err));
  }
  try {
    let buf = Buffer.allocUnsafe(CHUNK);
    let filled = 0;
    let lineNumber = 0;
    let first = true;
    for (;;) {
      if (filled === buf.length) {
        const bigger = Buffer.allocUnsafe(buf.length * 2);
        buf.copy(bigger, 0, 0, filled);
        buf = bigger;
      }
      let n: number;
      try {
        ({ bytesRead: n } = await fh.read(buf, filled, buf.length - filled, null));
      } catch (err) {
        throw new FileReadError(path, describeFsError(err));
      }
      const dataEnd = filled + n;
      let start = 0;
      if (first && (dataEnd >= 3 || n === 0)) {
        if (dataEnd >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) start = 3;
        first = false;
      }
      const out: TextLine[] = [];
      let searchFrom = Math.max(filled, start);
      for (;;) {
        const nl = buf.indexOf(10, searchFrom);
        if (nl === -1 || nl >= dataEnd) break;
        const end = nl > start && buf[nl - 1] === 13 ? nl - 1 : nl;
        out.push({ line: ++lineNumber, text: decodeLine(buf, start, end) });
        start = nl + 1;
        searchFrom = start;
      }
      if (n === 0 && start < dataEnd) {
        const end = buf[dataEnd - 1] === 13 ? dataEnd - 1 : dataEnd;
        out.push({ line: ++lineNumber, text: decodeLine(buf, start, end) });
      }
      yield* out;
      if (n === 0) return;
      if (start > 0) buf.copy(buf, 0, start, dataEnd);
      filled = dataEnd - start;
    }
  } finally {
    await fh.close();
  }
}

/** One parsed JSONL record. */
export type JsonlRecord = { line: number; value: unknown };

/**
 * Reads a whole JSONL file into records (for small files). Blank lines are skipped;
 * a line that is not valid JSON becomes a `malformed_json` problem naming the line and
 * the parser's reason; the rest are returned in file order.
 */
export function readJsonl(path: string): { records: JsonlRecord[]; problems: Problem[] } {
  const records: JsonlRecord[] = [];
  const problems: Problem[] = [];
  forEachLineBytes(path, (b, s, e, line) => {
    if (isBlankLine(b, s, e)) return;
    const text = decodeLine(b, s, e);
    try {
      records.push({ line, value: JSON.parse(text) });
    } catch (err) {
      problems.push(malformedJsonProblem(line, err));
    }
  });
  return { records, problems };
}

/** The `malformed_json` problem for a line that `JSON.parse` rejected. */
export function malformedJsonProblem(line: number, err: unknown, file?: string): Problem {
  const reason = err instanceof Error ? err.message : String(err);
  return { code: "malformed_json", line, message: `${file ? `${file} ` : ""}line ${line}: not valid JSON (${reason})` };
}
