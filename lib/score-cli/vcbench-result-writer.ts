import "server-only";
import { closeSync, openSync, writeSync } from "node:fs";
import type { VcbenchQuestionScore } from "@/lib/metrics/vcbench";
import type { ByteIdTable } from "@/lib/scoring/id-table";
import { FileReadError } from "@/lib/scoring/read-lines";

const encoder = new TextEncoder();
const BUFFER_BYTES = 1 << 18;
const FIRST_BUFFER_BYTES = 1 << 12;
/** Room kept free before each line: the fixed parts, three numbers and two integers. */
const LINE_SLACK = 512;
const TEXT_CACHE_SIZE = 1 << 14;

const PREFIX = encoder.encode('{"id":');
/**
 * Tails are cached for questions of fewer query points than this: the key then stays below
 * 2^30, a small integer for V8 (a larger key would allocate a heap number at every lookup).
 */
const N_QUERIES_LIMIT = 128;
/** Ratio index standing for `null` in a tail key. */
const NULL_RATIO = N_QUERIES_LIMIT;

/** `JSON.stringify` of a number or null (non-finite numbers are null there too). */
function jsonNumber(v: number | null): string {
  return v === null || !Number.isFinite(v) ? "null" : String(v);
}

/**
 * k when `v` is exactly k/d for an integer 0 <= k <= d (MoC and UDA are such ratios with
 * d = n_valid - 1), {@link NULL_RATIO} for null, otherwise -1.
 */
function ratioIndex(v: number | null, d: number): number {
  if (v === null) return NULL_RATIO;
  if (d <= 0 || d >= N_QUERIES_LIMIT) return -1;
  const k = Math.round(v * d);
  return k >= 0 && k <= d && k / d === v ? k : -1;
}

/**
 * Buffered writer of VCBench per-question result lines (JSONL), one a question:
 * `{"id":…,"subtype":…,"gpa":…,"moc":…,"uda":…,"n_queries":…,"n_valid":…}`.
 *
 * Byte for byte the same as `JSON.stringify` of that object (numbers in JavaScript's
 * shortest round-trip form, `null` for a metric that does not apply), but written straight
 * into a byte buffer: ids are copied from the id table's arena, so scoring a million query
 * points creates no per-line strings beyond the numbers' digits. A line is four copies:
 * `{"id":`, the id, the subtype's `,"subtype":…,"gpa":`, the GPA's digits, and a tail
 * `,"moc":…,"uda":…,"n_queries":…,"n_valid":…}` kept once per distinct tail (MoC and UDA
 * are ratios of small integers, so tails repeat; anything else is formatted in full).
 */
export class VcbenchResultWriter {
  private readonly fd: number;
  // The first buffer is small, so that the flush branch of `write` runs (and is profiled)
  // before V8 optimises `write`: reaching it for the first time in optimised code would throw
  // that code away. The buffer then grows to its full size.
  private buf = new Uint8Array(FIRST_BUFFER_BYTES);
  private at = 0;
  /** `,"subtype":"<subtype>","gpa":` for each subtype met. */
  private readonly middles = new Map<string, Uint8Array>();
  /** Tails by key (see {@link tailKey}); bounded. */
  private readonly tails = new Map<number, Uint8Array>();

  constructor(readonly path: string, private readonly ids: ByteIdTable) {
    try {
      this.fd = openSync(path, "w");
    } catch (err) {
      throw new FileReadError(path, `cannot write per-question results (${(err as Error).message})`);
    }
  }

  /** Writes the line of the question whose id is entry `idEntry` of the id table. */
  write(idEntry: number, s: VcbenchQuestionScore): void {
    const idBytes = this.ids.byteLength(idEntry);
    if (this.at + idBytes * 6 + LINE_SLACK > this.buf.length) {
      this.flush();
      if (idBytes * 6 + LINE_SLACK > this.buf.length) this.buf = new Uint8Array(idBytes * 6 + LINE_SLACK);
    }
    this.bytes(PREFIX);
    this.buf[this.at] = 0x22;
    const end = this.ids.copyPlainId(idEntry, this.buf, this.at + 1);
    if (end >= 0) {
      this.buf[end] = 0x22;
      this.at = end + 1;
    } else {
      this.text(JSON.stringify(this.ids.idOfEntry(idEntry)));
    }
    this.bytes(this.middle(s.subtype));
    this.number(s.gpa);
    const key = tailKey(s);
    let tail = key < 0 ? undefined : this.tails.get(key);
    if (tail === undefined) {
      tail = encoder.encode(`,"moc":${jsonNumber(s.moc)},"uda":${jsonNumber(s.uda)},"n_queries":${jsonNumber(s.n_queries)},"n_valid":${jsonNumber(s.n_valid)}}\n`);
      if (key >= 0 && this.tails.size < TEXT_CACHE_SIZE) this.tails.set(key, tail);
    }
    this.bytes(tail);
  }

  close(): void {
    this.flush();
    closeSync(this.fd);
  }

  private flush(): void {
    if (this.at > 0) writeSync(this.fd, this.buf, 0, this.at);
    this.at = 0;
    if (this.buf.length < BUFFER_BYTES) this.buf = new Uint8Array(BUFFER_BYTES);
  }

  private middle(subtype: string): Uint8Array {
    let b = this.middles.get(subtype);
    if (!b) {
      b = encoder.encode(`,"subtype":${JSON.stringify(subtype)},"gpa":`);
      this.middles.set(subtype, b);
    }
    return b;
  }

  private bytes(b: Uint8Array): void {
    const n = b.length;
    if (n > 16) {
      // TypedArray#set (a memory copy) pays off from a few dozen bytes: the subtype part and the tail.
      this.buf.set(b, this.at);
      this.at += n;
      return;
    }
    const buf = this.buf;
    let at = this.at;
    for (let i = 0; i < n; i++) buf[at++] = b[i];
    this.at = at;
  }

  /** UTF-8 bytes of `text` (a quoted id that is not plain ASCII: the rare path). */
  private text(text: string): void {
    if (this.at + text.length * 3 > this.buf.length) {
      this.flush();
      if (text.length * 3 + LINE_SLACK > this.buf.length) this.buf = new Uint8Array(text.length * 3 + LINE_SLACK);
    }
    this.at += encoder.encodeInto(text, this.buf.subarray(this.at)).written;
  }

  /** `JSON.stringify(v)` for a number or null: non-finite numbers become `null` as there. */
  private number(v: number | null): void {
    const buf = this.buf;
    if (v === null || !Number.isFinite(v)) {
      buf[this.at++] = 0x6e; // n
      buf[this.at++] = 0x75; // u
      buf[this.at++] = 0x6c; // l
      buf[this.at++] = 0x6c; // l
      return;
    }
    const text = String(v);
    let at = this.at;
    for (let i = 0; i < text.length; i++) buf[at++] = text.charCodeAt(i);
    this.at = at;
  }
}

/**
 * A number naming the tail of a score (n_queries, n_valid and MoC and UDA as ratios
 * k/(n_valid - 1)), or -1 when it has no such name (then the tail is formatted in full).
 */
function tailKey(s: VcbenchQuestionScore): number {
  const nq = s.n_queries;
  const nv = s.n_valid;
  if (!(Number.isInteger(nq) && Number.isInteger(nv) && nq >= 0 && nv >= 0 && nq < N_QUERIES_LIMIT && nv < N_QUERIES_LIMIT)) return -1;
  const km = ratioIndex(s.moc, nv - 1);
  const ku = ratioIndex(s.uda, nv - 1);
  if (km < 0 || ku < 0) return -1;
  // At most about 2.7e8 < 2^30.
  return ((nq * N_QUERIES_LIMIT + nv) * (N_QUERIES_LIMIT + 1) + km) * (N_QUERIES_LIMIT + 1) + ku;
}
