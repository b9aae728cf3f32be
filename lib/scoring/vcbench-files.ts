import "server-only";
import {
  VCBENCH_SUBTYPES,
  VcbenchAggregator,
  parseVcbenchPrediction,
  scoreVcbenchQuestion,
  type VcbenchQuestionInput,
  type VcbenchQuestionScore,
  type VcbenchVariant,
} from "@/lib/metrics/vcbench";
import { rangeText } from "./json-scan";
import { LineReader, malformedJsonProblem } from "./read-lines";
import type { ProblemLog } from "./problem-log";
import { idOf, type PredRecord } from "./vcbench-record";
import { VcbenchPredictionReader, shortValue, type VcbenchPointLayout, type VcbenchPointSink } from "./vcbench-reader";
import type { VcbenchTruthFile } from "./vcbench-truth-file";

/**
 * Scores a VCBench prediction file against a truth file read by `readVcbenchTruthFile`, for the
 * command-line scorer. Prediction lines are read by the one record reader
 * (`vcbench-reader.ts`, shared with uploaded runs); each value is parsed as it arrives
 * (`parseVcbenchPrediction`, lib/metrics: unified numbers as they are, per-point values through
 * the variant's rule), an invalid answer is reported (`invalid_answer`) and excluded. Questions
 * are scored in truth order (`scoreVcbenchQuestion`); a question without any prediction is not
 * scored (`missing_prediction`), missing points of a predicted one are excluded
 * (`missing_points`).
 */

/** Parsed values per flat point: `status` 0 missing, 1 valid (`pred` holds it), 2 invalid. */
export class ParsedPoints implements VcbenchPointSink {
  readonly pred: Float64Array;
  readonly status: Uint8Array;
  private readonly unifiedOpts: { variant: VcbenchVariant; source: "unified" };
  private readonly perPointOpts: { variant: VcbenchVariant; source: "per-point" };

  constructor(
    n: number,
    private readonly times: ArrayLike<number>,
    private readonly variant: VcbenchVariant,
    private readonly problems: ProblemLog,
  ) {
    this.pred = new Float64Array(n).fill(Number.NaN);
    this.status = new Uint8Array(n);
    this.unifiedOpts = { variant, source: "unified" };
    this.perPointOpts = { variant, source: "per-point" };
  }

  set(j: number, value: unknown, unified: boolean, line: number, r: PredRecord): void {
    // Unified numbers are used as they are (both variants): the common case, without a call.
    const v = unified && typeof value === "number" && Number.isFinite(value) ? value : parseVcbenchPrediction(value, unified ? this.unifiedOpts : this.perPointOpts);
    if (v === null) {
      this.status[j] = 2;
      this.pred[j] = Number.NaN;
      const problems = this.problems;
      if (problems.hasRoom) {
        const id = idOf(r);
        problems.add({ code: "invalid_answer", line, id, field: unified ? "predictions" : "prediction", message: `line ${line}: answer ${shortValue(value)} of "${id}" at ${this.times[j]} s is not a valid number (${this.variant} rule); excluded` });
      } else problems.count("invalid_answer");
    } else {
      this.status[j] = 1;
      this.pred[j] = v;
    }
  }

  clear(from: number, to: number): void {
    this.status.fill(0, from, to);
    this.pred.fill(Number.NaN, from, to);
  }
}

/** Predictions read from a file: which questions were predicted and each point's parsed value. */
export type VcbenchFilePredictions = { hasPred: Uint8Array; points: ParsedPoints; variant: VcbenchVariant; layout: VcbenchPointLayout };

/** Reads the predictions file at `predsPath` (problems go to `problems`). Throws `FileReadError` when it cannot be read. */
export function readVcbenchPredictionFile(truth: VcbenchTruthFile, predsPath: string, problems: ProblemLog, opts: { variant: VcbenchVariant; answerColumn?: string }): VcbenchFilePredictions {
  const layout = truth.layout();
  const points = new ParsedPoints(layout.offsets[layout.size], layout.times, opts.variant, problems);
  const table = truth.table;
  const reader = new VcbenchPredictionReader(layout, points, problems, {
    answerColumn: opts.answerColumn,
    wording: "file",
    malformed: (line, err) => malformedJsonProblem(line, err),
    questionOf(r, line) {
      // Ids of the usual shape are looked up by their bytes: no string is made for them.
      let q: number;
      if (r.idFast && r.idEnd > r.idStart) {
        if (r.idAscii) q = table.getBytes(r.bytes, r.idStart, r.idEnd);
        else q = table.get((r.idText = rangeText(r.bytes, r.idStart, r.idEnd)));
      } else {
        const raw = r.idFast ? "" : r.id;
        if (typeof raw !== "string" || raw === "") {
          problems.add({ code: "missing_id", line, field: "id", message: `line ${line}: field "id" must be a non-empty string (got ${shortValue(raw)})` });
          return -1;
        }
        r.idText = raw;
        q = table.get(raw);
      }
      if (q < 0) {
        const id = idOf(r);
        problems.add({ code: "unknown_id", line, id, field: "id", message: `line ${line}: id "${id}" is not in the truth file` });
      }
      return q;
    },
  });
  const lines = new LineReader(predsPath, true);
  try {
    while (lines.next()) reader.readLine(lines.bytes, lines.start, lines.end, lines.line);
  } finally {
    lines.close();
  }
  return { hasPred: reader.hasPred, points, variant: opts.variant, layout };
}

/**
 * Scores every question of the truth in truth order; `onQuestion` receives each scored
 * question (`entry`: the id's entry in the truth's id table). Returns the scorer's result object.
 */
export function scoreVcbenchFilePredictions(
  truth: VcbenchTruthFile,
  read: VcbenchFilePredictions,
  problems: ProblemLog,
  onQuestion?: (q: number, score: VcbenchQuestionScore) => void,
): Record<string, unknown> {
  const { variant } = read;
  const agg = new VcbenchAggregator();
  const counts = scoreQuestions(truth, read, problems, agg, onQuestion);
  const result0 = agg.result();
  const bySubtype: Record<string, unknown> = {};
  for (const st of VCBENCH_SUBTYPES) if (result0.by_subtype[st]) bySubtype[st] = result0.by_subtype[st];
  return {
    benchmark: "vcbench",
    variant,
    overall: { ...result0.overall, n_invalid_points: counts.nInvalid, n_missing_points: counts.nMissingPoints },
    by_subtype: bySubtype,
    n_truth_questions: truth.questionCount,
    n_missing_questions: counts.nMissingQuestions,
    problem_counts: problems.counts,
    problems_omitted: problems.omitted,
  };
}

type ScoringCounts = { nInvalid: number; nMissingPoints: number; nMissingQuestions: number };

function scoreQuestions(
  truth: VcbenchTruthFile,
  read: VcbenchFilePredictions,
  problems: ProblemLog,
  agg: VcbenchAggregator,
  onQuestion: ((q: number, score: VcbenchQuestionScore) => void) | undefined,
): ScoringCounts {
  const { offsets, times, counts: truths } = read.layout;
  const { status, pred } = read.points;
  const { hasPred, variant } = read;
  const input: VcbenchQuestionInput = { subtype: "", times, truths, predictions: pred, from: 0, to: 0 };
  const counts: ScoringCounts = { nInvalid: 0, nMissingPoints: 0, nMissingQuestions: 0 };
  for (let q = 0; q < truth.size; q++) {
    if (truth.superseded.size > 0 && truth.superseded.has(q)) continue;
    if (!hasPred[q]) {
      counts.nMissingQuestions += 1;
      if (problems.hasRoom) {
        const id = truth.idOf(q);
        problems.add({ code: "missing_prediction", id, message: `question "${id}" (truth line ${truth.lines.data[q]}) has no prediction; not scored` });
      } else problems.count("missing_prediction");
      continue;
    }
    const off = offsets[q];
    const end = offsets[q + 1];
    let missingHere = 0;
    for (let j = off; j < end; j++) {
      const st = status[j];
      if (st === 0) missingHere += 1;
      else if (st === 2) counts.nInvalid += 1;
    }
    if (missingHere > 0) {
      counts.nMissingPoints += missingHere;
      const id = truth.idOf(q);
      const missing: number[] = [];
      for (let j = off; j < end; j++) if (status[j] === 0) missing.push(times[j]);
      problems.add({ code: "missing_points", id, message: `question "${id}": no prediction for ${missingHere} of ${end - off} query points (${missing.join(", ")} s); excluded` });
    }
    input.subtype = VCBENCH_SUBTYPES[truth.subtypes.data[q]];
    input.from = off;
    input.to = end;
    const score = scoreVcbenchQuestion(input, variant);
    agg.add(score);
    onQuestion?.(q, score);
  }
  return counts;
}
