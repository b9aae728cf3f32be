/**
 * The workflow section of `Project.settings` (PURE; the zod schema is shared by the workflow page,
 * the API and the server): stored under the key `workflow`, next to keys other code owns
 * (`lib/projects/settings.ts` keeps those; an update of one never drops the other).
 *
 * - `activities`: which annotation task kinds the project uses, per benchmark (defaults: all of the
 *   benchmark's kinds). Submit rules skip the checks of an activity the project does not use.
 * - `mode`: new annotation tasks start `blank` (annotate from scratch; truth never sent) or
 *   `prefill` (verify the generated item). Defaults: VCBench blank; the others prefill.
 * - `annotationsPerItem`: independent annotations per item k (1: a submit becomes the item's
 *   truth; 2..5: blind double review, the k passes compared at the k-th submit, issue 12).
 * - `expertSamplePercent`: share of items whose written truth an expert looks at again (0-100,
 *   default 0; stored as `review.expertSamplePercent`, lib/review/expert-sample.ts).
 * - `annotatorIds`: who may annotate: null = every project member with the ANNOTATOR role; a
 *   list = only those members.
 */
import { z } from "zod";
import { text } from "@/lib/http/text-schema";

export const ANNOTATION_ACTIVITIES = {
  VCBENCH: ["events", "identities", "counts", "query_points"],
  ECBENCH: ["feasibility", "answer", "evidence"],
  TOCBENCH: ["qa_verification"],
  VSTAT: ["taxonomy", "qa_validation"],
  VSAS: ["caption_review"],
  CUSTOM: [],
} as const satisfies Record<string, readonly string[]>;

export const ACTIVITY_LABELS: Record<string, string> = {
  events: "Events: E1 timestamps and E2 spans",
  identities: "Identities: O2 first appearances",
  counts: "Counts: O1 counts at query points / window ends",
  query_points: "Query-point design (3-8 points)",
  feasibility: "Feasibility check",
  answer: "Answer verification or revision",
  evidence: "Evidence spans",
  qa_verification: "QA verification (keep / revise / remove)",
  taxonomy: "Taxonomy labels",
  qa_validation: "QA validation (keep / revise / remove)",
  caption_review: "1 FPS caption review",
};

export type WorkflowBenchmark = keyof typeof ANNOTATION_ACTIVITIES;
export const ANNOTATION_MODES = ["blank", "prefill"] as const;
export type AnnotationMode = (typeof ANNOTATION_MODES)[number];
export const MAX_ANNOTATIONS_PER_ITEM = 5;

export function activitiesOf(kind: string): readonly string[] {
  return (ANNOTATION_ACTIVITIES as Record<string, readonly string[]>)[kind] ?? [];
}

export function defaultModeFor(kind: string): AnnotationMode {
  return kind === "VCBENCH" || kind === "CUSTOM" ? "blank" : "prefill";
}

export type WorkflowSettings = {
  activities: string[];
  mode: AnnotationMode;
  annotationsPerItem: number;
  annotatorIds: string[] | null;
  expertSamplePercent: number;
};

export function defaultWorkflowSettings(kind: string): WorkflowSettings {
  return { activities: [...activitiesOf(kind)], mode: defaultModeFor(kind), annotationsPerItem: 1, annotatorIds: null, expertSamplePercent: 0 };
}

const fields = {
  activities: z.array(text().min(1)).max(20),
  mode: z.enum(ANNOTATION_MODES, { message: `must be one of ${ANNOTATION_MODES.join(", ")}` }),
  annotationsPerItem: z
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(MAX_ANNOTATIONS_PER_ITEM, `must be at most ${MAX_ANNOTATIONS_PER_ITEM} (2 or more = blind double review)`),
  annotatorIds: z.array(text().min(1).max(64)).max(10_000).nullable(),
  expertSamplePercent: z
    .number({ message: "must be a number" })
    .min(0, "must be at least 0")
    .max(100, "must be at most 100")
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { message: "must have at most 2 decimals" }),
};

/** `review.expertSamplePercent` (0-100): the expert sample's share of items (lib/review/expert-sample.ts). */
export const expertSamplePercentSchema = fields.expertSamplePercent;

/** Body of PATCH /api/projects/:projectId/workflow: any subset of the keys (activities checked against the benchmark by {@link workflowUpdateSchemaFor}). */
export const workflowUpdateSchema = z
  .strictObject(fields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: "send at least one setting" });
export type WorkflowUpdate = z.infer<typeof workflowUpdateSchema>;

/** Problems of an update for this benchmark (unknown activity names), as {field, message}. */
export function workflowUpdateProblems(kind: string, update: WorkflowUpdate): { field: string; message: string }[] {
  const allowed = activitiesOf(kind);
  const problems: { field: string; message: string }[] = [];
  for (const [i, a] of (update.activities ?? []).entries()) {
    if (!allowed.includes(a)) problems.push({ field: `activities.${i}`, message: `"${a}" is not a ${kind} task kind (one of ${allowed.join(", ") || "none"})` });
  }
  const seen = new Set<string>();
  for (const [i, a] of (update.activities ?? []).entries()) {
    if (seen.has(a)) problems.push({ field: `activities.${i}`, message: `"${a}" is listed twice` });
    seen.add(a);
  }
  return problems;
}

function asObject(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** `Project.settings` JSON → the workflow settings; each key validated on its own, a bad or missing key gets its default. */
export function parseWorkflowSettings(stored: unknown, kind: string): WorkflowSettings {
  const w = asObject(asObject(stored).workflow);
  const d = defaultWorkflowSettings(kind);
  const pick = <K extends keyof typeof fields>(k: K): WorkflowSettings[K] => {
    if (!(k in w)) return d[k];
    const r = fields[k].safeParse(w[k]);
    return (r.success ? r.data : d[k]) as WorkflowSettings[K];
  };
  const activities = pick("activities").filter((a) => activitiesOf(kind).includes(a));
  const expert = fields.expertSamplePercent.safeParse(asObject(asObject(stored).review).expertSamplePercent);
  return {
    activities,
    mode: pick("mode"),
    annotationsPerItem: pick("annotationsPerItem"),
    annotatorIds: pick("annotatorIds"),
    expertSamplePercent: expert.success ? expert.data : d.expertSamplePercent,
  };
}

/** The stored settings object after a workflow update (every other key kept). */
export function mergeWorkflowSettings(stored: unknown, kind: string, update: WorkflowUpdate): Record<string, unknown> {
  const obj = asObject(stored);
  const { expertSamplePercent, ...workflow } = { ...parseWorkflowSettings(obj, kind), ...update };
  return { ...obj, workflow, review: { ...asObject(obj.review), expertSamplePercent } };
}
