import "server-only";
import { statSync } from "node:fs";
import {
  VCBENCH_SUBTYPES,
  VcbenchAggregator,
  parseVcbenchPrediction,
  scoreVcbenchQuestion,
  type VcbenchQuestionInput,
  type VcbenchQuestionScore,
  type VcbenchVariant,
} from "@/lib/metrics/vcbench";
import { ByteIdTable } from "./id-table";
import { encodeKeys, hasBackslash, isPlainAscii, keyIndex, numberAt, plainStringEnd, rangeText, readNumberArrayInto, skipNumber, skipString, skipValue, skipWs } from "./json-scan";
import { FileReadError, LineReader, decodeLine, malformedJsonProblem } from "@/lib/scoring/read-lines";
import { ProblemLog } from "@/lib/scoring/problem-log";
import { VcbenchResultWriter } from "./vcbench-result-writer";
import type { ScoreCliOptions, ScoreCliOutput } from "./types";

/**
 * Native-file scorer for VCBench.
 *
 * Truth: `vcbench_data.jsonl` (one question a line; only `id`, `counting_subtype` and
 * `query_points` are used). Predictions (JSONL, formats may be mixed line by line):
 * - unified `{id, predictions: [...], query_times?: [...], gts?: [...]}` — the output of
 *   the reference `unify_results.py`; `predictions` aligned with the truth's query points
 *   in stored order, or matched by `query_times` when given;
 * - per point `{id, query_time, prediction}` (or `pred`, or `query_index` instead of
 *   `query_time`) — the raw model output of the reference `demo_gemini.py`.
 * `--answer-column NAME` names the field holding the prediction (per point) or the list
 * of predictions (unified). Query times match the truth's within ±0.051 s (the real
 * files round times differently; query points are at least 0.1 s apart).
 * Problems (reported, never fatal): malformed lines, invalid truth records, unknown ids,
 * unknown query times, duplicate questions/points (the last one wins), invalid answers
 * (excluded from the metrics), missing points and questions (not scored), `gts` in the
 * predictions that differ from the truth (the truth is used).
 *
 * Speed: lines are streamed; valid lines are read by a single-pass byte scanner
 * (`json-scan.ts`) straight into typed arrays; anything unusual goes through
 * `JSON.parse` and the shared validators, so both paths accept and reject the same lines.
 */

const TIME_TOLERANCE = 0.051;
const MAX_POINTS_PER_LINE = 1 << 16;
const TRUTH_KEYS = encodeKeys(["id", "counting_subtype", "query_points"]);
const QP_KEYS = encodeKeys(["time", "count"]);
const SUBTYPE_KEYS = encodeKeys(VCBENCH_SUBTYPES);
const SUBTYPE_CODE = new Map<string, number>(VCBENCH_SUBTYPES.map((st, i) => [st, i]));

/**
 * Typed arrays that grow by doubling. Sized up front from the file size (see
 * {@link readTruth}): a large zero-filled typed array costs no resident memory until it is
 * written, and never growing mid-file keeps the optimised hot loop from being thrown away
 * (and recompiled) the first time a growth branch runs.
 */
class GrowableF64 {
  data: Float64Array;
  length = 0;
  constructor(capacity: number) {
    this.data = new Float64Array(Math.max(1 << 10, capacity));
  }
  append(src: ArrayLike<number>, n: number): void {
    if (this.length + n > this.data.length) {
      let cap = this.data.length * 2;
      while (cap < this.length + n) cap *= 2;
      const next = new Float64Array(cap);
      next.set(this.data.subarray(0, this.length));
      this.data = next;
    }
    for (let i = 0; i < n; i++) this.data[this.length + i] = src[i];
    this.length += n;
  }
}

class GrowableI32 {
  data: Int32Array;
  length = 0;
  constructor(capacity: number) {
    this.data = new Int32Array(Math.max(1 << 10, capacity));
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
}

/** Truth questions packed into typed arrays (16 bytes per query point + per-question). */
class TruthStore {
  table: ByteIdTable;
  entryOf: GrowableI32;
  subtypes: GrowableI32;
  lines: GrowableI32;
  offsets: GrowableI32;
  times: GrowableF64;
  counts: GrowableF64;
  superseded = new Set<number>();
  size = 0;

  /** Size hints (e.g. from the file size): capacities that are never exceeded are never grown. */
  constructor(expectedQuestions = 0, expectedPoints = 0) {
    this.table = new ByteIdTable(expectedQuestions);
    this.entryOf = new GrowableI32(expectedQuestions);
    this.subtypes = new GrowableI32(expectedQuestions);
    this.lines = new GrowableI32(expectedQuestions);
    this.offsets = new GrowableI32(expectedQuestions + 1);
    this.times = new GrowableF64(expectedPoints);
    this.counts = new GrowableF64(expectedPoints);
    this.offsets.push(0);
  }

  /** The id of truth question `qi`. */
  idOf(qi: number): string {
    return this.table.idOfEntry(this.entryOf.data[qi]);
  }

  /** Adds a question whose id is given by its bytes (plain ASCII) or as a string. */
  add(id: string | null, b: Uint8Array, s: number, e: number, subtype: number, times: ArrayLike<number>, counts: ArrayLike<number>, n: number, line: number, problems: ProblemLog): void {
    const index = this.size;
    const prev = id === null ? this.table.setBytes(b, s, e, index) : this.table.set(id, index);
    this.entryOf.push(this.table.lastEntry);
    this.subtypes.push(subtype);
    this.lines.push(line);
    this.times.append(times, n);
    this.counts.append(counts, n);
    this.offsets.push(this.times.length);
    this.size = index + 1;
    if (prev >= 0) {
      this.superseded.add(prev);
      const text = this.idOf(index);
      problems.add({ code: "duplicate_truth_id", line, id: text, field: "id", message: `truth line ${line}: id "${text}" already defined on line ${this.lines.data[prev]}; the later record is used` });
    }
  }
}

/** Scratch space for one truth line read by the fast path. */
class TruthScratch {
  idStart = 0;
  idEnd = 0;
  idAscii = true;
  subtype = -1;
  times = new Float64Array(MAX_POINTS_PER_LINE);
  counts = new Float64Array(MAX_POINTS_PER_LINE);
  nTimes = 0;
  nCounts = 0;
  n = new Int32Array(1);
}

/** Index of the last key read by {@link readKey} in its key list, or -1. */
const keyFound = new Int32Array(1);

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
function readKey(b: Uint8Array, i: number, e: number, keys: readonly Uint8Array[]): number {
  if (i >= e || b[i] !== 0x22) return -1;
  const q = plainStringEnd(b, i, e);
  if (q < 0) return -1;
  keyFound[0] = keyIndex(b, i + 1, q, keys);
  i = skipWs(b, q + 1, e);
  if (i >= e || b[i] !== 0x3a) return -1;
  return skipWs(b, i + 1, e);
}

/**
 * Fast path for a truth line: true (with `t` filled) only when the line is a valid JSON
 * object whose `id` (string), `counting_subtype` (one of the eight) and `query_points`
 * (`time` and `count` equally long non-empty lists of finite numbers) are exactly what
 * scoring accepts and no wanted key is escaped or repeated; otherwise false, and the
 * caller decides with `JSON.parse` and the shared validator.
 */
function fastTruthLine(b: Uint8Array, s: number, e: number, t: TruthScratch): boolean {
  let i = skipWs(b, s, e);
  if (i >= e || b[i] !== 0x7b) return false;
  i = skipWs(b, i + 1, e);
  let seen = 0;
  for (;;) {
    i = readKey(b, i, e, TRUTH_KEYS);
    if (i < 0) return false;
    const k = keyFound[0];
    if (k >= 0) {
      if (seen & (1 << k)) return false;
      seen |= 1 << k;
    }
    if (k === 0 || k === 1) {
      if (i >= e || b[i] !== 0x22) return false;
      const vq = plainStringEnd(b, i, e);
      if (vq < 0) return false;
      if (k === 0) {
        if (vq - i <= 1) return false;
        t.idStart = i + 1;
        t.idEnd = vq;
        t.idAscii = isPlainAscii(b, i + 1, vq);
      } else {
        t.subtype = keyIndex(b, i + 1, vq, SUBTYPE_KEYS);
        if (t.subtype < 0) return false;
      }
      i = vq + 1;
    } else if (k === 2) {
      if (i >= e || b[i] !== 0x7b) return false;
      i = skipWs(b, i + 1, e);
      let qseen = 0;
      for (;;) {
        i = readKey(b, i, e, QP_KEYS);
        if (i < 0) return false;
        const qk = keyFound[0];
        if (qk >= 0) {
          if (qseen & (1 << qk)) return false;
          qseen |= 1 << qk;
          i = readNumberArrayInto(b, i, e, qk === 0 ? t.times : t.counts, t.n);
          if (i < 0) return false;
          if (qk === 0) t.nTimes = t.n[0];
          else t.nCounts = t.n[0];
        } else {
          i = skipValue(b, i, e, 2);
          if (i < 0) return false;
        }
        i = skipWs(b, i, e);
        if (i >= e) return false;
        if (b[i] === 0x2c) { i = skipWs(b, i + 1, e); continue; }
        if (b[i] === 0x7d) { i += 1; break; }
        return false;
      }
      if (qseen !== 3) return false;
    } else {
      i = skipValue(b, i, e, 1);
      if (i < 0) return false;
    }
    i = skipWs(b, i, e);
    if (i >= e) return false;
    if (b[i] === 0x2c) { i = skipWs(b, i + 1, e); continue; }
    if (b[i] === 0x7d) { if (skipWs(b, i + 1, e) !== e) return false; break; }
    return false;
  }
  if (seen !== 7 || t.nTimes === 0 || t.nTimes !== t.nCounts) return false;
  for (let j = 0; j < t.nTimes; j++) {
    if (!Number.isFinite(t.times[j]) || !Number.isFinite(t.counts[j])) return false;
  }
  return true;
}

type ScoringFieldsValidator = (typeof import("@/lib/metrics/vcbench-schema"))["validateVcbenchScoringFields"];

/** Thrown by {@link readTruth} at the first line the fast path cannot take while no validator is loaded. */
class ValidatorNeeded extends Error {}

/**
 * Reads the truth file. The shared zod validator (`vcbench-schema.ts`, with zod about three
 * quarters of the scorer's code) is only needed for lines the fast path cannot take, so it is
 * loaded on demand: a first pass without it stops at the first such line, and the file is then
 * read again from the start with it (problems of the stopped pass are discarded).
 */
async function readTruthFile(path: string, size: number): Promise<{ truth: TruthStore; problems: ProblemLog }> {
  const firstProblems = new ProblemLog();
  try {
    return { truth: readTruth(path, size, firstProblems, null), problems: firstProblems };
  } catch (err) {
    if (!(err instanceof ValidatorNeeded)) throw err;
  }
  const { validateVcbenchScoringFields } = await import("@/lib/metrics/vcbench-schema");
  const problems = new ProblemLog();
  return { truth: readTruth(path, size, problems, validateVcbenchScoringFields), problems };
}

/**
 * Reads the truth file: each line through the JavaScript fast path, else `JSON.parse` and
 * the shared validator. `size`: the file's size in bytes (0 if unknown), for sizing the store.
 */
function readTruth(path: string, size: number, problems: ProblemLog, validateVcbenchScoringFields: ScoringFieldsValidator | null): TruthStore {
  // Real records take about 420 bytes a question and 90 a query point (the smallest valid
  // record about 75 and 10): generous upper bounds, capped at 4M questions, 32M points.
  const store = new TruthStore(Math.ceil(Math.min(size / 200, 1 << 22)), Math.ceil(Math.min(size / 40, 1 << 25)));
  const scratch = new TruthScratch();
  const lines = new LineReader(path, true);
  try {
    while (lines.next()) {
      const b = lines.bytes;
      const s = lines.start;
      const e = lines.end;
      if (fastTruthLine(b, s, e, scratch)) {
        const id = scratch.idAscii ? null : rangeText(b, scratch.idStart, scratch.idEnd);
        store.add(id, b, scratch.idStart, scratch.idEnd, scratch.subtype, scratch.times, scratch.counts, scratch.nTimes, lines.line, problems);
      } else {
        if (validateVcbenchScoringFields === null) throw new ValidatorNeeded();
        parseTruthLine(b, s, e, lines.line, store, problems, validateVcbenchScoringFields);
      }
    }
  } finally {
    lines.close();
  }
  return store;
}

/** Slow path of a truth line: `JSON.parse` and the shared validator; problems reported. */
function parseTruthLine(b: Uint8Array, s: number, e: number, line: number, store: TruthStore, problems: ProblemLog, validateVcbenchScoringFields: ScoringFieldsValidator): void {
  let obj: unknown;
  try {
    obj = JSON.parse(decodeLine(b, s, e));
  } catch (err) {
    problems.add(malformedJsonProblem(line, err, "truth"));
    return;
  }
  if (!obj || typeof obj !== "object" || Array.isArray(obj)) {
    problems.add({ code: "invalid_truth_record", line, message: `truth line ${line}: expected a JSON object` });
    return;
  }
  const o = obj as Record<string, unknown>;
  const qp = o.query_points;
  const qpo = qp && typeof qp === "object" && !Array.isArray(qp) ? (qp as Record<string, unknown>) : undefined;
  const v = validateVcbenchScoringFields(o.id, o.counting_subtype, qpo?.time, qpo?.count, line);
  if (!v.ok) {
    v.problem.message = `truth ${v.problem.message}`;
    problems.add(v.problem);
    return;
  }
  store.add(v.value.id, b, 0, 0, SUBTYPE_CODE.get(v.value.subtype)!, v.value.times, v.value.counts, v.value.times.length, line, problems);
}

// ---------------------------------------------------------------------------
// Prediction records
// ---------------------------------------------------------------------------

/** A list-valued field of a prediction record: numbers/null in `buf`, or a raw JSON value. */
class ListField {
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
class PredRecord {
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
function fastPredLine(b: Uint8Array, s: number, e: number, r: PredRecord, end: { end: number }, n: Int32Array): boolean {
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
function recordFromObject(o: Record<string, unknown>, r: PredRecord, answerColumn: string | undefined): void {
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
function idOf(r: PredRecord): string {
  return (r.idText ??= r.idFast ? rangeText(r.bytes, r.idStart, r.idEnd) : String(r.id));
}

function short(value: unknown): string {
  const s = JSON.stringify(value) ?? String(value);
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

/**
 * Predictions aligned with the truth's query points (`pred`, `status` per point), filled
 * record by record by {@link PredictionTable.apply}; reports the problems it meets.
 */
class PredictionTable {
  readonly pred: Float64Array;
  /** Per point: 0 missing, 1 valid, 2 invalid. */
  readonly status: Uint8Array;
  readonly pointLine: Int32Array;
  /** Per question: line of the (last) unified record, 0 if none. */
  readonly questionLine: Int32Array;
  readonly hasPred: Uint8Array;
  private readonly offsets: Int32Array;
  private readonly tTimes: Float64Array;
  private readonly tCounts: Float64Array;
  private readonly unifiedOpts: { variant: VcbenchVariant; source: "unified" };
  private readonly perPointOpts: { variant: VcbenchVariant; source: "per-point" };
  // Points assigned by the current unified record, in list order (-1: none), and a stamp per
  // point (the record's number) that finds a point given twice in one record in O(1).
  private readonly assigned: Int32Array;
  private nAssigned = 0;
  private readonly assignedBy: Int32Array;
  private recordStamp = 0;

  constructor(
    private readonly truth: TruthStore,
    private readonly problems: ProblemLog,
    private readonly variant: VcbenchVariant,
    private readonly answerColumn: string | undefined,
  ) {
    const nQ = truth.size;
    const nP = truth.times.length;
    this.offsets = truth.offsets.data;
    this.tTimes = truth.times.data;
    this.tCounts = truth.counts.data;
    this.pred = new Float64Array(nP).fill(Number.NaN);
    this.status = new Uint8Array(nP);
    this.pointLine = new Int32Array(nP);
    this.questionLine = new Int32Array(nQ);
    this.hasPred = new Uint8Array(nQ);
    this.unifiedOpts = { variant, source: "unified" };
    this.perPointOpts = { variant, source: "per-point" };
    this.assigned = new Int32Array(Math.max(MAX_POINTS_PER_LINE, largestQuestion(this.offsets, nQ)));
    this.assignedBy = new Int32Array(nP);
  }

  /** The query point of question `qi` nearest to time `t` within the tolerance, or -1. */
  findPoint(qi: number, t: number): number {
    const tTimes = this.tTimes;
    let best = -1;
    let bestD = Infinity;
    for (let j = this.offsets[qi]; j < this.offsets[qi + 1]; j++) {
      const d = Math.abs(tTimes[j] - t);
      if (d < bestD) { bestD = d; best = j; }
    }
    return bestD <= TIME_TOLERANCE ? best : -1;
  }

  private setPoint(j: number, raw: unknown, unified: boolean, line: number, r: PredRecord): void {
    const v = parseVcbenchPrediction(raw, unified ? this.unifiedOpts : this.perPointOpts);
    this.pointLine[j] = line;
    if (v === null) {
      this.status[j] = 2;
      this.pred[j] = Number.NaN;
      const problems = this.problems;
      if (problems.hasRoom) {
        const id = idOf(r);
        problems.add({ code: "invalid_answer", line, id, field: unified ? "predictions" : "prediction", message: `line ${line}: answer ${short(raw)} of "${id}" at ${this.tTimes[j]} s is not a valid number (${this.variant} rule); excluded` });
      } else problems.count("invalid_answer");
    } else {
      this.status[j] = 1;
      this.pred[j] = v;
    }
  }

  /** Element k of a unified list: numbers are used as they are (both variants), null is invalid. */
  private setListPoint(j: number, list: ListField, k: number, line: number, r: PredRecord): void {
    if (list.numeric) {
      const v = list.buf[k];
      if (Number.isFinite(v)) {
        this.status[j] = 1;
        this.pred[j] = v;
        this.pointLine[j] = line;
        return;
      }
    }
    this.setPoint(j, list.at(k), true, line, r);
  }

  /** The truth question of record `r`, or -1 (problem reported). */
  private questionOf(line: number, r: PredRecord): number {
    const table = this.truth.table;
    let qi: number;
    let idText: string | undefined;
    if (r.idFast && r.idEnd > r.idStart) {
      if (r.idAscii) qi = table.getBytes(r.bytes, r.idStart, r.idEnd);
      else qi = table.get((idText = rangeText(r.bytes, r.idStart, r.idEnd)));
    } else {
      const raw = r.idFast ? "" : r.id;
      if (typeof raw !== "string" || raw === "") {
        this.problems.add({ code: "missing_id", line, field: "id", message: `line ${line}: field "id" must be a non-empty string (got ${short(raw)})` });
        return -1;
      }
      idText = raw;
      qi = table.get(raw);
    }
    r.idText = idText;
    if (qi < 0) {
      const id = idOf(r);
      this.problems.add({ code: "unknown_id", line, id, field: "id", message: `line ${line}: id "${id}" is not in the truth file` });
    }
    return qi;
  }

  /** Applies one prediction record (unified or per point). */
  apply(line: number, r: PredRecord): void {
    const qi = this.questionOf(line, r);
    if (qi < 0) return;
    if (r.predictions.present) this.applyUnified(qi, line, r);
    else this.applyPerPoint(qi, line, r);
  }

  private applyUnified(qi: number, line: number, r: PredRecord): void {
    const { problems, offsets, tTimes, tCounts, status, pred, assigned, assignedBy } = this;
    const off = offsets[qi];
    const m = offsets[qi + 1] - off;
    const list = r.predictions;
    const listField = this.answerColumn ?? "predictions";
    if (!list.isList) {
      problems.add({ code: "invalid_record", line, id: idOf(r), field: listField, message: `line ${line}: field "${listField}" must be a list (one prediction per query point)` });
      return;
    }
    if (this.hasPred[qi]) {
      problems.add({ code: "duplicate_id", line, id: idOf(r), field: "id", message: `line ${line}: question "${idOf(r)}" already predicted on line ${this.questionLine[qi] || this.pointLine[off]}; this later record is used` });
      for (let j = off; j < off + m; j++) { status[j] = 0; pred[j] = Number.NaN; }
    }
    this.hasPred[qi] = 1;
    this.questionLine[qi] = line;
    const len = list.length;
    const qt = r.queryTimes;
    let qtOk = qt.present && qt.numeric && qt.n === len;
    if (qtOk) for (let k = 0; k < len; k++) if (!Number.isFinite(qt.buf[k])) { qtOk = false; break; }
    if (qt.present && !qtOk) {
      problems.add({ code: "invalid_record", line, id: idOf(r), field: "query_times", message: `line ${line}: "query_times" must be a list of numbers as long as the predictions; aligned by position instead` });
    }
    let nAssigned = 0;
    const stamp = ++this.recordStamp;
    if (qtOk) {
      for (let k = 0; k < len; k++) {
        const t = qt.buf[k];
        let j = k < m && Math.abs(tTimes[off + k] - t) <= TIME_TOLERANCE ? off + k : this.findPoint(qi, t);
        if (j < 0) {
          problems.add({ code: "unknown_query_time", line, id: idOf(r), field: `query_times[${k}]`, message: `line ${line}: query time ${t} of "${idOf(r)}" matches no query point of the truth (±${TIME_TOLERANCE} s); ignored` });
          assigned[nAssigned++] = -1;
          continue;
        }
        if (assignedBy[j] === stamp) {
          problems.add({ code: "duplicate_point", line, id: idOf(r), field: `query_times[${k}]`, message: `line ${line}: query time ${t} of "${idOf(r)}" is given twice; the later value is used` });
          j = this.findPoint(qi, t);
        }
        assigned[nAssigned++] = j;
        assignedBy[j] = stamp;
        this.setListPoint(j, list, k, line, r);
      }
    } else {
      if (len !== m) {
        problems.add({ code: "length_mismatch", line, id: idOf(r), field: listField, message: `line ${line}: ${len} predictions for the ${m} query points of "${idOf(r)}"; aligned by position${len < m ? ", the rest are missing" : ", extra ones ignored"}` });
      }
      const upto = Math.min(m, len);
      for (let k = 0; k < upto; k++) {
        assigned[nAssigned++] = off + k;
        this.setListPoint(off + k, list, k, line, r);
      }
    }
    const gts = r.gts;
    if (gts.present && gts.isList && gts.length === len) {
      let differ = 0;
      for (let k = 0; k < nAssigned && k < len; k++) {
        const j = assigned[k];
        // A numeric list holds null as NaN, which differs from every count, as null does.
        if (j >= 0 && (gts.numeric ? gts.buf[k] : gts.at(k)) !== tCounts[j]) differ += 1;
      }
      if (differ > 0) problems.add({ code: "gts_mismatch", line, id: idOf(r), field: "gts", message: `line ${line}: ${differ} of the "gts" of "${idOf(r)}" differ from the truth file's counts; the truth file is used` });
    }
  }

  private applyPerPoint(qi: number, line: number, r: PredRecord): void {
    const problems = this.problems;
    const off = this.offsets[qi];
    const m = this.offsets[qi + 1] - off;
    let j = -1;
    if (r.hasQueryTime) {
      const t = r.queryTime;
      if (typeof t !== "number" || !Number.isFinite(t)) {
        problems.add({ code: "invalid_record", line, id: idOf(r), field: "query_time", message: `line ${line}: "query_time" must be a number (got ${short(t)})` });
        return;
      }
      j = this.findPoint(qi, t);
      if (j < 0) {
        problems.add({ code: "unknown_query_time", line, id: idOf(r), field: "query_time", message: `line ${line}: query time ${t} of "${idOf(r)}" matches no query point of the truth (±${TIME_TOLERANCE} s)` });
        return;
      }
    } else if (r.hasQueryIndex) {
      const ix = r.queryIndex;
      if (typeof ix !== "number" || !Number.isInteger(ix) || ix < 0 || ix >= m) {
        problems.add({ code: "invalid_record", line, id: idOf(r), field: "query_index", message: `line ${line}: "query_index" must be an integer from 0 to ${m - 1} (got ${short(ix)})` });
        return;
      }
      j = off + ix;
    } else {
      problems.add({ code: "invalid_record", line, id: idOf(r), message: `line ${line}: record has neither "predictions" (unified format) nor "query_time"/"query_index" (per-point format)` });
      return;
    }
    if (this.status[j] !== 0) {
      problems.add({ code: "duplicate_point", line, id: idOf(r), field: "query_time", message: `line ${line}: query point ${this.tTimes[j]} s of "${idOf(r)}" already predicted on line ${this.pointLine[j]}; this later record is used` });
    }
    this.hasPred[qi] = 1;
    // Reference: r.get('prediction', r.get('pred')).
    const raw = r.hasPrediction ? r.prediction : r.hasPred ? r.pred : null;
    this.setPoint(j, raw, false, line, r);
  }
}

/** The most query points of one question. */
function largestQuestion(offsets: Int32Array, nQ: number): number {
  let most = 0;
  for (let qi = 0; qi < nQ; qi++) most = Math.max(most, offsets[qi + 1] - offsets[qi]);
  return most;
}

/** Reads the prediction file into `table`: each line through the JavaScript fast scanner, else `JSON.parse`. */
function readPredictions(path: string, table: PredictionTable, answerColumn: string | undefined, problems: ProblemLog): void {
  const rec = new PredRecord();
  const endBox = { end: 0 };
  const nBox = new Int32Array(1);
  const lines = new LineReader(path, true);
  try {
    while (lines.next()) {
      const { bytes, start, end, line } = lines;
      if (answerColumn !== undefined) {
        if (parsePredLine(bytes, start, end, line, rec, answerColumn, problems)) table.apply(line, rec);
      } else if (fastPredLine(bytes, start, end, rec, endBox, nBox)) table.apply(line, rec);
      else if (parsePredLine(bytes, start, end, line, rec, answerColumn, problems)) table.apply(line, rec);
    }
  } finally {
    lines.close();
  }
}

/** Slow path of a prediction line: `JSON.parse` into `rec`; false (problem reported) when it is not an object. */
function parsePredLine(b: Uint8Array, s: number, e: number, line: number, rec: PredRecord, answerColumn: string | undefined, problems: ProblemLog): boolean {
  let obj: unknown;
  try {
    obj = JSON.parse(decodeLine(b, s, e));
  } catch (err) {
    problems.add(malformedJsonProblem(line, err));
    return false;
  }
  if (!obj || typeof obj !== "object" || Array.isArray(obj)) {
    problems.add({ code: "invalid_record", line, message: `line ${line}: expected a JSON object` });
    return false;
  }
  recordFromObject(obj as Record<string, unknown>, rec, answerColumn);
  return true;
}

/** Point and question counts of the scoring pass. */
type ScoringCounts = { nInvalid: number; nMissingPoints: number; nMissingQuestions: number };

/** Scores every truth question into `agg` (and `out`), in truth order; reports missing predictions. */
function scoreQuestions(truth: TruthStore, table: PredictionTable, variant: VcbenchVariant, problems: ProblemLog, agg: VcbenchAggregator, out: VcbenchResultWriter | null): ScoringCounts {
  const nQ = truth.size;
  const offsets = truth.offsets.data;
  const tTimes = truth.times.data;
  const { status, hasPred } = table;
  const input: VcbenchQuestionInput = { subtype: "", times: tTimes, truths: truth.counts.data, predictions: table.pred, from: 0, to: 0 };
  const counts: ScoringCounts = { nInvalid: 0, nMissingPoints: 0, nMissingQuestions: 0 };
  for (let qi = 0; qi < nQ; qi++) {
    if (truth.superseded.size > 0 && truth.superseded.has(qi)) continue;
    if (!hasPred[qi]) {
      counts.nMissingQuestions += 1;
      if (problems.hasRoom) {
        const id = truth.idOf(qi);
        problems.add({ code: "missing_prediction", id, message: `question "${id}" (truth line ${truth.lines.data[qi]}) has no prediction; not scored` });
      } else problems.count("missing_prediction");
      continue;
    }
    const off = offsets[qi];
    const end = offsets[qi + 1];
    let missingHere = 0;
    for (let j = off; j < end; j++) {
      const st = status[j];
      if (st === 0) missingHere += 1;
      else if (st === 2) counts.nInvalid += 1;
    }
    if (missingHere > 0) {
      counts.nMissingPoints += missingHere;
      const id = truth.idOf(qi);
      const times: number[] = [];
      for (let j = off; j < end; j++) if (status[j] === 0) times.push(tTimes[j]);
      problems.add({ code: "missing_points", id, message: `question "${id}": no prediction for ${missingHere} of ${end - off} query points (${times.join(", ")} s); excluded` });
    }
    input.subtype = VCBENCH_SUBTYPES[truth.subtypes.data[qi]];
    input.from = off;
    input.to = end;
    const score = scoreVcbenchQuestion(input, variant);
    agg.add(score);
    if (out) out.write(truth.entryOf.data[qi], score);
  }
  return counts;
}

function inputBytes(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0; // LineReader reports the error when the file is read
  }
}

/** Scores files; see the module comment. */
export async function scoreFiles(opts: ScoreCliOptions): Promise<ScoreCliOutput> {
  const variant: VcbenchVariant = opts.variant ?? "reference";
  const truthBytes = inputBytes(opts.truth);
  const { truth, problems } = await readTruthFile(opts.truth, truthBytes);
  if (truth.size === 0) throw new FileReadError(opts.truth, "no valid VCBench question in the truth file");
  opts.onPhase?.("read truth");

  const table = new PredictionTable(truth, problems, variant, opts.answerColumn);
  readPredictions(opts.preds, table, opts.answerColumn, problems);
  opts.onPhase?.("read predictions");

  // Score (and stream per-question results).
  const out = opts.perQuestionOut ? new VcbenchResultWriter(opts.perQuestionOut, truth.table) : null;
  const agg = new VcbenchAggregator();
  let counts: ScoringCounts;
  try {
    counts = scoreQuestions(truth, table, variant, problems, agg, out);
  } finally {
    out?.close();
  }
  opts.onPhase?.("score and write");
  const result0 = agg.result();
  const bySubtype: Record<string, unknown> = {};
  for (const st of VCBENCH_SUBTYPES) if (result0.by_subtype[st]) bySubtype[st] = result0.by_subtype[st];

  const result: Record<string, unknown> = {
    benchmark: "vcbench",
    variant,
    overall: { ...result0.overall, n_invalid_points: counts.nInvalid, n_missing_points: counts.nMissingPoints },
    by_subtype: bySubtype,
    n_truth_questions: truth.size - truth.superseded.size,
    n_missing_questions: counts.nMissingQuestions,
    problem_counts: problems.counts,
    problems_omitted: problems.omitted,
  };
  return { result, problems: problems.list };
}

const pct = (v: unknown): string => (typeof v === "number" ? (v * 100).toFixed(1) : "-");

/**
 * Tables shaped like the paper's Tables 2 and 3 (values ×100, one decimal; "-" where a
 * metric does not apply or nothing was scored), followed by counts and problem totals.
 */
export function formatTable(result: Record<string, unknown>): string {
  const overall = (result.overall ?? {}) as Record<string, unknown>;
  const by = (result.by_subtype ?? {}) as Record<string, Record<string, unknown>>;
  type Group = [label: string, metrics: string[], source: Record<string, unknown> | undefined];
  const table = (groups: Group[]): string[] => {
    const widths = groups.map(([label, ms]) => Math.max(label.length, ms.length * 7 - 1));
    const cell = (g: Group, m: string) => pct(g[2]?.[m.toLowerCase()]).padStart(6);
    return [
      groups.map((g, i) => g[0].padEnd(widths[i])).join(" | "),
      groups.map((g, i) => g[1].map((m) => m.padStart(6)).join(" ").padStart(widths[i])).join(" | "),
      groups.map((g, i) => g[1].map((m) => cell(g, m)).join(" ").padStart(widths[i])).join(" | "),
    ];
  };
  const lines: string[] = [];
  lines.push(`VCBench (${String(result.variant ?? "reference")} variant), scores x100`);
  lines.push(
    ...table([
      ["Overall", ["GPA", "MoC", "UDA"], overall],
      ["O1-Snap", ["GPA", "UDA"], by["O1-Snap"]],
      ["O1-Delta", ["GPA"], by["O1-Delta"]],
      ["O2-Unique", ["GPA", "MoC", "UDA"], by["O2-Unique"]],
      ["O2-Gain", ["GPA"], by["O2-Gain"]],
    ]),
  );
  lines.push("");
  lines.push(...table(["E1-Action", "E1-Transit", "E2-Episode", "E2-Periodic"].map((e): Group => [e, ["GPA", "MoC", "UDA"], by[e]])));
  lines.push("");
  lines.push("Questions per subtype: " + VCBENCH_SUBTYPES.map((st) => `${st} ${by[st]?.n_questions ?? 0}`).join(", "));
  lines.push(
    `Scored questions ${overall.n_questions ?? 0} (GPA ${overall.gpa_n ?? 0}, MoC ${overall.moc_n ?? 0}, UDA ${overall.uda_n ?? 0}); ` +
      `query points ${overall.n_points ?? 0}, valid ${overall.n_valid_points ?? 0}, invalid ${overall.n_invalid_points ?? 0}, missing ${overall.n_missing_points ?? 0}; ` +
      `questions without prediction ${result.n_missing_questions ?? 0}`,
  );
  const counts = (result.problem_counts ?? {}) as Record<string, number>;
  const kinds = Object.entries(counts);
  if (kinds.length > 0) lines.push("Problems: " + kinds.map(([k, n]) => `${k} ${n}`).join(", "));
  return lines.join("\n");
}
