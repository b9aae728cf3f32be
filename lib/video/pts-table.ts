/**
 * Per-frame presentation timestamp (PTS) table and its compact binary encoding.
 *
 * PURE: no Node (uses DataView / Uint8Array only), so the browser can decode a
 * sidecar fetched from the server.
 *
 * A table holds, in display order, the presentation timestamp of every frame in
 * integer ticks of `timeBase.num / timeBase.den` seconds (as ffprobe reports them,
 * so exact), plus `endPts`, the end of the last frame's display interval.
 *
 * Binary format, version 1 (all integers little-endian):
 *
 *   offset size  field
 *   0      4     magic "PHPT"
 *   4      1     version = 1
 *   5      3     reserved, zero
 *   8      4     u32 frame count N
 *   12     4     u32 time base numerator
 *   16     4     u32 time base denominator
 *   20     8     i64 PTS of frame 0 (0 when N = 0)
 *   28     8     i64 endPts
 *   36     4     u32 CRC-32 (IEEE) of the payload bytes
 *   40     ...   payload: N-1 unsigned LEB128 varints, pts[i] - pts[i-1] for i = 1..N-1
 *
 * 18 000 frames at 30 fps in a 1/90000 time base take about 36 KB.
 */

export type TimeBase = { num: number; den: number };

export type PtsTable = {
  timeBase: TimeBase;
  /** Frame presentation timestamps in ticks, display order, non-decreasing. */
  pts: number[];
  /** End of the last frame (ticks); equals pts[0] (or 0) for an empty table. */
  endPts: number;
};

export const PTS_TABLE_MAGIC = "PHPT";
export const PTS_TABLE_VERSION = 1;
export const PTS_TABLE_HEADER_BYTES = 40;

export class PtsTableFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PtsTableFormatError";
  }
}

/** Throws PtsTableFormatError when the table is not well formed. */
export function assertValidPtsTable(table: PtsTable): void {
  const { num, den } = table.timeBase;
  for (const [name, v] of [["num", num], ["den", den]] as const) {
    if (!Number.isInteger(v) || v <= 0 || v > 0xffffffff) {
      throw new PtsTableFormatError(`time base ${name} must be an integer in 1..2^32-1, got ${v}`);
    }
  }
  if (table.pts.length > 0xffffffff) throw new PtsTableFormatError("too many frames");
  let prev = -Infinity;
  table.pts.forEach((p, i) => {
    if (!Number.isSafeInteger(p)) throw new PtsTableFormatError(`pts[${i}] must be a safe integer, got ${p}`);
    if (p < prev) throw new PtsTableFormatError(`pts[${i}] = ${p} is smaller than pts[${i - 1}] = ${prev}`);
    prev = p;
  });
  if (!Number.isSafeInteger(table.endPts)) throw new PtsTableFormatError(`endPts must be a safe integer, got ${table.endPts}`);
  if (table.pts.length > 0 && table.endPts < prev) {
    throw new PtsTableFormatError(`endPts = ${table.endPts} is before the last frame's pts ${prev}`);
  }
}

let crcTable: Uint32Array | null = null;

/** CRC-32 (IEEE 802.3, as in zlib / PNG). */
export function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function writeVarint(out: number[], v: number): void {
  while (v >= 128) {
    out.push((v % 128) | 128);
    v = Math.floor(v / 128);
  }
  out.push(v);
}

/** Encodes a table into the binary sidecar format. */
export function encodePtsTable(table: PtsTable): Uint8Array {
  assertValidPtsTable(table);
  const payload: number[] = [];
  for (let i = 1; i < table.pts.length; i++) writeVarint(payload, table.pts[i] - table.pts[i - 1]);
  const bytes = new Uint8Array(PTS_TABLE_HEADER_BYTES + payload.length);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = PTS_TABLE_MAGIC.charCodeAt(i);
  bytes[4] = PTS_TABLE_VERSION;
  view.setUint32(8, table.pts.length, true);
  view.setUint32(12, table.timeBase.num, true);
  view.setUint32(16, table.timeBase.den, true);
  view.setBigInt64(20, BigInt(table.pts.length ? table.pts[0] : 0), true);
  view.setBigInt64(28, BigInt(table.endPts), true);
  bytes.set(payload, PTS_TABLE_HEADER_BYTES);
  view.setUint32(36, crc32(bytes.subarray(PTS_TABLE_HEADER_BYTES)), true);
  return bytes;
}

function readSafe(view: DataView, offset: number, field: string): number {
  const v = view.getBigInt64(offset, true);
  if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new PtsTableFormatError(`${field} ${v} is out of the safe integer range`);
  }
  return Number(v);
}

/** Decodes a binary sidecar; throws PtsTableFormatError naming what is wrong. */
export function decodePtsTable(bytes: Uint8Array): PtsTable {
  if (bytes.length < PTS_TABLE_HEADER_BYTES) {
    throw new PtsTableFormatError(`pts table too short: ${bytes.length} bytes, header needs ${PTS_TABLE_HEADER_BYTES}`);
  }
  const magic = String.fromCharCode(bytes[0], bytes[1], bytes[2], bytes[3]);
  if (magic !== PTS_TABLE_MAGIC) throw new PtsTableFormatError(`not a pts table (magic "${magic}")`);
  if (bytes[4] !== PTS_TABLE_VERSION) throw new PtsTableFormatError(`unsupported pts table version ${bytes[4]}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint32(8, true);
  const timeBase = { num: view.getUint32(12, true), den: view.getUint32(16, true) };
  const first = readSafe(view, 20, "first pts");
  const endPts = readSafe(view, 28, "endPts");
  const payload = bytes.subarray(PTS_TABLE_HEADER_BYTES);
  if (crc32(payload) !== view.getUint32(36, true)) throw new PtsTableFormatError("pts table checksum mismatch (corrupted)");
  const pts: number[] = new Array(count);
  if (count > 0) pts[0] = first;
  let pos = 0;
  for (let i = 1; i < count; i++) {
    let v = 0;
    let mul = 1;
    for (;;) {
      if (pos >= payload.length) throw new PtsTableFormatError(`pts table truncated at frame ${i} of ${count}`);
      const b = payload[pos++];
      v += (b & 127) * mul;
      if (b < 128) break;
      mul *= 128;
      if (mul > 2 ** 56) throw new PtsTableFormatError(`malformed delta at frame ${i}`);
    }
    pts[i] = pts[i - 1] + v;
  }
  if (pos !== payload.length) throw new PtsTableFormatError(`pts table has ${payload.length - pos} trailing bytes`);
  const table = { timeBase, pts, endPts };
  assertValidPtsTable(table);
  return table;
}
