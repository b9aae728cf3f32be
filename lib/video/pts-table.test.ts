import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { crc32, decodePtsTable, encodePtsTable, PtsTableFormatError, type PtsTable } from "./pts-table";

const cfr = (n: number, d = 3000, first = 0): PtsTable => ({
  timeBase: { num: 1, den: 90000 },
  pts: Array.from({ length: n }, (_, i) => first + i * d),
  endPts: first + n * d,
});

describe("pts table binary format", () => {
  it("round-trips exactly", () => {
    const t = cfr(300);
    expect(decodePtsTable(encodePtsTable(t))).toEqual(t);
  });

  it("round-trips arbitrary tables (property)", () => {
    fc.assert(
      fc.property(
        fc.record({
          num: fc.integer({ min: 1, max: 1001 }),
          den: fc.integer({ min: 1, max: 0xffffffff }),
          first: fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
          deltas: fc.array(fc.integer({ min: 0, max: 2 ** 35 }), { maxLength: 200 }),
          tail: fc.integer({ min: 0, max: 100000 }),
        }),
        ({ num, den, first, deltas, tail }) => {
          const pts = [first];
          for (const d of deltas) pts.push(pts[pts.length - 1] + d);
          const t: PtsTable = { timeBase: { num, den }, pts, endPts: pts[pts.length - 1] + tail };
          expect(decodePtsTable(encodePtsTable(t))).toEqual(t);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("keeps a non-zero (and negative) first pts", () => {
    const t = cfr(10, 3600, 225000);
    expect(decodePtsTable(encodePtsTable(t)).pts[0]).toBe(225000);
    const neg = cfr(10, 1001, -2002);
    expect(decodePtsTable(encodePtsTable(neg))).toEqual(neg);
  });

  it("handles an empty table", () => {
    const t: PtsTable = { timeBase: { num: 1, den: 1000 }, pts: [], endPts: 0 };
    expect(decodePtsTable(encodePtsTable(t))).toEqual(t);
  });

  it("is compact: 10 minutes at 30 fps in under 40 KB", () => {
    expect(encodePtsTable(cfr(18000)).length).toBeLessThan(40_000);
  });

  it("rejects corrupted, truncated and foreign data with a reason", () => {
    const bytes = encodePtsTable(cfr(100));
    const corrupt = bytes.slice();
    corrupt[50] ^= 1;
    expect(() => decodePtsTable(corrupt)).toThrow(/checksum/);
    expect(() => decodePtsTable(bytes.slice(0, 20))).toThrow(/too short/);
    const badMagic = bytes.slice();
    badMagic[0] = 0x58;
    expect(() => decodePtsTable(badMagic)).toThrow(/not a pts table/);
    const badVersion = bytes.slice();
    badVersion[4] = 9;
    expect(() => decodePtsTable(badVersion)).toThrow(/version 9/);
    // Fewer payload bytes than frames: header checksum matches the shortened payload.
    const short = encodePtsTable(cfr(3));
    const lying = short.slice();
    new DataView(lying.buffer).setUint32(8, 50, true);
    expect(() => decodePtsTable(lying)).toThrow(PtsTableFormatError);
  });

  it("refuses to encode invalid tables", () => {
    expect(() => encodePtsTable({ timeBase: { num: 1, den: 0 }, pts: [0], endPts: 1 })).toThrow(/den/);
    expect(() => encodePtsTable({ timeBase: { num: 1, den: 90 }, pts: [5, 3], endPts: 9 })).toThrow(/smaller/);
    expect(() => encodePtsTable({ timeBase: { num: 1, den: 90 }, pts: [0, 1.5], endPts: 9 })).toThrow(/integer/);
    expect(() => encodePtsTable({ timeBase: { num: 1, den: 90 }, pts: [0, 10], endPts: 5 })).toThrow(/before/);
  });

  it("computes the standard CRC-32", () => {
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
  });
});
