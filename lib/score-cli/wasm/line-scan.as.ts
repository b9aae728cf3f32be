// AssemblyScript source (compiled to WebAssembly by lib/score-cli/line-scan.ts; not part of
// the TypeScript project). The VCBench scorer's hot path: one call per JSONL line validates
// the whole line as JSON and reads the few fields scoring needs, at a few machine
// instructions a byte. It only ever ACCEPTS (returns 1) a line the JavaScript fast path of
// lib/score-cli/vcbench.ts would accept with the same result; anything else (escapes in
// wanted keys, numbers with exponents or more than 15 digits, other shapes) returns 0 and
// the JavaScript paths decide. Tests hold the two to the same answers.
//
// Memory layout (addresses in bytes; JavaScript owns everything from BUF on):
//   [OUT_A, +8*CAP) [OUT_B, +8*CAP) [OUT_C, +8*CAP)   f64 outputs (null -> NaN)
//   [RES, +32)                                           i32 results of the last accepted line:
//       0 idStart, 1 idEnd, 2 idAscii (1: all ASCII), 3 subtype, 4 count of A, 5 of B,
//       6 of C, 7 present (bit 0 A predictions, bit 1 B query_times, bit 2 C gts)
//   [BUF, ...)                                           the line reader's buffer
// (Results go through memory: JavaScript reads an Int32Array there far faster than
// exported globals.)

export const CAP: i32 = 65536;
export const OUT_A: i32 = 65536;
export const OUT_B: i32 = OUT_A + 8 * CAP;
export const OUT_C: i32 = OUT_B + 8 * CAP;
export const RES: i32 = OUT_C + 8 * CAP;
export const BUF: i32 = RES + 64;

const MAX_DEPTH: i32 = 256;

let idStart: i32 = 0;
let idEnd: i32 = 0;
let subtype: i32 = -1;
/** Element counts of outputs A, B and C (three i32 in static memory: nothing is allocated). */
const LIST_COUNTS: usize = memory.data(12);
let present: i32 = 0;

function publish(): void {
  store<i32>(RES, idStart);
  store<i32>(RES + 4, idEnd);
  store<i32>(RES + 8, asciiOnly(idStart, idEnd));
  store<i32>(RES + 12, subtype);
  store<i32>(RES + 16, load<i32>(LIST_COUNTS));
  store<i32>(RES + 20, load<i32>(LIST_COUNTS + 4));
  store<i32>(RES + 24, load<i32>(LIST_COUNTS + 8));
  store<i32>(RES + 28, present);
}

let count: i32 = 0;

// @ts-ignore: decorator
@inline function isDigit(c: u32): bool {
  return c - 0x30 <= 9;
}

function skipWs(i: i32, end: i32): i32 {
  while (i < end) {
    const c = load<u8>(i);
    if (c != 0x20 && c != 0x0a && c != 0x0d && c != 0x09) break;
    i++;
  }
  return i;
}

function isHex(c: u32): bool {
  return c - 0x30 <= 9 || (c | 0x20) - 0x61 <= 5;
}

/** Index after the string whose quote is at i, or -1 (escapes and control characters as JSON). */
function skipString(i: i32, end: i32): i32 {
  let j = i + 1;
  while (j < end) {
    const c = <u32>load<u8>(j);
    if (c == 0x22) return j + 1;
    if (c < 0x20) return -1;
    if (c == 0x5c) {
      if (j + 1 >= end) return -1;
      const e = <u32>load<u8>(j + 1);
      if (e == 0x75) {
        if (j + 5 >= end) return -1;
        if (!isHex(load<u8>(j + 2)) || !isHex(load<u8>(j + 3)) || !isHex(load<u8>(j + 4)) || !isHex(load<u8>(j + 5))) return -1;
        j += 6;
        continue;
      }
      if (e == 0x22 || e == 0x5c || e == 0x2f || e == 0x62 || e == 0x66 || e == 0x6e || e == 0x72 || e == 0x74) {
        j += 2;
        continue;
      }
      return -1;
    }
    j++;
  }
  return -1;
}

/** Closing quote of a string with no escape and no control character, or -1. */
function plainStringEnd(i: i32, end: i32): i32 {
  let j = i + 1;
  while (j < end) {
    const c = <u32>load<u8>(j);
    if (c == 0x22) return j;
    if (c == 0x5c || c < 0x20) return -1;
    j++;
  }
  return -1;
}

function skipNumber(i: i32, end: i32): i32 {
  let j = i;
  if (j < end && load<u8>(j) == 0x2d) j++;
  if (j >= end) return -1;
  const d = <u32>load<u8>(j) - 0x30;
  if (d > 9) return -1;
  j++;
  if (d != 0) while (j < end && isDigit(load<u8>(j))) j++;
  if (j >= end) return j;
  let c = <u32>load<u8>(j);
  if (c == 0x2e) {
    j++;
    if (j >= end || !isDigit(load<u8>(j))) return -1;
    j++;
    while (j < end && isDigit(load<u8>(j))) j++;
    if (j >= end) return j;
    c = load<u8>(j);
  }
  if (c == 0x65 || c == 0x45) {
    j++;
    if (j < end) {
      const s = <u32>load<u8>(j);
      if (s == 0x2b || s == 0x2d) j++;
    }
    if (j >= end || !isDigit(load<u8>(j))) return -1;
    j++;
    while (j < end && isDigit(load<u8>(j))) j++;
  }
  return j;
}

function skipLiteral(i: i32, end: i32, word: u64, len: i32): i32 {
  if (i + len > end) return -1;
  for (let k = 0; k < len; k++) {
    if (<u64>load<u8>(i + k) != ((word >> (8 * k)) & 0xff)) return -1;
  }
  return i + len;
}

/** Index after the JSON value at i (no leading whitespace), or -1. */
export function skipValue(i: i32, end: i32, depth: i32): i32 {
  if (i >= end) return -1;
  const c = <u32>load<u8>(i);
  if (c == 0x22) return skipString(i, end);
  if (c == 0x2d || isDigit(c)) return skipNumber(i, end);
  if (c == 0x5b || c == 0x7b) {
    if (depth >= MAX_DEPTH) return -1;
    const object = c == 0x7b;
    const close: u32 = object ? 0x7d : 0x5d;
    let j = skipWs(i + 1, end);
    if (j < end && load<u8>(j) == close) return j + 1;
    while (true) {
      if (object) {
        if (j >= end || load<u8>(j) != 0x22) return -1;
        j = skipString(j, end);
        if (j < 0) return -1;
        j = skipWs(j, end);
        if (j >= end || load<u8>(j) != 0x3a) return -1;
        j = skipWs(j + 1, end);
      }
      j = skipValue(j, end, depth + 1);
      if (j < 0) return -1;
      j = skipWs(j, end);
      if (j >= end) return -1;
      const d = <u32>load<u8>(j);
      if (d == 0x2c) j = skipWs(j + 1, end);
      else if (d == close) return j + 1;
      else return -1;
    }
    return -1; // unreachable
  }
  if (c == 0x74) return skipLiteral(i, end, 0x65757274, 4); // true
  if (c == 0x66) return skipLiteral(i, end, 0x65736c6166, 5); // false
  if (c == 0x6e) return skipLiteral(i, end, 0x6c6c756e, 4); // null
  return -1;
}

/**
 * The array at i (`[`) of numbers or null into f64s at `out` (null -> NaN); the count goes to
 * `count`. Returns the index after `]`, -1 on a syntax error, -2 for anything the JavaScript
 * reader has to decide (another element type, more than CAP elements, an exponent, more than
 * 15 digits).
 */
function readNumbers(i: i32, end: i32, out: i32): i32 {
  count = 0;
  if (i >= end || load<u8>(i) != 0x5b) return -2;
  let j = skipWs(i + 1, end);
  if (j < end && load<u8>(j) == 0x5d) return j + 1;
  let n = 0;
  while (true) {
    if (j >= end) return -1;
    let c = <u32>load<u8>(j);
    let neg = false;
    if (c == 0x2d) {
      neg = true;
      j++;
      if (j >= end) return -1;
      c = load<u8>(j);
    }
    let d = c - 0x30;
    if (d <= 9) {
      if (n >= CAP) return -2;
      let m: f64 = <f64>d;
      let digits = 1;
      let scale = 0;
      j++;
      if (d != 0) {
        while (j < end) {
          d = <u32>load<u8>(j) - 0x30;
          if (d > 9) break;
          m = m * 10 + <f64>d;
          digits++;
          j++;
        }
      }
      if (j < end && load<u8>(j) == 0x2e) {
        j++;
        if (j >= end) return -1;
        d = <u32>load<u8>(j) - 0x30;
        if (d > 9) return -1;
        while (true) {
          m = m * 10 + <f64>d;
          digits++;
          scale++;
          j++;
          if (j >= end) break;
          d = <u32>load<u8>(j) - 0x30;
          if (d > 9) break;
        }
      }
      if (j < end) {
        const e = <u32>load<u8>(j);
        if (e == 0x65 || e == 0x45) return -2;
      }
      if (digits > 15) return -2;
      const v = neg ? -m : m;
      store<f64>(out + 8 * n, scale == 0 ? v : v / pow10(scale));
      n++;
    } else if (neg) {
      return -1;
    } else if (c == 0x6e) {
      const k = skipLiteral(j, end, 0x6c6c756e, 4);
      if (k < 0) return -1;
      if (n >= CAP) return -2;
      store<f64>(out + 8 * n, NaN);
      n++;
      j = k;
    } else {
      return skipValue(j, end, 1) < 0 ? -1 : -2;
    }
    j = skipWs(j, end);
    if (j >= end) return -1;
    c = load<u8>(j);
    if (c == 0x2c) j = skipWs(j + 1, end);
    else if (c == 0x5d) {
      count = n;
      return j + 1;
    } else return -1;
  }
  return -1; // unreachable
}

// @ts-ignore: decorator
@inline function pow10(k: i32): f64 {
  // 10^k for 0 <= k <= 15, exact.
  let p: f64 = 1;
  for (let x = 0; x < k; x++) p *= 10;
  return p;
}

/** True when bytes [s, e) equal the ASCII text `key`. */
function equalsKey(s: i32, e: i32, key: string): bool {
  const len = key.length;
  if (e - s != len) return false;
  for (let k = 0; k < len; k++) {
    if (<i32>load<u8>(s + k) != key.charCodeAt(k)) return false;
  }
  return true;
}

function asciiOnly(s: i32, e: i32): i32 {
  for (let k = s; k < e; k++) if (load<u8>(k) >= 0x80) return 0;
  return 1;
}

function subtypeIndex(s: i32, e: i32): i32 {
  if (equalsKey(s, e, "O1-Snap")) return 0;
  if (equalsKey(s, e, "O1-Delta")) return 1;
  if (equalsKey(s, e, "O2-Unique")) return 2;
  if (equalsKey(s, e, "O2-Gain")) return 3;
  if (equalsKey(s, e, "E1-Action")) return 4;
  if (equalsKey(s, e, "E1-Transit")) return 5;
  if (equalsKey(s, e, "E2-Periodic")) return 6;
  if (equalsKey(s, e, "E2-Episode")) return 7;
  return -1;
}

let keyEnd: i32 = 0;

/** At a member's key (`"…"` then `:`): the value's index (whitespace skipped), or -1; `keyEnd` = the key's closing quote. */
function memberValue(i: i32, end: i32): i32 {
  if (i >= end || load<u8>(i) != 0x22) return -1;
  const q = plainStringEnd(i, end);
  if (q < 0) return -1;
  keyEnd = q;
  let j = skipWs(q + 1, end);
  if (j >= end || load<u8>(j) != 0x3a) return -1;
  return skipWs(j + 1, end);
}

/** After a member's value: index of the next key, END_OF_OBJECT, or -1. */
const END_OF_OBJECT: i32 = -2;
function nextMember(j: i32, end: i32, close: u32): i32 {
  j = skipWs(j, end);
  if (j >= end) return -1;
  const d = <u32>load<u8>(j);
  if (d == 0x2c) return skipWs(j + 1, end);
  if (d == close) {
    keyEnd = j + 1;
    return END_OF_OBJECT;
  }
  return -1;
}

/** The id's value at i, a non-empty string without escapes: sets idStart/idEnd; the index after it, or -1. */
function readId(i: i32, e: i32): i32 {
  if (i >= e || load<u8>(i) != 0x22) return -1;
  const q = plainStringEnd(i, e);
  if (q < 0 || q - i <= 1) return -1;
  idStart = i + 1;
  idEnd = q;
  return q + 1;
}

const LINE_DONE: i32 = -3;

/** After a top-level member's value: index of the next key, LINE_DONE (the object closes and only whitespace follows), or -1. */
function nextTopMember(i: i32, e: i32): i32 {
  const j = nextMember(i, e, 0x7d);
  if (j == END_OF_OBJECT) return skipWs(keyEnd, e) == e ? LINE_DONE : -1;
  return j;
}

/**
 * A truth line `{"id": "…", "counting_subtype": "…", "query_points": {"time": [...], "count": [...]}, …}`:
 * 1 when it is valid JSON with exactly what scoring accepts (id a non-empty plain string,
 * one of the eight subtypes, time and count equally long non-empty lists of finite numbers,
 * no wanted key repeated); times to OUT_A, counts to OUT_B (with their count). Else 0.
 */
export function truthLine(s: i32, e: i32): i32 {
  let i = skipWs(s, e);
  if (i >= e || load<u8>(i) != 0x7b) return 0;
  i = skipWs(i + 1, e);
  let seen = 0;
  while (true) {
    const ks = i + 1;
    i = memberValue(i, e);
    if (i < 0) return 0;
    const ke = keyEnd;
    if (equalsKey(ks, ke, "id")) {
      if (seen & 1) return 0;
      seen |= 1;
      i = readId(i, e);
      if (i < 0) return 0;
    } else if (equalsKey(ks, ke, "counting_subtype")) {
      if (seen & 2) return 0;
      seen |= 2;
      if (i >= e || load<u8>(i) != 0x22) return 0;
      const q = plainStringEnd(i, e);
      if (q < 0) return 0;
      subtype = subtypeIndex(i + 1, q);
      if (subtype < 0) return 0;
      i = q + 1;
    } else if (equalsKey(ks, ke, "query_points")) {
      if (seen & 4) return 0;
      seen |= 4;
      if (i >= e || load<u8>(i) != 0x7b) return 0;
      i = skipWs(i + 1, e);
      let qseen = 0;
      while (true) {
        const qs = i + 1;
        i = memberValue(i, e);
        if (i < 0) return 0;
        // List k (0 time, 1 count) into output k.
        const k = equalsKey(qs, keyEnd, "time") ? 0 : equalsKey(qs, keyEnd, "count") ? 1 : -1;
        if (k >= 0) {
          if (qseen & (1 << k)) return 0;
          qseen |= 1 << k;
          i = readNumbers(i, e, OUT_A + 8 * CAP * k);
          if (i < 0) return 0;
          store<i32>(LIST_COUNTS + 4 * k, count);
        } else {
          i = skipValue(i, e, 2);
          if (i < 0) return 0;
        }
        i = nextMember(i, e, 0x7d);
        if (i == END_OF_OBJECT) {
          i = keyEnd;
          break;
        }
        if (i < 0) return 0;
      }
      if (qseen != 3) return 0;
    } else {
      i = skipValue(i, e, 1);
      if (i < 0) return 0;
    }
    i = nextTopMember(i, e);
    if (i == LINE_DONE) break;
    if (i < 0) return 0;
  }
  const n = load<i32>(LIST_COUNTS);
  if (seen != 7 || n == 0 || n != load<i32>(LIST_COUNTS + 4)) return 0;
  for (let k = 0; k < n; k++) {
    if (!isFinite(load<f64>(OUT_A + 8 * k)) || !isFinite(load<f64>(OUT_B + 8 * k))) return 0;
  }
  publish();
  return 1;
}

/** Which prediction list the key b[ks, ke) names: 0 predictions, 1 query_times, 2 gts, or -1. */
function predList(ks: i32, ke: i32): i32 {
  if (equalsKey(ks, ke, "predictions")) return 0;
  if (equalsKey(ks, ke, "query_times")) return 1;
  if (equalsKey(ks, ke, "gts")) return 2;
  return -1;
}

/**
 * A unified prediction line `{"id": "…", "predictions": [...], "query_times": [...], "gts": [...], …}`:
 * 1 when it is valid JSON whose id is a non-empty plain string and whose predictions,
 * query_times and gts (each optional) are lists of numbers or null, with no other field the
 * scorer reads (query_time, query_index, prediction, pred) and no wanted key repeated;
 * predictions to OUT_A, query times to OUT_B, gts to OUT_C (bits of `present`). Else 0.
 */
export function predLine(s: i32, e: i32): i32 {
  let i = skipWs(s, e);
  if (i >= e || load<u8>(i) != 0x7b) return 0;
  i = skipWs(i + 1, e);
  let seen = 0;
  present = 0;
  while (true) {
    const ks = i + 1;
    i = memberValue(i, e);
    if (i < 0) return 0;
    const ke = keyEnd;
    if (equalsKey(ks, ke, "id")) {
      if (seen & 1) return 0;
      seen |= 1;
      i = readId(i, e);
      if (i < 0) return 0;
    } else if (predList(ks, ke) >= 0) {
      // List k (0 predictions, 1 query_times, 2 gts) into output k.
      const k = predList(ks, ke);
      if (seen & (2 << k)) return 0;
      seen |= 2 << k;
      i = readNumbers(i, e, OUT_A + 8 * CAP * k);
      if (i < 0) return 0;
      store<i32>(LIST_COUNTS + 4 * k, count);
      present |= 1 << k;
    } else if (equalsKey(ks, ke, "query_time") || equalsKey(ks, ke, "query_index") || equalsKey(ks, ke, "prediction") || equalsKey(ks, ke, "pred")) {
      return 0;
    } else {
      i = skipValue(i, e, 1);
      if (i < 0) return 0;
    }
    i = nextTopMember(i, e);
    if (i == LINE_DONE) break;
    if (i < 0) return 0;
  }
  if ((seen & 1) == 0 || (present & 1) == 0) return 0;
  publish();
  return 1;
}
