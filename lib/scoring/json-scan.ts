/**
 * A validating byte scanner for one-object-per-line JSON, used on the hot path of the
 * command-line scorers so that a line is not materialised as a full JavaScript object
 * when only a few fields are needed. No filesystem access.
 *
 * Contract: the skip functions accept exactly the RFC 8259 grammar (strings with valid
 * escapes and no raw control characters, numbers, literals, nested arrays/objects up to
 * depth 256). {@link scanObjectFields} returns `true` only for one valid JSON object
 * (surrounding JSON whitespace allowed); the value ranges it reports are exact, and the
 * readers return exactly what `JSON.parse` gives for them, or `undefined` when the value
 * has another shape (the caller then uses `JSON.parse`). Whenever the scanner is unsure
 * (escaped key, a wanted key twice) it returns `false` and the caller parses the line with
 * `JSON.parse`, which also yields the message for malformed lines.
 * All positions are byte offsets; functions return the index after what they consumed,
 * or -1 on a syntax error.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MAX_DEPTH = 256;

// Plain string content is every byte but `"`, `\` and control characters (< 0x20). The
// loops below test that with comparisons: on V8 they run about a third faster than a
// 256-entry lookup table.

const HEX = new Uint8Array(256);
for (const ch of "0123456789abcdefABCDEF") HEX[ch.charCodeAt(0)] = 1;

/** Index of the first non-whitespace byte at or after `i` (JSON whitespace only). */
export function skipWs(b: Uint8Array, i: number, end: number): number {
  while (i < end) {
    const c = b[i];
    // Compact JSON has no whitespace: the first test settles almost every call.
    if (c > 0x20 || (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09)) break;
    i++;
  }
  return i;
}

/** Index after the string whose opening quote is at `i`, or -1. */
export function skipString(b: Uint8Array, i: number, end: number): number {
  let j = i + 1;
  for (;;) {
    let c = 0;
    while (j < end && (c = b[j]) !== QUOTE && c !== BACKSLASH && c >= 0x20) j++;
    if (j >= end) return -1;
    if (c === QUOTE) return j + 1;
    if (c !== BACKSLASH) return -1; // raw control character
    if (j + 1 >= end) return -1;
    const e = b[j + 1];
    if (e === 0x75) {
      if (j + 5 >= end || HEX[b[j + 2]] === 0 || HEX[b[j + 3]] === 0 || HEX[b[j + 4]] === 0 || HEX[b[j + 5]] === 0) return -1;
      j += 6;
    } else if (e === QUOTE || e === BACKSLASH || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) {
      j += 2;
    } else return -1;
  }
}

/**
 * For the string whose opening quote is at `i`: the index of its closing quote when the
 * body holds no escape and no control character, else -1 (the caller then uses the
 * general path). Used for keys and short values on hot paths.
 */
export function plainStringEnd(b: Uint8Array, i: number, end: number): number {
  let j = i + 1;
  let c = 0;
  while (j < end && (c = b[j]) !== QUOTE && c !== BACKSLASH && c >= 0x20) j++;
  return j < end && c === QUOTE ? j : -1;
}

/** True when bytes [s, e) are all ASCII and hold no backslash (a plain ASCII string body). */
export function isPlainAscii(b: Uint8Array, s: number, e: number): boolean {
  for (let i = s; i < e; i++) {
    const c = b[i];
    if (c >= 0x80 || c === BACKSLASH) return false;
  }
  return true;
}

/** True when bytes [s, e) contain a backslash (an escaped string). */
export function hasBackslash(b: Uint8Array, s: number, e: number): boolean {
  for (let i = s; i < e; i++) if (b[i] === BACKSLASH) return true;
  return false;
}

/** Index after the number starting at `i`, or -1 (JSON number grammar). */
export function skipNumber(b: Uint8Array, i: number, end: number): number {
  // `(byte - 0x30) >>> 0 <= 9` tests for a digit with one comparison.
  let j = i;
  if (j < end && b[j] === 0x2d) j++;
  if (j >= end) return -1;
  const d = b[j] - 0x30;
  if (d >>> 0 > 9) return -1;
  j++;
  if (d !== 0) while (j < end && (b[j] - 0x30) >>> 0 <= 9) j++;
  if (j >= end) return j;
  let c = b[j];
  if (c === 0x2e) {
    j++;
    if (j >= end || (b[j] - 0x30) >>> 0 > 9) return -1;
    j++;
    while (j < end && (b[j] - 0x30) >>> 0 <= 9) j++;
    if (j >= end) return j;
    c = b[j];
  }
  if (c === 0x65 || c === 0x45) {
    j++;
    if (j < end && ((c = b[j]) === 0x2b || c === 0x2d)) j++;
    if (j >= end || (b[j] - 0x30) >>> 0 > 9) return -1;
    j++;
    while (j < end && (b[j] - 0x30) >>> 0 <= 9) j++;
  }
  return j;
}

function skipLiteral(b: Uint8Array, i: number, end: number, c1: number, c2: number, c3: number, c4: number, len: number): number {
  if (i + len > end) return -1;
  if (b[i + 1] !== c1 || b[i + 2] !== c2 || b[i + 3] !== c3) return -1;
  if (len === 5 && b[i + 4] !== c4) return -1;
  return i + len;
}

/** Index after the JSON value starting at `i` (no leading whitespace), or -1. */
export function skipValue(b: Uint8Array, i: number, end: number, depth = 0): number {
  if (i >= end) return -1;
  const c = b[i];
  if (c === QUOTE) return skipString(b, i, end);
  if (c === 0x2d || (c - 0x30) >>> 0 <= 9) return skipNumber(b, i, end);
  if (c === 0x5b) {
    if (depth >= MAX_DEPTH) return -1;
    let j = skipWs(b, i + 1, end);
    if (j < end && b[j] === 0x5d) return j + 1;
    for (;;) {
      if (j >= end) return -1;
      const v = b[j];
      j = v === 0x2d || (v - 0x30) >>> 0 <= 9 ? skipNumber(b, j, end) : skipValue(b, j, end, depth + 1);
      if (j < 0 || j >= end) return -1;
      let d = b[j];
      if (d <= 0x20) {
        j = skipWs(b, j, end);
        if (j >= end) return -1;
        d = b[j];
      }
      if (d === 0x2c) {
        j++;
        if (j < end && b[j] <= 0x20) j = skipWs(b, j, end);
      } else if (d === 0x5d) return j + 1;
      else return -1;
    }
  }
  if (c === 0x7b) {
    if (depth >= MAX_DEPTH) return -1;
    let j = skipWs(b, i + 1, end);
    if (j < end && b[j] === 0x7d) return j + 1;
    for (;;) {
      if (j >= end || b[j] !== QUOTE) return -1;
      j = skipString(b, j, end);
      if (j < 0 || j >= end) return -1;
      if (b[j] <= 0x20) j = skipWs(b, j, end);
      if (j >= end || b[j] !== 0x3a) return -1;
      j++;
      if (j < end && b[j] <= 0x20) j = skipWs(b, j, end);
      j = skipValue(b, j, end, depth + 1);
      if (j < 0 || j >= end) return -1;
      let d = b[j];
      if (d <= 0x20) {
        j = skipWs(b, j, end);
        if (j >= end) return -1;
        d = b[j];
      }
      if (d === 0x2c) {
        j++;
        if (j < end && b[j] <= 0x20) j = skipWs(b, j, end);
      } else if (d === 0x7d) return j + 1;
      else return -1;
    }
  }
  if (c === 0x74) return skipLiteral(b, i, end, 0x72, 0x75, 0x65, 0, 4); // true
  if (c === 0x66) return skipLiteral(b, i, end, 0x61, 0x6c, 0x73, 0x65, 5); // false
  if (c === 0x6e) return skipLiteral(b, i, end, 0x75, 0x6c, 0x6c, 0, 4); // null
  return -1;
}

/** Encodes field names once for {@link keyIndex} / {@link scanObjectFields}. */
export function encodeKeys(keys: readonly string[]): Uint8Array[] {
  const enc = new TextEncoder();
  return keys.map((k) => enc.encode(k));
}

/** Index of the key whose bytes equal b[s, e) in `keys`, or -1. */
export function keyIndex(b: Uint8Array, s: number, e: number, keys: readonly Uint8Array[]): number {
  const len = e - s;
  outer: for (let k = 0; k < keys.length; k++) {
    const key = keys[k];
    if (key.length !== len) continue;
    for (let x = 0; x < len; x++) if (b[s + x] !== key[x]) continue outer;
    return k;
  }
  return -1;
}

/**
 * Scans `b[start, end)` as one JSON object. For each `keys[k]` found at the top level,
 * `out[2k]`/`out[2k+1]` receive the value's byte range [from, to); absent keys get -1.
 * Returns `false` for anything that is not a valid JSON object, and also (so that
 * `JSON.parse` decides) for keys containing escapes or a wanted key given twice.
 */
export function scanObjectFields(b: Uint8Array, start: number, end: number, keys: readonly Uint8Array[], out: Int32Array): boolean {
  out.fill(-1);
  let i = skipWs(b, start, end);
  if (i >= end || b[i] !== 0x7b) return false;
  i = skipWs(b, i + 1, end);
  if (i < end && b[i] === 0x7d) return skipWs(b, i + 1, end) === end;
  for (;;) {
    if (i >= end || b[i] !== QUOTE) return false;
    const ke = skipString(b, i, end);
    if (ke < 0 || hasBackslash(b, i + 1, ke - 1)) return false;
    const k = keyIndex(b, i + 1, ke - 1, keys);
    i = skipWs(b, ke, end);
    if (i >= end || b[i] !== 0x3a) return false;
    i = skipWs(b, i + 1, end);
    const vs = i;
    i = skipValue(b, i, end, 1);
    if (i < 0) return false;
    if (k >= 0) {
      if (out[2 * k] !== -1) return false;
      out[2 * k] = vs;
      out[2 * k + 1] = i;
    }
    i = skipWs(b, i, end);
    if (i >= end) return false;
    if (b[i] === 0x2c) {
      i = skipWs(b, i + 1, end);
      continue;
    }
    if (b[i] === 0x7d) return skipWs(b, i + 1, end) === end;
    return false;
  }
}

// ignoreBOM: keep U+FEFF inside values, as JSON.parse does (a file-initial BOM is removed
// by the line reader).
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

/** The text of bytes [s, e) (UTF-8, invalid sequences as U+FFFD, like the line decoder). */
export function rangeText(b: Uint8Array, s: number, e: number): string {
  if (e - s <= 64) {
    let ascii = true;
    for (let i = s; i < e; i++) {
      if (b[i] >= 0x80) { ascii = false; break; }
    }
    if (ascii) {
      let out = "";
      for (let i = s; i < e; i++) out += String.fromCharCode(b[i]);
      return out;
    }
  }
  return utf8.decode(b.subarray(s, e));
}

/**
 * The string value in [s, e) (a complete value range, quotes included), or `undefined`
 * if the value is not a string or contains escapes (then use `JSON.parse`).
 */
export function readString(b: Uint8Array, s: number, e: number): string | undefined {
  if (s < 0 || b[s] !== QUOTE || e - s < 2 || b[e - 1] !== QUOTE) return undefined;
  if (hasBackslash(b, s + 1, e - 1)) return undefined;
  return rangeText(b, s + 1, e - 1);
}

const POW10 = new Float64Array([1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]);

/**
 * The value of the valid JSON number token in [s, e), identical to `JSON.parse`.
 * Fast path (Clinger): with at most 15 significant digits the digits form an exact
 * integer M, and for a decimal exponent p with |p| <= 22, 10^|p| is exact too, so the
 * single rounding of M·10^p or M/10^-p is the correctly rounded value `JSON.parse`
 * returns. Everything else goes through `Number()` (also correctly rounded).
 */
export function numberAt(b: Uint8Array, s: number, e: number): number {
  let i = s;
  const neg = b[i] === 0x2d;
  if (neg) i++;
  let m = 0;
  let digits = 0;
  let scale = 0;
  let c = 0;
  while (i < e && (c = b[i]) >= 0x30 && c <= 0x39) {
    m = m * 10 + (c - 0x30);
    digits++;
    i++;
  }
  if (i < e && b[i] === 0x2e) {
    i++;
    while (i < e && (c = b[i]) >= 0x30 && c <= 0x39) {
      m = m * 10 + (c - 0x30);
      digits++;
      scale++;
      i++;
    }
  }
  let exp = 0;
  if (i < e && ((c = b[i]) === 0x65 || c === 0x45)) {
    i++;
    let expNeg = false;
    if (i < e && b[i] === 0x2d) { expNeg = true; i++; } else if (i < e && b[i] === 0x2b) i++;
    let v = 0;
    while (i < e && v < 100000) { v = v * 10 + (b[i] - 0x30); i++; }
    exp = expNeg ? -v : v;
  }
  if (i === e && digits <= 15) {
    const p = exp - scale;
    const signed = neg ? -m : m;
    if (p === 0) return signed;
    if (p > 0 && p <= 22) return signed * POW10[p];
    if (p < 0 && p >= -22) return signed / POW10[-p];
  }
  let text = "";
  for (let j = s; j < e; j++) text += String.fromCharCode(b[j]);
  return Number(text);
}

const lastEnd = new Int32Array(1);

/**
 * Validates and converts the JSON number token starting at `i` in one pass; stores the
 * index after it in `endOut[0]` (-1 on a syntax error, then the return value is NaN).
 * Same grammar as {@link skipNumber} and same value as {@link numberAt}.
 */
export function parseNumberToken(b: Uint8Array, i: number, end: number, endOut: Int32Array): number {
  const s = i;
  const neg = i < end && b[i] === 0x2d;
  if (neg) i++;
  if (i >= end) { endOut[0] = -1; return Number.NaN; }
  let c = b[i];
  let m = 0;
  let digits = 0;
  let scale = 0;
  if (c === 0x30) {
    i++;
    digits = 1;
  } else if (c >= 0x31 && c <= 0x39) {
    do {
      m = m * 10 + (c - 0x30);
      digits++;
      i++;
    } while (i < end && (c = b[i]) >= 0x30 && c <= 0x39);
  } else { endOut[0] = -1; return Number.NaN; }
  if (i < end && b[i] === 0x2e) {
    i++;
    if (i >= end || (c = b[i]) < 0x30 || c > 0x39) { endOut[0] = -1; return Number.NaN; }
    do {
      m = m * 10 + (c - 0x30);
      digits++;
      scale++;
      i++;
    } while (i < end && (c = b[i]) >= 0x30 && c <= 0x39);
  }
  if (i < end && ((c = b[i]) === 0x65 || c === 0x45)) {
    const k = skipNumber(b, s, end);
    endOut[0] = k;
    return k < 0 ? Number.NaN : numberAt(b, s, k);
  }
  endOut[0] = i;
  if (digits <= 15 && scale <= 22) {
    const signed = neg ? -m : m;
    return scale === 0 ? signed : signed / POW10[scale];
  }
  return numberAt(b, s, i);
}

/** The number value in [s, e), or `undefined` if it is not exactly one number token. */
export function readNumber(b: Uint8Array, s: number, e: number): number | undefined {
  if (s < 0) return undefined;
  const c = b[s];
  if (c !== 0x2d && (c < 0x30 || c > 0x39)) return undefined;
  if (skipNumber(b, s, e) !== e) return undefined;
  return numberAt(b, s, e);
}

/**
 * Reads the array starting at `i` (`[`), whose elements must be numbers or `null`, into
 * `out` (null → NaN) and returns the index after `]`; -1 on a syntax error, -2 when an
 * element is of another type or there are more than `out.length` elements (use
 * `JSON.parse`). The element count is stored in `count[0]`.
 */
export function readNumberArrayInto(b: Uint8Array, i: number, end: number, out: Float64Array, count: Int32Array): number {
  count[0] = 0;
  if (i >= end || b[i] !== 0x5b) return -2;
  let j = i + 1;
  if (j < end && b[j] <= 0x20) j = skipWs(b, j, end);
  if (j < end && b[j] === 0x5d) return j + 1;
  let n = 0;
  const cap = out.length;
  for (;;) {
    if (j >= end) return -1;
    const start = j;
    let c = b[j];
    let neg = false;
    if (c === 0x2d) {
      neg = true;
      j++;
      if (j >= end) return -1;
      c = b[j];
    }
    let d = c - 0x30;
    if (d >>> 0 <= 9) {
      if (n >= cap) return -2;
      // Inline form of parseNumberToken for plain decimals; exponents take the general path.
      let m = d;
      let digits = 1;
      let scale = 0;
      j++;
      if (d !== 0) {
        while (j < end && (d = b[j] - 0x30) >>> 0 <= 9) {
          m = m * 10 + d;
          digits++;
          j++;
        }
      }
      if (j < end && b[j] === 0x2e) {
        j++;
        if (j >= end || (d = b[j] - 0x30) >>> 0 > 9) return -1;
        do {
          m = m * 10 + d;
          digits++;
          scale++;
          j++;
        } while (j < end && (d = b[j] - 0x30) >>> 0 <= 9);
      }
      if (j < end && ((c = b[j]) === 0x65 || c === 0x45)) {
        const v = parseNumberToken(b, start, end, lastEnd);
        if (lastEnd[0] < 0) return -1;
        out[n++] = v;
        j = lastEnd[0];
      } else if (digits <= 15) {
        // At most 15 digits: M is exact and scale <= 15, so one correctly rounded division.
        const signed = neg ? -m : m;
        out[n++] = scale === 0 ? signed : signed / POW10[scale];
      } else {
        out[n++] = numberAt(b, start, j);
      }
    } else if (neg) {
      return -1;
    } else if (c === 0x6e) {
      const k = skipLiteral(b, j, end, 0x75, 0x6c, 0x6c, 0, 4);
      if (k < 0) return -1;
      if (n >= cap) return -2;
      out[n++] = Number.NaN;
      j = k;
    } else {
      return skipValue(b, j, end) < 0 ? -1 : -2;
    }
    if (j >= end) return -1;
    c = b[j];
    if (c <= 0x20) {
      j = skipWs(b, j, end);
      if (j >= end) return -1;
      c = b[j];
    }
    if (c === 0x2c) {
      j++;
      if (j < end && b[j] <= 0x20) j = skipWs(b, j, end);
    } else if (c === 0x5d) {
      count[0] = n;
      return j + 1;
    } else return -1;
  }
}

/**
 * The array of numbers in [s, e), or `undefined` if the value is not an array made only
 * of numbers (e.g. it holds null or strings; then use `JSON.parse`).
 */
export function readNumberArray(b: Uint8Array, s: number, e: number): number[] | undefined {
  if (s < 0 || b[s] !== 0x5b) return undefined;
  const out: number[] = [];
  let i = skipWs(b, s + 1, e);
  if (i < e && b[i] === 0x5d) return i + 1 === e ? out : undefined;
  for (;;) {
    if (i >= e) return undefined;
    const c = b[i];
    if (c !== 0x2d && (c < 0x30 || c > 0x39)) return undefined;
    const j = skipNumber(b, i, e);
    if (j < 0) return undefined;
    out.push(numberAt(b, i, j));
    i = skipWs(b, j, e);
    if (i >= e) return undefined;
    if (b[i] === 0x2c) {
      i = skipWs(b, i + 1, e);
      continue;
    }
    if (b[i] === 0x5d) return i + 1 === e ? out : undefined;
    return undefined;
  }
}

/** Parses the value in [s, e) with `JSON.parse` (the general fallback). */
export function parseRange(b: Uint8Array, s: number, e: number): unknown {
  return JSON.parse(rangeText(b, s, e));
}
