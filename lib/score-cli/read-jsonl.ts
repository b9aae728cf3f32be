import "server-only";
import { closeSync, openSync, readFileSync, readSync } from "node:fs";
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
 * Splits bytes into lines as they are read, for both readers below: the caller reads into
 * `buf[filled, buf.length)` (after {@link reserve}), then hands the count to {@link consume}.
 * Drops a UTF-8 byte-order mark at the start of the file and a "\r" before each "\n".
 */
class LineAssembler {
  buf = Buffer.allocUnsafe(CHUNK);
  filled = 0;
  private lineNumber = 0;
  private first = true;

  /** Makes room to read into (the buffer doubles when one line fills it). */
  reserve(): void {
    if (this.filled < this.buf.length) return;
    const bigger = Buffer.allocUnsafe(this.buf.length * 2);
    this.buf.copy(bigger, 0, 0, this.filled);
    this.buf = bigger;
  }

  /**
   * Takes `n` bytes just read (0 at the end of the file) and calls `onLine` for every line
   * they complete, plus the unterminated last line at the end. Returns false at the end.
   */
  consume(n: number, onLine: (bytes: Buffer, start: number, end: number, lineNumber: number) => void): boolean {
    const buf = this.buf;
    const dataEnd = this.filled + n;
    let start = 0;
    if (this.first && (dataEnd >= 3 || n === 0)) {
      if (dataEnd >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) start = 3;
      this.first = false;
    }
    let searchFrom = Math.max(this.filled, start);
    for (;;) {
      const nl = buf.indexOf(10, searchFrom);
      if (nl === -1 || nl >= dataEnd) break;
      const end = nl > start && buf[nl - 1] === 13 ? nl - 1 : nl;
      onLine(buf, start, end, ++this.lineNumber);
      start = nl + 1;
      searchFrom = start;
    }
    if (n === 0) {
      if (start < dataEnd) onLine(buf, start, buf[dataEnd - 1] === 13 ? dataEnd - 1 : dataEnd, ++this.lineNumber);
      return false;
    }
    if (start > 0) buf.copy(buf, 0, start, dataEnd);
    this.filled = dataEnd - start;
    return true;
  }
}

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
    const lines = new LineAssembler();
    for (;;) {
      lines.reserve();
      let n: number;
      try {
        n = readSync(fd, lines.buf, lines.filled, lines.buf.length - lines.filled, null);
      } catch (err) {
        throw new FileReadError(path, describeFsError(err));
      }
      if (!lines.consume(n, onLine)) return;
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * The whole text of a (small) file as UTF-8, without a leading byte-order mark. Throws
 * {@link FileReadError} naming the file and the reason when it cannot be read.
 */
export function readTextFile(path: string): string {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    throw new FileReadError(path, describeFsError(err));
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
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
    const lines = new LineAssembler();
    for (;;) {
      lines.reserve();
      let n: number;
      try {
        ({ bytesRead: n } = await fh.read(lines.buf, lines.filled, lines.buf.length - lines.filled, null));
      } catch (err) {
        throw new FileReadError(path, describeFsError(err));
      }
      const out: TextLine[] = [];
      const more = lines.consume(n, (b, s, e, line) => out.push({ line, text: decodeLine(b, s, e) }));
      yield* out;
      if (!more) return;
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
