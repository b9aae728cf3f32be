/**
 * EC-Bench prediction files (PURE), read as the command-line scorer (`lib/score-cli/ecbench.ts`)
 * and the reference `evaluate.py` do: a CSV with `question_id` and an answer column, named by the
 * `answerColumn` option or detected as the reference does (`*_A`, not `A`/`answer`; the first
 * when there are several), optionally a clips column (`clipsColumn`, else `<name>_clips`) with
 * predicted evidence spans, and judged counts `<name>_tp`, `<name>_fp`, `<name>_fn`.
 * Rows are joined on question_id (and video_id when given). The first row of a question wins.
 */
import type { Interval } from "@/lib/metrics/intervals";
import { ecClips, ecColumns, ecJudged, isEcColumnsError } from "@/lib/scoring/ecbench";
import { itemById, type ParseContext } from "./parse-context";
import { PredictionFileError, readCsvText } from "./text-records";
import type { EcRaw } from "./types";

/** Reads an EC-Bench prediction CSV into raw predictions keyed by item id. Missing columns are fatal. */
export function parseEcCsv(text: string, ctx: ParseContext): { raws: Map<string, EcRaw>; usable: number; records: number; meta: Record<string, string> } {
  const p = ctx.problems;
  const file = ctx.fileName;
  const csv = readCsvText(text, file);
  p.addAll(csv.problems);
  const { columns, rows } = csv;
  if (columns.length === 0) throw new PredictionFileError(`${file} is empty (no CSV header)`, "empty_file", 1);
  if (!columns.includes("question_id")) {
    throw new PredictionFileError(
      `line 1 of ${file}: the header has no "question_id" column, so no row can be matched to an EC-Bench question (columns: ${columns.slice(0, 12).join(", ")})`,
      "missing_column",
      1,
      "question_id",
    );
  }
  const cols = ecColumns(columns, { answerColumn: ctx.answerColumn, clipsColumn: ctx.clipsColumn });
  if (isEcColumnsError(cols)) {
    if (cols.kind === "no_answer_column") {
      throw new PredictionFileError(
        `line 1 of ${file}: no answer column: add a "<model>_A" column (the reference's convention) or name one with answerColumn (columns: ${columns.join(", ")})`,
        "missing_column",
        1,
        "<model>_A",
      );
    }
    const what = cols.kind === "answer_missing" ? "answer" : "clips";
    throw new PredictionFileError(`line 1 of ${file}: ${what} column "${cols.column}" not found (columns: ${columns.join(", ")})`, "missing_column", 1, cols.column);
  }
  if (cols.detected.length > 1) {
    p.add({ code: "multiple_answer_columns", line: 1, message: `line 1 of ${file}: several answer columns (${cols.detected.join(", ")}); scoring "${cols.answerColumn}" (choose with answerColumn)` });
  }
  const { answerColumn, clipsColumn, model, judgedColumns: judgedCols, hasJudged } = cols;

  const raws = new Map<string, EcRaw>();
  let usable = 0;
  for (const row of rows) {
    const id = (row.cells.question_id ?? "").trim();
    if (!id) {
      p.add({ code: "missing_id", line: row.line, field: "question_id", message: `line ${row.line} of ${file}: no question_id; row ignored` });
      continue;
    }
    const item = itemById(ctx, id, row.line, "question_id");
    if (!item) continue;
    usable += 1;
    const prev = raws.get(item.itemId);
    if (prev) {
      p.add({ code: "duplicate_id", line: row.line, id, field: "question_id", message: `line ${row.line} of ${file}: question_id ${id} repeats line ${prev.line}; ignored` });
      continue;
    }
    const pv = (row.cells.video_id ?? "").trim();
    const tv = item.videoRef.trim();
    if (pv && tv && pv !== tv) {
      p.add({ code: "id_mismatch", line: row.line, id, field: "video_id", message: `line ${row.line} of ${file}: question ${id} has video_id ${pv} but the project says ${tv}; ignored` });
      continue;
    }
    const answer = row.cells[answerColumn] ?? "";
    const raw: EcRaw = { answer, line: row.line };
    const at = { line: row.line, file, id };
    if (clipsColumn) {
      const cell = row.cells[clipsColumn] ?? "";
      raw.clips = ecClips(cell, ctx.clipParser, clipsColumn, at, p).map(([s, e]: Interval) => [s, e] as [number, number]);
      raw.clipsText = cell;
      raw.clipParser = ctx.clipParser;
    }
    const judged = ecJudged(row.cells, cols, item.format === "enumeration", at, p);
    if (judged) raw.judged = judged;
    raws.set(item.itemId, raw);
  }
  const meta: Record<string, string> = { answer_column: answerColumn, model };
  if (clipsColumn) meta.clips_column = clipsColumn;
  if (hasJudged) meta.judged_columns = judgedCols.join(",");
  return { raws, usable, records: rows.length, meta };
}
