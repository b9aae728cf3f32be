/**
 * A hash table from question ids to integer indices that works directly on the UTF-8
 * bytes of the id, so that reading a million-line file does not create a JavaScript
 * string (and a Map entry) per line. Ids are stored once in a byte arena; lookups by bytes
 * or by string give the same answers (strings are compared through their UTF-8 bytes).
 * No filesystem access.
 */

const EMPTY = -1;
const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

function hashBytes(b: Uint8Array, s: number, e: number): number {
  let h = 0x811c9dc5;
  for (let i = s; i < e; i++) h = Math.imul(h ^ b[i], 0x01000193);
  return h >>> 0;
}

export class ByteIdTable {
  private arena = new Uint8Array(1 << 16);
  private arenaLength = 0;
  private starts = new Int32Array(1 << 12);
  private ends = new Int32Array(1 << 12);
  private values = new Int32Array(1 << 12);
  private hashes = new Int32Array(1 << 12);
  private count = 0;
  private slots: Int32Array; // entry numbers
  private scratch = new Uint8Array(256);
  /** Entry number touched by the last {@link setBytes} / {@link set}. */
  lastEntry = -1;

  /** `expected`: number of ids expected (a hint that avoids rehashing). */
  constructor(expected = 0) {
    let cap = 1 << 13;
    while (cap < expected * 2) cap *= 2;
    this.slots = new Int32Array(cap).fill(EMPTY);
  }

  /** Number of distinct ids. */
  get size(): number {
    return this.count;
  }

  private equals(entry: number, b: Uint8Array, s: number, e: number): boolean {
    const as = this.starts[entry];
    const len = this.ends[entry] - as;
    if (len !== e - s) return false;
    const a = this.arena;
    for (let i = 0; i < len; i++) if (a[as + i] !== b[s + i]) return false;
    return true;
  }

  private lastHash = 0;

  private slotOf(b: Uint8Array, s: number, e: number): number {
    const mask = this.slots.length - 1;
    const h = hashBytes(b, s, e) | 0;
    this.lastHash = h;
    let slot = h & mask;
    for (;;) {
      const entry = this.slots[slot];
      if (entry === EMPTY || (this.hashes[entry] === h && this.equals(entry, b, s, e))) return slot;
      slot = (slot + 1) & mask;
    }
  }

  /** The value stored for the id whose UTF-8 bytes are b[s, e), or -1. */
  getBytes(b: Uint8Array, s: number, e: number): number {
    const entry = this.slots[this.slotOf(b, s, e)];
    return entry === EMPTY ? -1 : this.values[entry];
  }

  /** Sets the value of the id b[s, e); returns the previous value or -1. */
  setBytes(b: Uint8Array, s: number, e: number, value: number): number {
    const slot = this.slotOf(b, s, e);
    const entry = this.slots[slot];
    if (entry !== EMPTY) {
      const prev = this.values[entry];
      this.values[entry] = value;
      this.lastEntry = entry;
      return prev;
    }
    const n = this.count;
    if (n === this.starts.length) {
      const grow = (a: Int32Array) => {
        const next = new Int32Array(a.length * 2);
        next.set(a);
        return next;
      };
      this.starts = grow(this.starts);
      this.ends = grow(this.ends);
      this.values = grow(this.values);
      this.hashes = grow(this.hashes);
    }
    const len = e - s;
    if (this.arenaLength + len > this.arena.length) {
      let cap = this.arena.length * 2;
      while (cap < this.arenaLength + len) cap *= 2;
      const next = new Uint8Array(cap);
      next.set(this.arena.subarray(0, this.arenaLength));
      this.arena = next;
    }
    const arena = this.arena;
    const base = this.arenaLength;
    for (let i = 0; i < len; i++) arena[base + i] = b[s + i];
    this.starts[n] = this.arenaLength;
    this.ends[n] = this.arenaLength + len;
    this.values[n] = value;
    this.hashes[n] = this.lastHash;
    this.arenaLength += len;
    this.count = n + 1;
    this.slots[slot] = n;
    this.lastEntry = n;
    if (this.count * 2 > this.slots.length) this.rehash();
    return -1;
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2).fill(EMPTY);
    const mask = slots.length - 1;
    for (let entry = 0; entry < this.count; entry++) {
      let slot = this.hashes[entry] & mask;
      while (slots[slot] !== EMPTY) slot = (slot + 1) & mask;
      slots[slot] = entry;
    }
    this.slots = slots;
  }

  private encode(id: string): number {
    const need = id.length * 3;
    if (need > this.scratch.length) this.scratch = new Uint8Array(Math.max(need, this.scratch.length * 2));
    return encoder.encodeInto(id, this.scratch).written;
  }

  /** The value stored for `id`, or -1. */
  get(id: string): number {
    const n = this.encode(id);
    return this.getBytes(this.scratch, 0, n);
  }

  /** Sets the value of `id`; returns the previous value or -1. */
  set(id: string, value: number): number {
    const n = this.encode(id);
    return this.setBytes(this.scratch, 0, n, value);
  }

  /**
   * Appends the UTF-8 bytes of entry `entry` to `out` at `at` when they are plain ASCII
   * that JSON writes unchanged inside quotes (no `"`, `\\`, control characters);
   * returns the new offset, or -1 (nothing written) otherwise. `out` must have room.
   */
  copyPlainId(entry: number, out: Uint8Array, at: number): number {
    const s = this.starts[entry];
    const e = this.ends[entry];
    const a = this.arena;
    for (let i = s; i < e; i++) {
      const c = a[i];
      if (c < 0x20 || c >= 0x7f || c === 0x22 || c === 0x5c) return -1;
    }
    for (let i = s; i < e; i++) out[at++] = a[i];
    return at;
  }

  /** Byte length of entry `entry`'s id. */
  byteLength(entry: number): number {
    return this.ends[entry] - this.starts[entry];
  }

  /** The id of entry number `entry` (0-based insertion order of distinct ids). */
  idOfEntry(entry: number): string {
    const s = this.starts[entry];
    const e = this.ends[entry];
    const a = this.arena;
    if (e - s <= 32) {
      let out = "";
      for (let i = s; i < e; i++) {
        const c = a[i];
        if (c >= 0x80) return decoder.decode(a.subarray(s, e));
        out += String.fromCharCode(c);
      }
      return out;
    }
    return decoder.decode(a.subarray(s, e));
  }
}
