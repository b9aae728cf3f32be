/**
 * EC-Bench prediction files (PURE), read as the command-line scorer (`lib/score-cli/ecbench.ts`)
 * and the reference `evaluate.py` do: a CSV with `question_id` and an answer column, named by the
 * `answerColumn` option or detected as the reference does (`*_A`, not `A`/`answer`; the first
 * when there are several), optionally a clips column (`clipsColumn`, else `<name>_clips`) with
 * predicted evidence spans, and judged counts `<name>_tp`, `<name>_fp`, `<name>_fn`.
 * Rows are joined on question_id (and video_id when given). The first row of a question wins.
 */
import type { Interval } from "@/lib/metrics/intervals";
import { parseClipCell } from "@/lib/metrics/parse-time";
import { itemById, type ParseContext } from "./parse-context";
import { PredictionFileError, readCsvText } from "./text-records";
import type { EcRaw } from "./types";

function parseCount(v: string | undefined): number | null {
  if (v === undefined) return null;
  const t = v.trim();
  return /^\d+$/.test(t) ? Number(t) : null;
}

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
  let answerColumn: string;
  if (ctx.answerColumn) {
    if (!columns.includes(ctx.answerColumn)) {
      throw new PredictionFileError(`line 1 of ${file}: answer column "${ctx.answerColumn}" not found (columns: ${columns.join(", ")})`, "missing_column", 1, ctx.answerColumn);
    }
    answerColumn = ctx.answerColumn;
  } else {
    const detected = columns.filter((c) => c.endsWith("_A") && c !== "A" && c !== "answer");
    if (detected.length === 0) {
      throw new PredictionFileError(
        `line 1 of ${file}: no answer column: add a "<model>_A" column (the reference's convention) or name one with answerColumn (columns: ${columns.join(", ")})`,
        "missing_column",
        1,
        "<model>_A",
      );
    }
    if (detected.length > 1) {
      p.add({ code: "multiple_answer_columns", line: 1, message: `line 1 of ${file}: several answer columns (${detected.join(", ")}); scoring "${detected[0]}" (choose with answerColumn)` });
    }
    answerColumn = detected[0];
  }
  const model = answerColumn.endsWith("_A") ? answerColumn.slice(0, -2) : answerColumn;
  let clipsColumn: string | undefined;
  if (ctx.clipsColumn) {
    if (!columns.includes(ctx.clipsColumn)) {
      throw new PredictionFileError(`line 1 of ${file}: clips column "${ctx.clipsColumn}" not found (columns: ${columns.join(", ")})`, "missing_column", 1, ctx.clipsColumn);
    }
    clipsColumn = ctx.clipsColumn;
  } else if (columns.includes(`${model}_clips`)) clipsColumn = `${model}_clips`;
  const judgedCols = ["tp", "fp", "fn"].map((k) => `${model}_${k}`);
  const hasJudged = judgedCols.every((c) => columns.includes(c));

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
    if (clipsColumn) {
      const cell = row.cells[clipsColumn] ?? "";
      const parsed = parseClipCell(cell, ctx.clipParser, { line: row.line, id, field: clipsColumn });
      for (const pr of parsed.problems) p.add({ ...pr, message: `line ${row.line} of ${file} (question ${id}, ${clipsColumn}): ${pr.message}` });
      raw.clips = parsed.intervals.map(([s, e]: Interval) => [s, e] as [number, number]);
      raw.clipsText = cell;
      raw.clipParser = ctx.clipParser;
    }
    if (hasJudged && item.format === "enumeration" && answer.trim() !== "") {
      const [tp, fp, fn] = judgedCols.map((c) => parseCount(row.cells[c]));
      const anyGiven = judgedCols.some((c) => (row.cells[c] ?? "").trim() !== "");
      if (tp !== null && fp !== null && fn !== null) raw.judged = { tp, fp, fn };
      else if (anyGiven) {
        p.add({ code: "invalid_judgement", line: row.line, id, message: `line ${row.line} of ${file}: judged counts ${judgedCols.join("/")} must be non-negative integers; the deterministic matcher is used instead` });
      }
    }
    raws.set(item.itemId, raw);
  }
  const meta: Record<string, string> = { answer_column: answerColumn, model };
  if (clipsColumn) meta.clips_column = clipsColumn;
  if (hasJudged) meta.judged_columns = judgedCols.join(",");
  return { raws, usable, records: rows.length, meta };
}
