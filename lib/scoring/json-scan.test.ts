import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  encodeKeys,
  numberAt,
  parseNumberToken,
  readNumber,
  readNumberArray,
  readNumberArrayInto,
  readString,
  parseRange,
  scanObjectFields,
  skipValue,
} from "./json-scan";

const enc = new TextEncoder();
const KEYS = ["id", "predictions", "query_time", "x"];
const KEY_BYTES = encodeKeys(KEYS);

function scan(text: string) {
  const b = enc.encode(text);
  const out = new Int32Array(KEYS.length * 2);
  const ok = scanObjectFields(b, 0, b.length, KEY_BYTES, out);
  return { ok, b, out };
}

function jsonParses(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

describe("scanObjectFields", () => {
  it("locates top-level fields exactly as JSON.parse reads them (hand-written cases)", () => {
    const { ok, b, out } = scan(' {"a": {"id": 1}, "id" : "0007", "predictions":[1, null, 2.5e1], "x": "q\\"\\u00e9"} ');
    expect(ok).toBe(true);
    expect(readString(b, out[0], out[1])).toBe("0007");
    expect(parseRange(b, out[2], out[3])).toEqual([1, null, 25]);
    expect(out[4]).toBe(-1);
    expect(readString(b, out[6], out[7])).toBeUndefined(); // escaped: caller uses JSON.parse
    expect(parseRange(b, out[6], out[7])).toBe('q"é');
  });

  it("rejects malformed lines, repeated wanted keys and escaped keys", () => {
    for (const bad of ['{"id": 1,}', '{"id": 01}', '{"id": "a\tb"}', '[1]', '{"id": 1} x', '{"id": tru}', '{"id": 1, "id": 2}', '{"i\\u0064": 1}', '{"id": .5}', '{"id": 1.}', '{"id": "\\x"}', ""]) {
      expect(scan(bad).ok, bad).toBe(false);
    }
  });

  it("accepts every JSON object JSON.stringify writes and reports each wanted value (property)", () => {
    const key = fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 6 }));
    fc.assert(
      fc.property(fc.dictionary(key, fc.jsonValue({ maxDepth: 3 })), fc.constantFrom(0, 1), (obj, indent) => {
        const text = JSON.stringify(obj, null, indent);
        const { ok, b, out } = scan(text);
        const escapedKey = Object.keys(obj).some((k) => JSON.stringify(k).includes("\\"));
        if (!escapedKey) expect(ok).toBe(true);
        if (ok) {
          KEYS.forEach((k, i) => {
            if (Object.prototype.hasOwnProperty.call(obj, k)) expect(parseRange(b, out[2 * i], out[2 * i + 1])).toEqual(JSON.parse(JSON.stringify(obj[k])));
            else expect(out[2 * i]).toBe(-1);
          });
        }
      }),
    );
  });

  it("never accepts a line JSON.parse rejects (mutation property)", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...KEYS, "k"), fc.jsonValue({ maxDepth: 2 })),
        fc.nat(),
        fc.constantFrom("", ",", "}", "]", '"', "\\", ":", "0", "-", ".", "e", "\t", "\u0001", "n", "[", "{"),
        fc.boolean(),
        (obj, pos, ch, del) => {
          const text = JSON.stringify(obj);
          const at = text.length === 0 ? 0 : pos % text.length;
          const mutated = del ? text.slice(0, at) + text.slice(at + 1) : text.slice(0, at) + ch + text.slice(at);
          const parsed = jsonParses(mutated);
          const { ok } = scan(mutated);
          if (ok) expect(parsed !== undefined && parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)).toBe(true);
        },
      ),
      { numRuns: Number(process.env.SCAN_RUNS ?? 500) },
    );
  });
});

describe("number reading", () => {
  it("equals JSON.parse for every double JSON.stringify writes (property)", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (d) => {
        const text = JSON.stringify(d);
        const b = enc.encode(text);
        expect(Object.is(numberAt(b, 0, b.length), JSON.parse(text))).toBe(true);
        const end = new Int32Array(1);
        expect(Object.is(parseNumberToken(b, 0, b.length, end), JSON.parse(text))).toBe(true);
        expect(end[0]).toBe(b.length);
        expect(Object.is(readNumber(b, 0, b.length), JSON.parse(text))).toBe(true);
      }),
    );
  });

  it("equals JSON.parse for decimal literals with many digits and exponents (property)", () => {
    const digits = fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(fc.boolean(), digits, fc.option(digits), fc.option(fc.integer({ min: -330, max: 330 })), (neg, int, frac, exp) => {
        const intPart = int.replace(/^0+(?=\d)/, "");
        const text = `${neg ? "-" : ""}${intPart}${frac !== null ? `.${frac}` : ""}${exp !== null ? `e${exp}` : ""}`;
        const b = enc.encode(text);
        const end = new Int32Array(1);
        expect(Object.is(numberAt(b, 0, b.length), JSON.parse(text))).toBe(true);
        expect(Object.is(parseNumberToken(b, 0, b.length, end), JSON.parse(text))).toBe(true);
      }),
    );
  });

  it("reads number arrays like JSON.parse (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: null }), { maxLength: 20 }), (arr) => {
        const text = JSON.stringify(arr);
        const b = enc.encode(text);
        const out = new Float64Array(64);
        const count = new Int32Array(1);
        expect(readNumberArrayInto(b, 0, b.length, out, count)).toBe(b.length);
        expect(Array.from(out.subarray(0, count[0]), (v) => (Number.isNaN(v) ? null : v))).toEqual(JSON.parse(text));
        if (!arr.includes(null)) expect(readNumberArray(b, 0, b.length)).toEqual(JSON.parse(text));
      }),
    );
  });

  it("agrees with JSON.parse on mutated and re-spaced number arrays: accepts exactly the valid ones (property)", () => {
    const element = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
      fc.integer({ min: -1000, max: 1000 }).map(String),
      fc.constantFrom("null", "0", "-0", "0.5", "1e3", "-2E-2", "123456789012345678", "0.1234567890123456789"),
    );
    const ws = fc.constantFrom("", "", "", " ", "\t", "\n", "\r\n ");
    fc.assert(
      fc.property(
        fc.array(fc.tuple(ws, element, ws), { maxLength: 8 }),
        ws,
        fc.nat(),
        fc.constantFrom("", ",", "]", "[", "-", ".", "e", "+", "0", "1", " ", "\u0001", "n", '"', "x"),
        fc.constantFrom("none", "insert", "delete"),
        (parts, inner, pos, ch, how) => {
          const valid = `[${inner}${parts.map(([a, e, z]) => `${a}${e}${z}`).join(",")}]`;
          // Both readers start at the value's first byte (no leading whitespace), so nothing is inserted before it.
          const at = how === "insert" ? 1 + (pos % valid.length) : pos % valid.length;
          const text = how === "none" ? valid : how === "insert" ? valid.slice(0, at) + ch + valid.slice(at) : valid.slice(0, at) + valid.slice(at + 1);
          const b = enc.encode(text);
          const parsed = jsonParses(text);
          const numeric = Array.isArray(parsed) && parsed.every((x) => x === null || typeof x === "number");
          const out = new Float64Array(64);
          const count = new Int32Array(1);
          const r = readNumberArrayInto(b, 0, b.length, out, count);
          if (numeric) {
            expect(r).toBe(text.trimEnd().length);
            const got = Array.from(out.subarray(0, count[0]), (v) => (Number.isNaN(v) ? null : v));
            expect(got.length).toBe((parsed as unknown[]).length);
            got.forEach((v, k) => expect(Object.is(v, (parsed as unknown[])[k])).toBe(true));
          } else if (r >= 0) {
            // Accepted only as a prefix: the rest of the text is not whitespace alone.
            expect(r).toBeLessThan(text.trimEnd().length);
            expect(jsonParses(text.slice(0, r))).toBeDefined();
          }
          const skipped = skipValue(b, 0, b.length);
          if (parsed !== undefined) expect(skipped).toBe(text.trimEnd().length);
          else expect(skipped === b.length).toBe(false);
        },
      ),
      { numRuns: Number(process.env.SCAN_RUNS ?? 1000) },
    );
  });

  it("signals other element types and syntax errors", () => {
    const out = new Float64Array(2);
    const count = new Int32Array(1);
    const r = (t: string) => readNumberArrayInto(enc.encode(t), 0, t.length, out, count);
    expect(r('[1, "a"]')).toBe(-2);
    expect(r("[1, 2, 3]")).toBe(-2); // more than out.length
    expect(r("[1,]")).toBe(-1);
    expect(r("[1 2]")).toBe(-1);
    expect(skipValue(enc.encode("[[[]]]"), 0, 6)).toBe(6);
    expect(skipValue(enc.encode("[".repeat(300) + "]".repeat(300)), 0, 600)).toBe(-1); // depth limit: JSON.parse decides
  });
});
