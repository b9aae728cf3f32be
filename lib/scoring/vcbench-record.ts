/**
 * One VCBench prediction record as the reader sees it (`vcbench-reader.ts`), filled either by
 * the byte scanner (`fastPredLine`, for lines of the usual simple shape: no JavaScript object is
 * made) or from `JSON.parse` (`recordFromObject`, for anything else). Both fill the same fields
 * with the same values, so the rules apply to one shape. No filesystem access.
 */
import { encodeKeys, hasBackslash, isPlainAscii, keyIndex, numberAt, plainStringEnd, rangeText, readNumberArrayInto, skipNumber, skipString, skipValue, skipWs } from "./json-scan";

/** The most values one list of a line may hold on the fast path (longer lists take `JSON.parse`). */
export const MAX_POINTS_PER_LINE = 1 << 16;

/** Index of the last key read by {@link readKey} in its key list, or -1. */
export const keyFound = new Int32Array(1);


// The truth file's numbers never take the number reader's branches for null, exponents or
// spaces, but the predictions' do. Running them here gives V8 type feedback for them, so the
// reader optimised while reading the truth is not thrown away (and recompiled) at the first
// null prediction. (A few calls: V8 records feedback only once a function has been called
// several times.)
{
  const sample = Buffer.from("[ -0.5e-1 ,null, 2,0.25]");
  const out = new Float64Array(4);
  const count = new Int32Array(1);
  for (let k = 0; k < 32; k++) readNumberArrayInto(sample, 0, sample.length, out, count);
}

/**
 * Reads an unescaped `"key":` at `i` of a fast-path object; returns the position of the
 * value (whitespace skipped) or -1, and stores the key's index in `keys` (or -1) in
 * `keyFound[0]`.
 */
export function readKey(b: Uint8Array, i: number, e: number, keys: readonly Uint8Array[]): number {
  if (i >= e || b[i] !== 0x22) return -1;
  const q = plainStringEnd(b, i, e);
  if (q < 0) return -1;
  keyFound[0] = keyIndex(b, i + 1, q, keys);
  i = skipWs(b, q + 1, e);
  if (i >= e || b[i] !== 0x3a) return -1;
  return skipWs(b, i + 1, e);
}

/** A list-valued field of a prediction record: numbers/null in `buf`, or a raw JSON value. */
export class ListField {
  present = false;
  numeric = false;
  n = 0;
  buf = new Float64Array(MAX_POINTS_PER_LINE);
  raw: unknown = undefined;
  reset(): void {
    this.present = false;
    this.numeric = false;
    this.n = 0;
    this.raw = undefined;
  }
  /** Takes the first `n` numbers of `values` (NaN = null). */
  setNumbers(values: Float64Array, n: number): void {
    this.present = true;
    this.numeric = true;
    this.n = n;
    const buf = this.buf;
    for (let k = 0; k < n; k++) buf[k] = values[k];
  }
  /** Takes a raw JSON value (slow path), keeping it numeric when it is a list of numbers/null. */
  setRaw(value: unknown): void {
    this.present = true;
    this.raw = value;
    this.numeric = false;
    if (Array.isArray(value) && value.length <= this.buf.length) {
      for (let k = 0; k < value.length; k++) {
        const x = value[k];
        if (x === null) this.buf[k] = Number.NaN;
        else if (typeof x === "number") this.buf[k] = x;
        else return;
      }
      this.numeric = true;
      this.n = value.length;
    }
  }
  get isList(): boolean {
    return this.numeric || Array.isArray(this.raw);
  }
  get length(): number {
    return this.numeric ? this.n : Array.isArray(this.raw) ? this.raw.length : 0;
  }
  at(k: number): unknown {
    if (this.numeric) {
      const v = this.buf[k];
      return Number.isNaN(v) ? null : v;
    }
    return (this.raw as unknown[])[k];
  }
}

/** One prediction record, filled either by the fast scanner or from `JSON.parse`. */
export class PredRecord {
  /** Slow path (or a non-string id): the parsed value. */
  id: unknown = undefined;
  /** Fast path: the id is the string body b[idStart, idEnd) (no escapes). */
  idFast = false;
  idAscii = false;
  bytes: Uint8Array = new Uint8Array(0);
  idStart = 0;
  idEnd = 0;
  /** The id as text, once built (only when a message needs it). */
  idText: string | undefined = undefined;
  predictions = new ListField();
  queryTimes = new ListField();
  gts = new ListField();
  hasQueryTime = false;
  queryTime: unknown = undefined;
  hasQueryIndex = false;
  queryIndex: unknown = undefined;
  hasPrediction = false;
  prediction: unknown = undefined;
  hasPred = false;
  pred: unknown = undefined;
  reset(): void {
    this.id = undefined;
    this.idFast = false;
    this.idText = undefined;
    this.predictions.reset();
    this.queryTimes.reset();
    this.gts.reset();
    this.hasQueryTime = this.hasQueryIndex = this.hasPrediction = this.hasPred = false;
    this.queryTime = this.queryIndex = this.prediction = this.pred = undefined;
  }
}

const PRED_KEYS = encodeKeys(["id", "predictions", "query_times", "gts", "query_time", "query_index", "prediction", "pred"]);

/** Reads a scalar value: number, null, or string without escapes; `undefined` = use JSON.parse. */
function fastScalar(b: Uint8Array, i: number, e: number, out: { end: number }): unknown {
  const c = b[i];
  if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
    const j = skipNumber(b, i, e);
    if (j < 0) return undefined;
    out.end = j;
    return numberAt(b, i, j);
  }
  if (c === 0x22) {
    const j = skipString(b, i, e);
    if (j < 0 || hasBackslash(b, i + 1, j - 1)) return undefined;
    out.end = j;
    return rangeText(b, i + 1, j - 1);
  }
  if (c === 0x6e && i + 4 <= e && b[i + 1] === 0x75 && b[i + 2] === 0x6c && b[i + 3] === 0x6c) {
    out.end = i + 4;
    return null;
  }
  return undefined;
}

/**
 * Fast path for a prediction line: true (with `r` filled) only for a valid JSON object
 * whose wanted fields have simple shapes (string id without escapes; lists of numbers or
 * null; scalar numbers, null or unescaped strings); false otherwise (use `JSON.parse`).
 */
export function fastPredLine(b: Uint8Array, s: number, e: number, r: PredRecord, end: { end: number }, n: Int32Array): boolean {
  r.reset();
  let i = skipWs(b, s, e);
  if (i >= e || b[i] !== 0x7b) return false;
  i = skipWs(b, i + 1, e);
  if (i < e && b[i] === 0x7d) return skipWs(b, i + 1, e) === e;
  let seen = 0;
  for (;;) {
    i = readKey(b, i, e, PRED_KEYS);
    if (i < 0 || i >= e) return false;
    const k = keyFound[0];
    if (k >= 0) {
      if (seen & (1 << k)) return false;
      seen |= 1 << k;
    }
    if (k === 1 || k === 2 || k === 3) {
      const f = k === 1 ? r.predictions : k === 2 ? r.queryTimes : r.gts;
      const j = readNumberArrayInto(b, i, e, f.buf, n);
      if (j < 0) return false;
      f.present = true;
      f.numeric = true;
      f.n = n[0];
      i = j;
    } else if (k === 0 && b[i] === 0x22) {
      const q = plainStringEnd(b, i, e);
      if (q < 0) return false;
      r.idFast = true;
      r.bytes = b;
      r.idStart = i + 1;
      r.idEnd = q;
      r.idAscii = isPlainAscii(b, i + 1, q);
      i = q + 1;
    } else if (k >= 0) {
      const v = fastScalar(b, i, e, end);
      if (v === undefined) return false;
      i = end.end;
      if (k === 0) r.id = v;
      else if (k === 4) { r.hasQueryTime = true; r.queryTime = v; }
      else if (k === 5) { r.hasQueryIndex = true; r.queryIndex = v; }
      else if (k === 6) { r.hasPrediction = true; r.prediction = v; }
      else { r.hasPred = true; r.pred = v; }
    } else {
      i = skipValue(b, i, e, 1);
      if (i < 0) return false;
    }
    i = skipWs(b, i, e);
    if (i >= e) return false;
    if (b[i] === 0x2c) { i = skipWs(b, i + 1, e); continue; }
    if (b[i] === 0x7d) return skipWs(b, i + 1, e) === e;
    return false;
  }
}

/** Fills `r` from a parsed object (slow path), honouring `--answer-column`. */
export function recordFromObject(o: Record<string, unknown>, r: PredRecord, answerColumn: string | undefined): void {
  r.reset();
  const has = (k: string) => Object.prototype.hasOwnProperty.call(o, k);
  r.id = o.id;
  if (answerColumn && has(answerColumn)) {
    const v = o[answerColumn];
    if (Array.isArray(v)) r.predictions.setRaw(v);
    else { r.hasPrediction = true; r.prediction = v; }
  } else if (!answerColumn) {
    if (has("predictions")) r.predictions.setRaw(o.predictions);
    if (has("prediction")) { r.hasPrediction = true; r.prediction = o.prediction; }
    if (has("pred")) { r.hasPred = true; r.pred = o.pred; }
  }
  if (has("query_times")) r.queryTimes.setRaw(o.query_times);
  if (has("gts")) r.gts.setRaw(o.gts);
  if (has("query_time")) { r.hasQueryTime = true; r.queryTime = o.query_time; }
  if (has("query_index")) { r.hasQueryIndex = true; r.queryIndex = o.query_index; }
}


/** The id of a prediction record as text (built once, only for messages). */
export function idOf(r: PredRecord): string {
  return (r.idText ??= r.idFast ? rangeText(r.bytes, r.idStart, r.idEnd) : String(r.id));
}
