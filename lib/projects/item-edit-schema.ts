/**
 * The body of an item edit (PURE; shared by the edit form and PATCH /api/projects/[projectId]/items/[itemId]).
 *
 * `version` is the item version the edit is based on (optimistic concurrency: a different
 * current version → 409 with that version, nothing written). Every other field is optional;
 * what is sent replaces the stored value:
 *   question, presentation, labels, notes, videoRef, status (+ removalReason)   item fields
 *   truth.answer (+ truth.source), queryPoints (times, seconds), spans (truth evidence)   ground truth
 * A change of ground truth bumps the truth version of the item and of the project.
 */
import { z } from "zod";
import { multilineText, text } from "@/lib/http/text-schema";
import { LABEL_KEY_PATTERN } from "./item-filters";
import { plural } from "@/lib/text/plural";

const seconds = z.number({ message: "must be a number of seconds" }).refine(Number.isFinite, "must be a finite number").refine((n) => n >= 0, "must not be negative");
const jsonObject = z.record(text(), z.json(), { message: "must be a JSON object" });
const labelValue = z.union([text(), z.number().refine(Number.isFinite, "must be finite"), z.boolean(), z.null(), z.array(text())], {
  message: "must be a string, number, boolean, null or a list of strings",
});

export const ITEM_STATUSES = ["ACTIVE", "REMOVED"] as const;

export const itemEditSchema = z
  .strictObject({
    version: z.number({ message: "is required: the version you edited" }).int("must be a whole number").min(1, "must be at least 1"),
    reason: multilineText().trim().max(500, "must be at most 500 characters").optional(),
    question: multilineText().trim().min(1, "must not be empty").max(20_000, "must be at most 20000 characters").optional(),
    presentation: jsonObject.optional(),
    labels: z.record(text().regex(LABEL_KEY_PATTERN, "label keys are letters, digits, _ and - (at most 64)"), labelValue, { message: "must be an object" }).optional(),
    notes: multilineText().max(20_000, "must be at most 20000 characters").optional(),
    videoRef: text().trim().min(1, "must not be empty").max(1000, "must be at most 1000 characters").optional(),
    status: z.enum(ITEM_STATUSES, { message: "must be ACTIVE or REMOVED" }).optional(),
    removalReason: multilineText().trim().max(500, "must be at most 500 characters").nullable().optional(),
    truth: z.strictObject({ answer: z.json({ message: "must be JSON" }), source: jsonObject.optional() }).optional(),
    queryPoints: z.array(seconds).max(1000, "at most 1000 query points").optional(),
    spans: z
      .array(z.strictObject({ startSec: seconds, endSec: seconds, label: text().max(200, "must be at most 200 characters").optional() }))
      .max(1000, "at most 1000 spans")
      .optional(),
  })
  .superRefine((v, ctx) => {
    const changes = Object.keys(v).filter((k) => k !== "version" && k !== "reason");
    if (changes.length === 0) ctx.addIssue({ code: "custom", message: "send at least one field to change", path: [] });
    v.spans?.forEach((s, i) => {
      if (s.endSec < s.startSec) ctx.addIssue({ code: "custom", message: `ends (${s.endSec} s) before it starts (${s.startSec} s)`, path: ["spans", i, "endSec"] });
    });
  });

export type ItemEdit = z.infer<typeof itemEditSchema>;
export type ItemEditInput = z.input<typeof itemEditSchema>;

export type ShapeIssue = { field: string; message: string };

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

function labelsOf(list: unknown): string[] {
  return Array.isArray(list) ? list.map((o) => (o && typeof o === "object" ? String((o as { label?: unknown }).label ?? "") : "")).filter(Boolean) : [];
}

/**
 * Checks that a truth answer has the shape its native format needs, so an edit cannot store an
 * answer the scorer would choke on. Unknown formats (custom projects) accept any JSON.
 */
export function truthShapeIssues(format: string, answer: unknown, ctx: { queryPoints: number; presentation: Record<string, unknown> }): ShapeIssue[] {
  const field = "truth.answer";
  const bad = (message: string): ShapeIssue[] => [{ field, message }];
  switch (format) {
    case "count": {
      if (!Array.isArray(answer) || !answer.every((c) => typeof c === "number" && Number.isInteger(c))) return bad("must be a list of whole numbers, one count per query point");
      if (answer.length !== ctx.queryPoints) return bad(`must hold ${plural(ctx.queryPoints, "count")} (one per query point), has ${answer.length}`);
      return [];
    }
    case "mcq_4":
    case "sp":
    case "mcq": {
      const options = labelsOf(ctx.presentation.options ?? ctx.presentation.statements);
      const allowed = options.length ? options : format === "sp" ? ["A", "B"] : LETTERS.slice(0, 4).split("");
      return typeof answer === "string" && allowed.includes(answer) ? [] : bad(`must be one of ${allowed.join(", ")}`);
    }
    case "numerical": {
      const allowed = Array.isArray(ctx.presentation.allowed_answers) ? ctx.presentation.allowed_answers.map(String) : [];
      if (typeof answer !== "string") return bad("must be a string");
      return allowed.length && !allowed.includes(answer) ? bad(`must be one of ${allowed.map((a) => JSON.stringify(a)).join(", ")}`) : [];
    }
    case "ordering_3":
    case "ordering_4": {
      const labels = labelsOf(ctx.presentation.events);
      const ok = Array.isArray(answer) && answer.length === labels.length && labels.every((l) => answer.includes(l)) && new Set(answer).size === answer.length;
      return ok ? [] : bad(`must list every event label once, in order (${labels.join(", ")})`);
    }
    case "numeric":
      return (typeof answer === "number" && Number.isInteger(answer)) || (typeof answer === "string" && /^\s*-?\d+\s*$/.test(answer)) ? [] : bad("must be a whole number");
    case "counting":
    case "enumeration":
      return typeof answer === "string" && answer.trim() !== "" ? [] : bad("must be a non-empty string");
    case "caption": {
      const ok = Array.isArray(answer) && answer.every((c) => c && typeof c === "object" && typeof (c as { t?: unknown }).t === "number" && typeof (c as { text?: unknown }).text === "string");
      return ok ? [] : bad("must be a list of {t, text} captions");
    }
    default:
      return [];
  }
}
