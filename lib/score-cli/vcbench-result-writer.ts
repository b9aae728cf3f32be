import "server-only";
import { closeSync, openSync, writeSync } from "node:fs";
import type { VcbenchQuestionScore } from "@/lib/metrics/vcbench";
import type { ByteIdTable } from "./id-table";
import { FileReadError } from "./read-jsonl";

const encoder = new TextEncoder();
const BUFFER_BYTES = 1 << 18;
const FIRST_BUFFER_BYTES = 1 << 12;
/** Room kept free before each line: the fixed parts, three numbers and two integers. */
const LINE_SLACK = 512;
const RATIO_CACHE_SIZE = 1 << 14;

const PREFIX = encoder.encode('{"id":');
const SUBTYPE = encoder.encode(',"subtype":');
const GPA = encoder.encode(',"gpa":');
const MOC = encoder.encode(',"moc":');
const UDA = encoder.encode(',"uda":');
const N_QUERIES = encoder.encode(',"n_queries":');
const N_VALID = encoder.encode(',"n_valid":');
const SUFFIX = encoder.encode("}\n");

/**
 * Buffered writer of VCBench per-question result lines (JSONL), one a question:
 * `{"id":…,"subtype":…,"gpa":…,"moc":…,"uda":…,"n_queries":…,"n_valid":…}`.
 *
 * Byte for byte the same as `JSON.stringify` of that object (numbers in JavaScript's
 * shortest round-trip form, `null` for a metric that does not apply), but written straight
 * into a byte buffer: ids are copied from the id table's arena, so scoring a million query
 * points creates no per-line strings beyond the numbers' digits.
 */
export class VcbenchResultWriter {
  private readonly fd: number;
  // The first buffer is small, so that the flush branch of `write` runs (and is profiled)
  // before V8 optimises `write`: reaching it for the first time in optimised code would throw
  // that code away. The buffer then grows to its full size.
  private buf = new Uint8Array(FIRST_BUFFER_BYTES);
  private at = 0;
  private readonly quotedSubtypes = new Map<string, Uint8Array>();
  /**
   * Texts of MoC and UDA values, which are ratios k/(n-1) of small integers and so repeat
   * (bounded; formatting a double is the costliest step of a line).
   */
  private readonly ratioTexts = new Map<number, string>();

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
    this.bytes(SUBTYPE);
    this.bytes(this.subtypeBytes(s.subtype));
    this.bytes(GPA);
    this.number(s.gpa);
    this.bytes(MOC);
    this.number(s.moc, this.ratioTexts);
    this.bytes(UDA);
    this.number(s.uda, this.ratioTexts);
    this.bytes(N_QUERIES);
    this.number(s.n_queries);
    this.bytes(N_VALID);
    this.number(s.n_valid);
    this.bytes(SUFFIX);
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

  private subtypeBytes(subtype: string): Uint8Array {
    let b = this.quotedSubtypes.get(subtype);
    if (!b) {
      b = encoder.encode(JSON.stringify(subtype));
      this.quotedSubtypes.set(subtype, b);
    }
    return b;
  }

  private bytes(b: Uint8Array): void {
    // A loop: TypedArray#set costs more than it saves on a dozen bytes.
    const buf = this.buf;
    let at = this.at;
    for (let i = 0; i < b.length; i++) buf[at++] = b[i];
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

  /**
   * `JSON.stringify(v)` for a number or null: non-finite numbers become `null` as there.
   * `texts` caches the text of non-integers (for values that repeat).
   */
  private number(v: number | null, texts?: Map<number, string>): void {
    const buf = this.buf;
    if (v === null || !Number.isFinite(v)) {
      buf[this.at++] = 0x6e; // n
      buf[this.at++] = 0x75; // u
      buf[this.at++] = 0x6c; // l
      buf[this.at++] = 0x6c; // l
      return;
    }
    if (Number.isInteger(v) && v >= 0 && v < 1e15 && !Object.is(v, -0)) {
      if (v < 10) {
        buf[this.at++] = 0x30 + v;
        return;
      }
      let digits = 1;
      for (let p = 10; p <= v; p *= 10) digits++;
      let x = v;
      for (let i = digits - 1; i >= 0; i--) {
        buf[this.at + i] = 0x30 + (x % 10);
        x = Math.floor(x / 10);
      }
      this.at += digits;
      return;
    }
    let text = texts?.get(v);
    if (text === undefined) {
      text = String(v);
      if (texts && texts.size < RATIO_CACHE_SIZE) texts.set(v, text);
    }
    let at = this.at;
    for (let i = 0; i < text.length; i++) buf[at++] = text.charCodeAt(i);
    this.at = at;
  }
}
