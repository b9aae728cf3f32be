/**
 * Validation of TOC-Bench native files (`answer_final.json`) into typed items, with
 * problems naming the item index, qa_id and field. Pure TypeScript.
 */
import { z } from "zod";
import type { Problem } from "./problems";
import type { TocItem } from "./tocbench";
import { issuesToProblems } from "./zod-problems";

/**
 * One item of `answer_final.json` as far as scoring needs it. Required (the reference
 * raises KeyError without them): `qa_id`, `format`, `video_id`. `correct_answer` must be a
 * string for non-ordering formats, `correct_order` a list of strings for ordering
 * formats (the reference tolerates their absence by scoring the item as incorrect;
 * Playhead rejects such items with a problem). `metadata` is optional (null or missing →
 * dim/tier "unknown", bucket "clean", as the reference's `.get` defaults). Extra fields
 * (question, options, statements, events, allowed_answers) are kept.
 */
export const tocItemSchema = z
  .looseObject({
    qa_id: z.string().min(1, "must be a non-empty string"),
    format: z.string().min(1, "must be a non-empty string"),
    video_id: z.string(),
    correct_answer: z.string().optional(),
    correct_order: z.array(z.string()).optional(),
    metadata: z
      .looseObject({
        dim: z.string().nullable().optional(),
        tier: z.string().nullable().optional(),
        hallucination: z.string().nullable().optional(),
        has_hallucination_distractor: z.unknown().optional(),
      })
      .nullable()
      .optional(),
  })
  .superRefine((it, ctx) => {
    if (it.format.startsWith("ordering")) {
      if (!it.correct_order || it.correct_order.length === 0) {
        ctx.addIssue({ code: "custom", path: ["correct_order"], message: `must be a non-empty list of labels for format ${it.format}` });
      }
    } else if (it.correct_answer === undefined) {
      ctx.addIssue({ code: "custom", path: ["correct_answer"], message: `is required for format ${it.format}` });
    }
  });

/**
 * Validates the parsed `answer_final.json`: an object with an `items` array (a bare array
 * of items is accepted too). Invalid items are left out and reported (field
 * `items[i].…`); duplicate qa_ids are reported but kept, because the reference scores
 * every listed item. `fatal` is set when there is no item list at all.
 */
export function parseTocBenchFile(value: unknown): { items: TocItem[]; problems: Problem[]; fatal?: string } {
  const list = Array.isArray(value) ? value : value && typeof value === "object" ? (value as { items?: unknown }).items : undefined;
  if (!Array.isArray(list)) return { items: [], problems: [], fatal: 'the truth file has no "items" list' };
  const items: TocItem[] = [];
  const problems: Problem[] = [];
  const seen = new Map<string, number>();
  list.forEach((raw, i) => {
    const r = tocItemSchema.safeParse(raw);
    if (!r.success) {
      const id = raw && typeof raw === "object" && typeof (raw as { qa_id?: unknown }).qa_id === "string" ? (raw as { qa_id: string }).qa_id : undefined;
      problems.push(...issuesToProblems(r.error.issues, { id, code: "invalid_truth_item", prefix: `items[${i}]` }));
      return;
    }
    const item = r.data as TocItem;
    const prev = seen.get(item.qa_id);
    if (prev !== undefined) {
      problems.push({ code: "duplicate_truth_id", id: item.qa_id, field: `items[${i}].qa_id`, message: `items[${i}]: qa_id "${item.qa_id}" already used by items[${prev}]; both are scored (as the reference does)` });
    } else seen.set(item.qa_id, i);
    items.push(item);
  });
  return { items, problems };
}
