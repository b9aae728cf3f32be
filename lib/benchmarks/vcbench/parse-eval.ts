/**
 * VCBench `vcbench_eval.jsonl` (one query point a line: `q_id, query_index, id,
 * source_dataset, video_path, question, counting_type, counting_subtype, query_time,
 * count`) → normalised items, one per question.
 *
 * Lines are grouped by the eval file's own `id` (within this file only: the eval ids are
 * NOT the data file's ids, see `./match-eval.ts`). Every line of a group must agree on
 * video, question and subtype (`eval_group_inconsistent` error otherwise). The `q_id`s
 * and any non-standard `query_index` values are kept in `truth.source.eval_points` so the
 * exporter reproduces the file.
 */
import { z } from "zod";
import { VCBENCH_SUBTYPES } from "@/lib/metrics/vcbench";
import { duplicateIdErrors, extraFields, idOf, issue, issuesFromZod } from "../issues";
import type { RecordSink } from "../record-sink";
import type { ImportIssue, NormalisedItem } from "../types";
import { checkVcbenchItems } from "./checks";
import { VCBENCH_EVAL_FILE_KIND, vcbenchVideoRef } from "./shared";

export const VCBENCH_EVAL_FIELDS = [
  "q_id",
  "query_index",
  "id",
  "source_dataset",
  "video_path",
  "question",
  "counting_type",
  "counting_subtype",
  "query_time",
  "count",
] as const;

const finite = z.number().refine(Number.isFinite, "must be a finite number");
const idLike = z.string().min(1, "must be a non-empty string");

const evalLineSchema = z.looseObject({
  q_id: idLike,
  query_index: z.number().int().nonnegative().optional(),
  id: idLike,
  source_dataset: z.string().min(1, "must be a non-empty string"),
  video_path: z.string().min(1, "must be a non-empty string"),
  question: z.string().min(1, "must be a non-empty string"),
  counting_type: z.string().optional(),
  counting_subtype: z.enum(VCBENCH_SUBTYPES),
  query_time: finite,
  count: finite,
});

type EvalLine = z.infer<typeof evalLineSchema>;
type Group = { first: EvalLine; line: number; lines: { rec: EvalLine; line: number; extra?: Record<string, unknown> }[]; lastSeq: number };

/** A sink for `vcbench_eval.jsonl` lines. */
export function vcbenchEvalSink(): RecordSink {
  const groups = new Map<string, Group>();
  const errors: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  const qids = new Map<string, number>();
  let seq = 0;
  let lastId: string | null = null;
  return {
    add(record, line) {
      const parsed = evalLineSchema.safeParse(record);
      if (!parsed.success) {
        errors.push(...issuesFromZod(parsed.error.issues, { line, id: idOf(record, "id") }));
        return;
      }
      const rec = parsed.data;
      const prevQ = qids.get(rec.q_id);
      if (prevQ !== undefined) errors.push(issue("duplicate_q_id", `q_id "${rec.q_id}" is used again (first at line ${prevQ})`, { item_id: rec.id, line, field: "q_id" }));
      else qids.set(rec.q_id, line);
      seq++;
      let g = groups.get(rec.id);
      if (!g) {
        g = { first: rec, line, lines: [], lastSeq: seq };
        groups.set(rec.id, g);
      } else {
        if (lastId !== rec.id) {
          warnings.push(issue("eval_group_not_contiguous", `the lines of question "${rec.id}" are not consecutive (it started at line ${g.line}); they are grouped together`, { item_id: rec.id, line }));
        }
        for (const f of ["source_dataset", "video_path", "question", "counting_subtype", "counting_type"] as const) {
          if (rec[f] !== g.first[f]) {
            errors.push(issue("eval_group_inconsistent", `field "${f}" is ${JSON.stringify(rec[f])} but ${JSON.stringify(g.first[f])} on line ${g.line} of the same question`, { item_id: rec.id, line, field: f }));
          }
        }
      }
      lastId = rec.id;
      g.lines.push({ rec, line, extra: extraFields(record, VCBENCH_EVAL_FIELDS) });
    },
    finish() {
      const items: NormalisedItem[] = [];
      for (const [id, g] of groups) {
        const f = g.first;
        const indexes = g.lines.map((l) => l.rec.query_index);
        const standard = indexes.every((x, i) => x === i);
        if (!standard) {
          warnings.push(issue("query_index_out_of_sequence", `query_index values [${indexes.map((x) => x ?? "missing").join(", ")}] are not 0, 1, 2, ...`, { item_id: id, line: g.line, field: "query_index" }));
        }
        const evalPoints: Record<string, unknown> = { q_ids: g.lines.map((l) => l.rec.q_id) };
        if (!standard) evalPoints.query_index = indexes.map((x) => x ?? null);
        if (g.lines.some((l) => l.extra)) evalPoints.extra = g.lines.map((l) => l.extra ?? null);
        const labels: NormalisedItem["labels"] = { subtype: f.counting_subtype, source_dataset: f.source_dataset };
        if (f.counting_type !== undefined) labels.counting_type = f.counting_type;
        items.push({
          externalId: id,
          ordinal: items.length,
          format: "count",
          question: f.question,
          presentation: { answer_type: "integer" },
          labels,
          videoRef: vcbenchVideoRef(f.source_dataset, f.video_path),
          queryPoints: g.lines.map((l, i) => ({ ordinal: i, timeSec: l.rec.query_time })),
          truth: { answer: g.lines.map((l) => l.rec.count), source: { eval_points: evalPoints } },
          truthSpans: [],
          line: g.line,
        });
      }
      return {
        items,
        warnings: [...warnings, ...checkVcbenchItems(items)],
        errors: [...errors, ...duplicateIdErrors(items)],
        meta: { fileKind: VCBENCH_EVAL_FILE_KIND },
      };
    },
  };
}
