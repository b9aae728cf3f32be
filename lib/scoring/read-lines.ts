import "server-only";
import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import { open } from "node:fs/promises";
import type { Problem } from "@/lib/metrics/problems";
import { decodeLine } from "./decode-line";

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
 * Splits bytes into lines as they are read, for every reader below (pull style: the caller
 * asks for the next line; a hot loop then needs no callback). Drops a UTF-8 byte-order mark
 * at the start of the file and a "\r" before each "\n".
 *
 * Use: `next()` until it returns false; then, unless `done`, `reserve()`, read into
 * `buf[filled, buf.length)` and hand the count to `feed(n)` (0 at the end of the file).
 */
class LineSplitter {
  buf: Buffer = Buffer.allocUnsafe(CHUNK);
  /** Bytes of `buf` holding data. */
  filled = 0;
  /** The current line: `buf[start, end)`, line number `line` (1-based). */
  start = 0;
  end = 0;
  line = 0;
  /** True once the last line has been returned. */
  done = false;
  private pos = 0;
  private searchFrom = 0;
  private eof = false;
  private first = true;

  /** Moves the next complete line into `start`/`end`/`line`; false when more bytes are needed (or `done`). */
  next(): boolean {
    const buf = this.buf;
    const dataEnd = this.filled;
    if (this.first) {
      if (dataEnd < 3 && !this.eof) return false;
      if (dataEnd >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) this.pos = this.searchFrom = 3;
      this.first = false;
    }
    const pos = this.pos;
    const nl = this.searchFrom < dataEnd ? buf.indexOf(10, this.searchFrom) : -1;
    if (nl !== -1 && nl < dataEnd) {
      this.start = pos;
      this.end = nl > pos && buf[nl - 1] === 13 ? nl - 1 : nl;
      this.line += 1;
      this.pos = this.searchFrom = nl + 1;
      return true;
    }
    this.searchFrom = dataEnd;
    if (!this.eof) return false;
    if (pos < dataEnd) {
      this.start = pos;
      this.end = buf[dataEnd - 1] === 13 ? dataEnd - 1 : dataEnd;
      this.line += 1;
      this.pos = dataEnd;
      return true;
    }
    this.done = true;
    return false;
  }

  /** Makes room to read into: drops consumed lines, and doubles the buffer when one line fills it. */
  reserve(): void {
    const pos = this.pos;
    if (pos > 0) {
      this.buf.copy(this.buf, 0, pos, this.filled);
      this.filled -= pos;
      this.searchFrom -= pos;
      this.pos = 0;
    }
    if (this.filled < this.buf.length) return;
    const bigger = Buffer.allocUnsafe(this.buf.length * 2);
    this.buf.copy(bigger, 0, 0, this.filled);
    this.buf = bigger;
  }

  /** Takes `n` bytes just read into `buf[filled, ...)`; 0 means the end of the file. */
  feed(n: number): void {
    if (n === 0) this.eof = true;
    else this.filled += n;
  }
}

/**
 * Synchronous pull reader of the lines of a file, for hot loops:
 *
 *   const lines = new LineReader(path);
 *   try { while (lines.next()) use(lines.bytes, lines.start, lines.end, lines.line); }
 *   finally { lines.close(); }
 *
 * The current line is `bytes[start, end)` (without "\n" or a trailing "\r"), numbered from
 * 1; the buffer is reused, so copy what you keep before calling `next()` again. An empty
 * last line after a final "\n" is not reported. Throws {@link FileReadError} when the file
 * cannot be opened or read.
 */
export class LineReader {
  private readonly fd: number;
  private readonly splitter: LineSplitter;
  private closed = false;
  bytes: Buffer;
  start = 0;
  end = 0;
  line = 0;

  /** `skipBlank`: skip lines of JSON whitespace only (their numbers still count). */
  constructor(
    readonly path: string,
    private readonly skipBlank = false,
  ) {
    try {
      this.fd = openSync(path, "r");
    } catch (err) {
      throw new FileReadError(path, describeFsError(err));
    }
    this.splitter = new LineSplitter();
    this.bytes = this.splitter.buf;
  }

  /** Advances to the next line (the next non-blank one with `skipBlank`); false at the end of the file. */
  next(): boolean {
    const s = this.splitter;
    for (;;) {
      if (s.next()) {
        if (this.skipBlank && isBlankLine(s.buf, s.start, s.end)) continue;
        this.bytes = s.buf;
        this.start = s.start;
        this.end = s.end;
        this.line = s.line;
        return true;
      }
      if (s.done) return false;
      s.reserve();
      let n: number;
      try {
        n = readSync(this.fd, s.buf, s.filled, s.buf.length - s.filled, null);
      } catch (err) {
        throw new FileReadError(this.path, describeFsError(err));
      }
      s.feed(n);
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }
}

/**
 * Calls `onLine(bytes, start, end, lineNumber)` for every line of the file, synchronously
 * (see {@link LineReader}, which hot loops use directly). Throws {@link FileReadError} when
 * the file cannot be read.
 */
export function forEachLineBytes(
  path: string,
  onLine: (bytes: Buffer, start: number, end: number, lineNumber: number) => void,
): void {
  const lines = new LineReader(path);
  try {
    while (lines.next()) onLine(lines.bytes, lines.start, lines.end, lines.line);
  } finally {
    lines.close();
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

export { decodeLine };

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
    const lines = new LineSplitter();
    for (;;) {
      const out: TextLine[] = [];
      while (lines.next()) out.push({ line: lines.line, text: decodeLine(lines.buf, lines.start, lines.end) });
      yield* out;
      if (lines.done) return;
      lines.reserve();
      let n: number;
      try {
        ({ bytesRead: n } = await fh.read(lines.buf, lines.filled, lines.buf.length - lines.filled, null));
      } catch (err) {
        throw new FileReadError(path, describeFsError(err));
      }
      lines.feed(n);
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
