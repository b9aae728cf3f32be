/**
 * A hash table from question ids to integer indices that works directly on the UTF-8
 * bytes of the id, so that reading a million-line file does not create a JavaScript
 * string (and a Map entry) per line. Ids are stored once in a byte arena; lookups by bytes
 * or by string give the same answers (strings are compared through their UTF-8 bytes).
 * No filesystem access.
 *
 * Benchmark files list their ids in increasing order ("0000", "0001", ...), and prediction
 * files follow the truth's order. Two shortcuts use that, with the same answers as the plain
 * hash table:
 * - while every new id is greater (bytewise) than the one before, it cannot equal an earlier
 *   one, so no hash index is kept; the first id out of order builds it, and from then on
 *   every id is hashed;
 * - a lookup first tries the entry after the one it found last (a byte comparison), then
 *   the hash index, or a binary search while the ids are still in order.
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
  private arena: Uint8Array;
  private arenaLength = 0;
  private starts: Int32Array;
  private ends: Int32Array;
  private values: Int32Array;
  private hashes: Int32Array;
  private count = 0;
  /** Hash index (entry numbers), built once the ids stop arriving in increasing order. */
  private slots: Int32Array | null = null;
  private readonly expected: number;
  /** Entry after the one the last lookup found (the likely next one). */
  private hint = 0;
  private scratch = new Uint8Array(256);
  /** Entry number touched by the last {@link setBytes} / {@link set}. */
  lastEntry = -1;

  /** `expected`: number of ids expected (a hint that avoids growing and rehashing). */
  constructor(expected = 0) {
    this.expected = expected;
    const n = Math.max(1 << 12, expected);
    this.starts = new Int32Array(n);
    this.ends = new Int32Array(n);
    this.values = new Int32Array(n);
    this.hashes = new Int32Array(n);
    this.arena = new Uint8Array(Math.max(1 << 16, n * 16));
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

  /** Bytewise order of entry `entry`'s id and b[s, e): negative, 0 or positive. */
  private compare(entry: number, b: Uint8Array, s: number, e: number): number {
    const as = this.starts[entry];
    const alen = this.ends[entry] - as;
    const blen = e - s;
    const a = this.arena;
    const len = alen < blen ? alen : blen;
    for (let i = 0; i < len; i++) {
      const d = a[as + i] - b[s + i];
      if (d !== 0) return d;
    }
    return alen - blen;
  }

  /** Slot of the id b[s, e) in the hash index (its entry, or the empty slot to fill). */
  private slotOf(slots: Int32Array, b: Uint8Array, s: number, e: number): number {
    const mask = slots.length - 1;
    const h = hashBytes(b, s, e) | 0;
    this.lastHash = h;
    let slot = h & mask;
    for (;;) {
      const entry = slots[slot];
      if (entry === EMPTY || (this.hashes[entry] === h && this.equals(entry, b, s, e))) return slot;
      slot = (slot + 1) & mask;
    }
  }

  /** Entry of the id b[s, e), or -1. */
  private find(b: Uint8Array, s: number, e: number): number {
    const hint = this.hint;
    if (hint < this.count && this.equals(hint, b, s, e)) {
      this.hint = hint + 1;
      return hint;
    }
    let entry = -1;
    if (this.slots !== null) {
      entry = this.slots[this.slotOf(this.slots, b, s, e)];
    } else {
      // Ids in increasing order: binary search.
      let lo = 0;
      let hi = this.count - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        const c = this.compare(mid, b, s, e);
        if (c === 0) { entry = mid; break; }
        if (c < 0) lo = mid + 1;
        else hi = mid - 1;
      }
    }
    if (entry !== EMPTY) this.hint = entry + 1;
    return entry;
  }

  /** The value stored for the id whose UTF-8 bytes are b[s, e), or -1. */
  getBytes(b: Uint8Array, s: number, e: number): number {
    const entry = this.find(b, s, e);
    return entry === EMPTY ? -1 : this.values[entry];
  }

  /** Sets the value of the id b[s, e); returns the previous value or -1. */
  setBytes(b: Uint8Array, s: number, e: number, value: number): number {
    let slot = -1;
    if (this.slots === null && this.count > 0 && this.compare(this.count - 1, b, s, e) >= 0) this.buildIndex();
    if (this.slots !== null) {
      slot = this.slotOf(this.slots, b, s, e);
      const entry = this.slots[slot];
      if (entry !== EMPTY) {
        const prev = this.values[entry];
        this.values[entry] = value;
        this.lastEntry = entry;
        return prev;
      }
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
    this.arenaLength += len;
    this.count = n + 1;
    this.lastEntry = n;
    if (this.slots !== null) {
      this.hashes[n] = this.lastHash;
      this.slots[slot] = n;
      if (this.count * 2 > this.slots.length) this.rehash(this.slots.length * 2);
    }
    return -1;
  }

  /** Builds the hash index of the entries so far (the first id out of order). */
  private buildIndex(): void {
    for (let entry = 0; entry < this.count; entry++) this.hashes[entry] = hashBytes(this.arena, this.starts[entry], this.ends[entry]) | 0;
    let cap = 1 << 13;
    while (cap < Math.max(this.expected, this.count + 1) * 2) cap *= 2;
    this.rehash(cap);
  }

  private rehash(capacity: number): void {
    const slots = new Int32Array(capacity).fill(EMPTY);
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
