import "server-only";
import { VCBENCH_SUBTYPES } from "@/lib/metrics/vcbench";
import { validateVcbenchScoringFields } from "@/lib/metrics/vcbench-scoring-fields";
import { ByteIdTable } from "./id-table";
import { encodeKeys, isPlainAscii, keyIndex, plainStringEnd, rangeText, readNumberArrayInto, skipValue, skipWs } from "./json-scan";
import { LineReader, decodeLine, malformedJsonProblem } from "./read-lines";
import type { ProblemLog } from "./problem-log";
import { MAX_POINTS_PER_LINE, keyFound, readKey } from "./vcbench-record";
import type { VcbenchPointLayout } from "./vcbench-reader";

/**
 * A VCBench truth file (`vcbench_data.jsonl`, one question a line) read for scoring: only `id`,
 * `counting_subtype` and `query_points` ({time, count} lists) are used. Each line goes through
 * the byte scanner when it has the usual simple shape, else through `JSON.parse` and
 * `validateVcbenchScoringFields` (lib/metrics), which decide alike. Questions are packed into
 * typed arrays (16 bytes a query point), laid out flat for the prediction reader.
 *
 * Problems (never fatal): lines that are not JSON (`malformed_json`), records that are not
 * objects or lack a scoring field (`invalid_truth_record`, naming the field), an id defined
 * twice (`duplicate_truth_id`: the later record is used, the earlier one is not scored).
 */

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
export class VcbenchTruthFile {
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

  /** The query points laid out flat for the prediction reader (valid once the file is read). */
  layout(): VcbenchPointLayout {
    return { size: this.size, offsets: this.offsets.data, times: this.times.data, counts: this.counts.data };
  }

  /** The number of questions that are scored (not superseded). */
  get questionCount(): number {
    return this.size - this.superseded.size;
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


/** Slow path of a truth line: `JSON.parse` and the shared validator; problems reported. */
function parseTruthLine(b: Uint8Array, s: number, e: number, line: number, store: VcbenchTruthFile, problems: ProblemLog): void {
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

/**
 * Reads the truth file at `path` (`size`: its size in bytes, 0 if unknown, to size the arrays
 * once). Throws `FileReadError` when the file cannot be read.
 */
export function readVcbenchTruthFile(path: string, size: number, problems: ProblemLog): VcbenchTruthFile {
  // Real records take about 420 bytes a question and 90 a query point (the smallest valid
  // record about 75 and 10): generous upper bounds, capped at 4M questions, 32M points.
  const store = new VcbenchTruthFile(Math.ceil(Math.min(size / 200, 1 << 22)), Math.ceil(Math.min(size / 40, 1 << 25)));
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
      } else parseTruthLine(b, s, e, lines.line, store, problems);
    }
  } finally {
    lines.close();
  }
  return store;
}
