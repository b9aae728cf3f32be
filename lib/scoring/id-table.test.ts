import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ByteIdTable } from "./id-table";

const enc = new TextEncoder();

describe("ByteIdTable", () => {
  it("stores, updates and finds ids by string and by bytes (hand-written)", () => {
    const t = new ByteIdTable();
    expect(t.set("0001", 0)).toBe(-1);
    expect(t.set("é", 1)).toBe(-1);
    expect(t.set("0001", 2)).toBe(0);
    expect(t.size).toBe(2);
    expect(t.get("0001")).toBe(2);
    const b = enc.encode('x"é"');
    expect(t.getBytes(b, 2, b.length - 1)).toBe(1);
    expect(t.get("0002")).toBe(-1);
    expect(t.idOfEntry(1)).toBe("é");
  });

  it("copies plain ASCII ids and refuses ids JSON would escape", () => {
    const t = new ByteIdTable();
    t.set("q-01", 0);
    t.set('a"b', 1);
    t.set("é", 2);
    const out = new Uint8Array(16);
    expect(t.copyPlainId(0, out, 2)).toBe(6);
    expect(new TextDecoder().decode(out.subarray(2, 6))).toBe("q-01");
    expect(t.copyPlainId(1, out, 0)).toBe(-1);
    expect(t.copyPlainId(2, out, 0)).toBe(-1);
    expect(t.byteLength(2)).toBe(2);
  });

  it("behaves like a Map across growth (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ maxLength: 12, unit: "grapheme" }), fc.nat()), { maxLength: 3000 }), (pairs) => {
        const t = new ByteIdTable();
        const m = new Map<string, number>();
        for (const [k, v] of pairs) {
          expect(t.set(k, v)).toBe(m.get(k) ?? -1);
          m.set(k, v);
          expect(t.idOfEntry(t.lastEntry)).toBe(k);
        }
        expect(t.size).toBe(m.size);
        for (const [k, v] of m) {
          expect(t.get(k)).toBe(v);
          const b = enc.encode(k);
          expect(t.getBytes(b, 0, b.length)).toBe(v);
        }
      }),
      { numRuns: 30 },
    );
  });

  it("gives the same answers while ids arrive in order, and after the first one out of order (property)", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ maxLength: 8, unit: "grapheme" }), { maxLength: 400 }),
        fc.array(fc.string({ maxLength: 8, unit: "grapheme" }), { maxLength: 50 }),
        fc.array(fc.nat(), { maxLength: 60 }),
        (unique, later, probes) => {
          // Increasing bytewise order first (no hash index), then arbitrary ids (index built).
          const ordered = unique.map((k) => [k, enc.encode(k)] as const).sort((a, b) => Buffer.compare(a[1], b[1])).map(([k]) => k);
          const t = new ByteIdTable();
          const m = new Map<string, number>();
          const check = () => {
            // Lookups in order, in reverse, at random, and of absent ids.
            for (const k of m.keys()) expect(t.get(k)).toBe(m.get(k));
            for (const k of [...m.keys()].reverse()) expect(t.get(k)).toBe(m.get(k));
            const keys = [...m.keys()];
            for (const p of probes) if (keys.length > 0) expect(t.get(keys[p % keys.length])).toBe(m.get(keys[p % keys.length]));
            for (const k of later) expect(t.get(`${k}\u0000absent`)).toBe(-1);
          };
          ordered.forEach((k, i) => {
            expect(t.set(k, i)).toBe(-1);
            m.set(k, i);
          });
          check();
          later.forEach((k, i) => {
            expect(t.set(k, 1000 + i)).toBe(m.get(k) ?? -1);
            m.set(k, 1000 + i);
          });
          expect(t.size).toBe(m.size);
          check();
        },
      ),
      { numRuns: 60 },
    );
  });

  it("finds a repeated id given in order (\"a\", \"b\", \"b\") and keeps answering after the index is built", () => {
    const t = new ByteIdTable();
    expect(t.set("a", 0)).toBe(-1);
    expect(t.set("b", 1)).toBe(-1);
    expect(t.get("a")).toBe(0);
    expect(t.get("c")).toBe(-1);
    expect(t.set("b", 2)).toBe(1);
    expect(t.set("c", 3)).toBe(-1);
    expect(t.set("a", 4)).toBe(0);
    expect([t.get("a"), t.get("b"), t.get("c"), t.get("d")]).toEqual([4, 2, 3, -1]);
    expect(t.size).toBe(3);
  });
});
