/**
 * Validation of VCBench native records (`vcbench_data.jsonl`, one question a line) into
 * typed structures, with problems that name the line, id and field. Pure TypeScript.
 */
import { z } from "zod";
import type { Problem } from "./problems";
import { VCBENCH_SUBTYPES, type VcbenchCheckRecord } from "./vcbench";
import { issuesToProblems } from "./zod-problems";

const finite = z.number().refine(Number.isFinite, "must be a finite number");
const startEnd = z.object({ start: z.array(finite), end: z.array(finite) });

/**
 * A full `vcbench_data.jsonl` record: `id, source_dataset, video_path, question,
 * counting_type, counting_subtype, occurrence_times, query_points {time, count}`
 * (see `../shared/datasets/README.md`). Unknown extra fields are kept.
 * Rules: `query_points.time` and `.count` equally long and non-empty; `occurrence_times`
 * a list for O1-Snap, O2-Unique, E1-*, a `{start, end}` object of equal lengths for E2-*,
 * O1-Delta, O2-Gain.
 */
export const vcbenchTruthRecordSchema = z
  .looseObject({
    id: z.string().min(1, "must be a non-empty string"),
    source_dataset: z.string().optional(),
    video_path: z.string().optional(),
    question: z.string().optional(),
    counting_type: z.string().optional(),
    counting_subtype: z.enum(VCBENCH_SUBTYPES),
    occurrence_times: z.union([z.array(finite), startEnd]),
    query_points: z.object({ time: z.array(finite).min(1, "must list at least one query time"), count: z.array(finite) }),
  })
  .superRefine((r, ctx) => {
    if (r.query_points.time.length !== r.query_points.count.length) {
      ctx.addIssue({ code: "custom", path: ["query_points", "count"], message: `has ${r.query_points.count.length} counts for ${r.query_points.time.length} query times` });
    }
    const wantsList = r.counting_subtype === "O1-Snap" || r.counting_subtype === "O2-Unique" || r.counting_subtype.startsWith("E1-");
    const isList = Array.isArray(r.occurrence_times);
    if (wantsList !== isList) {
      ctx.addIssue({ code: "custom", path: ["occurrence_times"], message: wantsList ? `must be a list of seconds for ${r.counting_subtype}` : `must be an object {start, end} for ${r.counting_subtype}` });
    } else if (!isList) {
      const se = r.occurrence_times as { start: number[]; end: number[] };
      if (se.start.length !== se.end.length) {
        ctx.addIssue({ code: "custom", path: ["occurrence_times", "end"], message: `has ${se.end.length} ends for ${se.start.length} starts` });
      }
    }
  });

export type VcbenchTruthRecord = z.infer<typeof vcbenchTruthRecordSchema> & VcbenchCheckRecord;

/**
 * Validates a parsed `vcbench_data.jsonl` line (full record, for import and the
 * ground-truth checker). `line` is the 1-based line number used in problems.
 */
export function parseVcbenchTruthRecord(value: unknown, line?: number): { record: VcbenchTruthRecord | null; problems: Problem[] } {
  const r = vcbenchTruthRecordSchema.safeParse(value);
  if (r.success) return { record: r.data as VcbenchTruthRecord, problems: [] };
  const id = value && typeof value === "object" && typeof (value as { id?: unknown }).id === "string" ? (value as { id: string }).id : undefined;
  return { record: null, problems: issuesToProblems(r.error.issues, { line, id, code: "invalid_truth_record" }) };
}

export { validateVcbenchScoringFields, type VcbenchScoringFields } from "./vcbench-scoring-fields";
