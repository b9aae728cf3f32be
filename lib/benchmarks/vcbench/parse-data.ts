/**
 * VCBench `vcbench_data.jsonl` (one question a line) → normalised items.
 *
 * Validation reuses `lib/metrics/vcbench-schema.ts` (`parseVcbenchTruthRecord`: subtype,
 * occurrence_times shape, query_points lengths) and adds what an import needs
 * (`source_dataset`, `video_path`, `question` as strings). Consistency warnings come from
 * `./checks.ts`.
 */
import { z } from "zod";
import { parseVcbenchTruthRecord } from "@/lib/metrics/vcbench-schema";
import { duplicateIdErrors, extraFields, idOf, issueFromProblem, issuesFromZod } from "../issues";
import type { RecordSink } from "../record-sink";
import type { ImportIssue, NormalisedItem } from "../types";
import { checkVcbenchItems } from "./checks";
import { VCBENCH_DATA_FILE_KIND, vcbenchVideoRef } from "./shared";

/** Native fields of a data record represented elsewhere in the item. */
export const VCBENCH_DATA_FIELDS = [
  "id",
  "source_dataset",
  "video_path",
  "question",
  "counting_type",
  "counting_subtype",
  "occurrence_times",
  "query_points",
] as const;

const importFields = z.looseObject({
  source_dataset: z.string().min(1, "must be a non-empty string"),
  video_path: z.string().min(1, "must be a non-empty string"),
  question: z.string().min(1, "must be a non-empty string"),
  counting_type: z.string().optional(),
});

/** A sink for `vcbench_data.jsonl` records. */
export function vcbenchDataSink(): RecordSink {
  const items: NormalisedItem[] = [];
  const errors: ImportIssue[] = [];
  return {
    add(record, line) {
      const id = idOf(record, "id");
      const base = parseVcbenchTruthRecord(record, line);
      const extra = importFields.safeParse(record);
      if (!base.record || !extra.success) {
        errors.push(...base.problems.map((p) => issueFromProblem(p, "invalid_record")));
        if (!extra.success) errors.push(...issuesFromZod(extra.error.issues, { line, id }));
        return;
      }
      const r = base.record;
      const rest = extraFields(record, VCBENCH_DATA_FIELDS);
      const source: Record<string, unknown> = { occurrence_times: r.occurrence_times };
      if (rest) source.extra = rest;
      const labels: NormalisedItem["labels"] = { subtype: r.counting_subtype, source_dataset: extra.data.source_dataset };
      if (extra.data.counting_type !== undefined) labels.counting_type = extra.data.counting_type;
      items.push({
        externalId: r.id,
        ordinal: items.length,
        format: "count",
        question: extra.data.question,
        presentation: { answer_type: "integer" },
        labels,
        videoRef: vcbenchVideoRef(extra.data.source_dataset, extra.data.video_path),
        queryPoints: r.query_points.time.map((t, i) => ({ ordinal: i, timeSec: t })),
        truth: { answer: [...r.query_points.count], source },
        truthSpans: [],
        line,
      });
    },
    finish() {
      const dup = duplicateIdErrors(items);
      const warnings = checkVcbenchItems(items);
      return { items, warnings, errors: [...errors, ...dup], meta: { fileKind: VCBENCH_DATA_FILE_KIND } };
    },
  };
}
