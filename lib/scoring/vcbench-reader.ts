/**
 * The one reader of VCBench prediction records (PURE: no filesystem), used by the
 * command-line scorer (`vcbench-files.ts`, behind `npm run score`) and by uploaded runs
 * (`lib/runs/parse-vcbench.ts`). Every rule of how a prediction finds its query point lives
 * here; the callers say where the truth comes from (a {@link VcbenchPointLayout} and an id
 * lookup) and what to do with each value (a {@link VcbenchPointSink}).
 *
 * Lines are read by {@link VcbenchPredictionReader.readLine}: the byte scanner fills the record
 * for lines of the usual simple shape, `JSON.parse` for anything else (`vcbench-record.ts`;
 * both give the same record). {@link VcbenchPredictionReader.readValue} takes a value already
 * parsed.
 *
 * Records (JSONL; formats may be mixed line by line):
 * - unified `{id, predictions: [...], query_times?: [...], gts?: [...]}` (the reference
 *   `unify_results.py` output): predictions aligned with the question's query points in stored
 *   order, or, when `query_times` is a list of finite numbers as long as the predictions, each
 *   matched to the query point at that time (the one at the same position when it is within
 *   the tolerance, else the nearest within it; {@link VCBENCH_TIME_TOLERANCE} = ±0.051 s);
 * - per point `{id, query_time, prediction}` (or `pred`; or `query_index`, 0-based, instead of
 *   `query_time`): the raw model output of the reference `demo_gemini.py`.
 * With an answer column, that field holds the list (unified) or the value (per point) instead
 * of `predictions` / `prediction` / `pred`.
 *
 * Rules (problems are reported, never fatal):
 * - a line that is not JSON: the caller's `malformed` builds the problem; a record that is not
 *   a JSON object: `invalid_record`; an id the truth does not know: the caller's lookup reports
 *   it (`missing_id`, `unknown_id`, `removed_item`);
 * - a later unified record of a question replaces everything it had (`duplicate_id`);
 * - a per-point record for a point already predicted replaces it (`duplicate_point`), as does a
 *   time given twice in one unified record (the later value is used);
 * - a unified list of the wrong length is aligned by position (`length_mismatch`); times that
 *   match no query point are ignored (`unknown_query_time`);
 * - `gts` that differ from the truth are reported (`gts_mismatch`); the truth is used.
 * Values are handed to the sink as given (a unified list of plain numbers as numbers); the sink
 * parses them (`parseVcbenchPrediction`, lib/metrics).
 */
import type { Problem } from "@/lib/metrics/problems";
import { decodeLine } from "./decode-line";
import type { ProblemLog } from "./problem-log";
import { ListField, MAX_POINTS_PER_LINE, PredRecord, fastPredLine, idOf, recordFromObject } from "./vcbench-record";
import { VCBENCH_TIME_TOLERANCE, nearestQueryPoint } from "./vcbench";

/** The truth's query points laid out flat: question `q` owns points `offsets[q]` to `offsets[q + 1] - 1`. */
export type VcbenchPointLayout = {
  readonly size: number;
  readonly offsets: ArrayLike<number>;
  readonly times: ArrayLike<number>;
  /** Truth count per point (NaN where the truth has none), compared with a record's `gts`. */
  readonly counts: ArrayLike<number>;
};

/** Where the values go. `j` is a flat point index of the layout. */
export interface VcbenchPointSink {
  /** Point `j` gets `value` as given, from a unified list (`unified`) or a per-point record, read on `line`. */
  set(j: number, value: unknown, unified: boolean, line: number, record: PredRecord): void;
  /** Points `from` to `to - 1` lose their values: a later unified record replaces the question's predictions. */
  clear(from: number, to: number): void;
}

/**
 * How problem messages name the truth: `file` for a truth file given to the command-line
 * scorer, `project` for a project's items (uploaded runs).
 */
export type VcbenchTruthWording = "file" | "project";

export type VcbenchReaderOptions = {
  /** Field holding the list (unified) or the value (per point), instead of the usual names. */
  answerColumn?: string;
  /**
   * The question of record `r` (its id: `r.id`, or the bytes `r.bytes[r.idStart, r.idEnd)` when
   * `r.idFast`), or -1 after reporting why there is none. May set `r.idText`.
   */
  questionOf(r: PredRecord, line: number): number;
  /** The problem for line `line` (its text `text`) that `JSON.parse` refused, or null to pass over it. */
  malformed(line: number, error: unknown, text: string): Problem | null;
  wording: VcbenchTruthWording;
};

const WORDS: Record<VcbenchTruthWording, { pointsOf: string; gts: string }> = {
  file: { pointsOf: "the truth", gts: "the truth file's counts; the truth file is used" },
  project: { pointsOf: "the item", gts: "the project's truth; the truth is used" },
};

/** JSON text of a value for a message, cut to 80 characters. */
export function shortValue(value: unknown): string {
  const s = JSON.stringify(value) ?? String(value);
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

/** The most query points of one question. */
function largestQuestion(layout: VcbenchPointLayout): number {
  let most = 0;
  for (let q = 0; q < layout.size; q++) most = Math.max(most, layout.offsets[q + 1] - layout.offsets[q]);
  return most;
}

/** Reads prediction records one at a time into a sink; see the module comment for the rules. */
export class VcbenchPredictionReader {
  /** Per question: 1 once any record predicted it. */
  readonly hasPred: Uint8Array;
  /** Per point: the line its value came from, 0 when none. */
  readonly pointLine: Int32Array;
  /** Per question: the line of the record its current predictions began with (its last unified record, or its first per-point one), 0 when none. */
  readonly startLine: Int32Array;
  /** Records whose id named a question of the truth. */
  usable = 0;
  /** Per question: the line of its (last) unified record, 0 when none. */
  private readonly unifiedLine: Int32Array;
  // Points assigned by the current unified record, in list order (-1: none), and a stamp per
  // point (the record's number) that finds a point given twice in one record in O(1).
  private readonly assigned: Int32Array;
  private readonly assignedBy: Int32Array;
  private recordStamp = 0;
  private readonly words: { pointsOf: string; gts: string };
  private readonly record = new PredRecord();
  private readonly endBox = { end: 0 };
  private readonly nBox = new Int32Array(1);

  constructor(
    private readonly layout: VcbenchPointLayout,
    private readonly sink: VcbenchPointSink,
    private readonly problems: ProblemLog,
    private readonly options: VcbenchReaderOptions,
  ) {
    const nP = layout.offsets[layout.size] ?? 0;
    this.hasPred = new Uint8Array(layout.size);
    this.unifiedLine = new Int32Array(layout.size);
    this.startLine = new Int32Array(layout.size);
    this.pointLine = new Int32Array(nP);
    this.assignedBy = new Int32Array(nP);
    this.assigned = new Int32Array(Math.max(MAX_POINTS_PER_LINE, largestQuestion(layout)));
    this.words = WORDS[options.wording];
  }

  /** Reads line `line`, the bytes `b[s, e)` (not blank). */
  readLine(b: Uint8Array, s: number, e: number, line: number): void {
    const r = this.record;
    if (this.options.answerColumn === undefined && fastPredLine(b, s, e, r, this.endBox, this.nBox)) {
      this.apply(line, r);
      return;
    }
    const text = decodeLine(b, s, e);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      const problem = this.options.malformed(line, err, text);
      if (problem) this.problems.add(problem);
      return;
    }
    this.readValue(line, value);
  }

  /** Reads the parsed JSON value of line `line`. */
  readValue(line: number, value: unknown): void {
    if (!value || typeof value !== "object" || Array.isArray(value)) {
      this.problems.add({ code: "invalid_record", line, message: `line ${line}: expected a JSON object` });
      return;
    }
    recordFromObject(value as Record<string, unknown>, this.record, this.options.answerColumn);
    this.apply(line, this.record);
  }

  private apply(line: number, r: PredRecord): void {
    const q = this.options.questionOf(r, line);
    if (q < 0) return;
    this.usable += 1;
    if (r.predictions.present) this.readUnified(q, line, r);
    else this.readPerPoint(q, line, r);
  }

  private readUnified(q: number, line: number, r: PredRecord): void {
    const { problems, assigned, assignedBy } = this;
    const { offsets, times, counts } = this.layout;
    const off = offsets[q];
    const end = offsets[q + 1];
    const m = end - off;
    const list = r.predictions;
    const listField = this.options.answerColumn ?? "predictions";
    if (!list.isList) {
      problems.add({ code: "invalid_record", line, id: idOf(r), field: listField, message: `line ${line}: field "${listField}" must be a list (one prediction per query point)` });
      return;
    }
    if (this.hasPred[q]) {
      const previous = this.unifiedLine[q];
      const what = previous > 0 ? `already predicted on line ${previous}` : "already has per-point predictions";
      problems.add({ code: "duplicate_id", line, id: idOf(r), field: "id", message: `line ${line}: question "${idOf(r)}" ${what}; this later record is used` });
      this.sink.clear(off, end);
      this.pointLine.fill(0, off, end);
    }
    this.hasPred[q] = 1;
    this.unifiedLine[q] = line;
    this.startLine[q] = line;
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
        let j = k < m && Math.abs(times[off + k] - t) <= VCBENCH_TIME_TOLERANCE ? off + k : nearestQueryPoint(times, off, end, t);
        if (j < 0) {
          problems.add({ code: "unknown_query_time", line, id: idOf(r), field: `query_times[${k}]`, message: `line ${line}: query time ${t} of "${idOf(r)}" matches no query point of ${this.words.pointsOf} (±${VCBENCH_TIME_TOLERANCE} s); ignored` });
          assigned[nAssigned++] = -1;
          continue;
        }
        if (assignedBy[j] === stamp) {
          problems.add({ code: "duplicate_point", line, id: idOf(r), field: `query_times[${k}]`, message: `line ${line}: query time ${t} of "${idOf(r)}" is given twice; the later value is used` });
          j = nearestQueryPoint(times, off, end, t);
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
        if (j >= 0 && (gts.numeric ? gts.buf[k] : gts.at(k)) !== counts[j]) differ += 1;
      }
      if (differ > 0) problems.add({ code: "gts_mismatch", line, id: idOf(r), field: "gts", message: `line ${line}: ${differ} of the "gts" of "${idOf(r)}" differ from ${this.words.gts}` });
    }
  }

  private readPerPoint(q: number, line: number, r: PredRecord): void {
    const problems = this.problems;
    const { offsets, times } = this.layout;
    const off = offsets[q];
    const end = offsets[q + 1];
    let j: number;
    if (r.hasQueryTime) {
      const t = r.queryTime;
      if (typeof t !== "number" || !Number.isFinite(t)) {
        problems.add({ code: "invalid_record", line, id: idOf(r), field: "query_time", message: `line ${line}: "query_time" must be a number (got ${shortValue(t)})` });
        return;
      }
      j = nearestQueryPoint(times, off, end, t);
      if (j < 0) {
        problems.add({ code: "unknown_query_time", line, id: idOf(r), field: "query_time", message: `line ${line}: query time ${t} of "${idOf(r)}" matches no query point of ${this.words.pointsOf} (±${VCBENCH_TIME_TOLERANCE} s)` });
        return;
      }
    } else if (r.hasQueryIndex) {
      const ix = r.queryIndex;
      if (typeof ix !== "number" || !Number.isInteger(ix) || ix < 0 || ix >= end - off) {
        problems.add({ code: "invalid_record", line, id: idOf(r), field: "query_index", message: `line ${line}: "query_index" must be an integer from 0 to ${end - off - 1} (got ${shortValue(ix)})` });
        return;
      }
      j = off + ix;
    } else {
      problems.add({ code: "invalid_record", line, id: idOf(r), message: `line ${line}: record has neither "predictions" (unified format) nor "query_time"/"query_index" (per-point format)` });
      return;
    }
    if (this.pointLine[j] !== 0) {
      problems.add({ code: "duplicate_point", line, id: idOf(r), field: "query_time", message: `line ${line}: query point ${times[j]} s of "${idOf(r)}" already predicted on line ${this.pointLine[j]}; this later record is used` });
    }
    if (!this.hasPred[q]) this.startLine[q] = line;
    this.hasPred[q] = 1;
    // Reference: r.get('prediction', r.get('pred')).
    const raw = r.hasPrediction ? r.prediction : r.hasPred ? r.pred : null;
    this.pointLine[j] = line;
    this.sink.set(j, raw, false, line, r);
  }

  /** Element `k` of a unified list. */
  private setListPoint(j: number, list: ListField, k: number, line: number, r: PredRecord): void {
    this.pointLine[j] = line;
    this.sink.set(j, list.at(k), true, line, r);
  }
}
