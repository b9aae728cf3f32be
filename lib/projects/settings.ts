/**
 * `Project.settings`: the project's workflow configuration (PURE; the zod schemas are shared by
 * the settings form, the API and the server).
 *
 * Stored as JSON next to keys other code owns (`native`: the file meta the importer keeps for
 * export); an update merges the validated keys into the stored object and never drops the
 * others. Read back through {@link parseProjectSettings}, so an old or partly broken row gets
 * today's defaults key by key.
 */
import { z } from "zod";
import { multilineText, text } from "@/lib/http/text-schema";
import { CLIP_PARSERS, DEFAULT_CLIP_PARSER } from "@/lib/metrics/parse-time";
import type { BenchmarkKind } from "@/lib/db/types";

export const METRIC_VARIANTS = ["reference", "paper"] as const;
export type MetricVariant = (typeof METRIC_VARIANTS)[number];

export const METRIC_VARIANT_LABELS: Record<MetricVariant, string> = {
  reference: "Reference code (default)",
  paper: "Paper's text",
};

export const CLIP_PARSER_LABELS: Record<(typeof CLIP_PARSERS)[number], string> = {
  reference: "As the reference code (default)",
  lenient: "Lenient: repair malformed clips and report each",
};

export const PROTOCOLS = ["STREAMING", "FREE_REWATCH"] as const;
export const PROTOCOL_LABELS: Record<(typeof PROTOCOLS)[number], string> = {
  STREAMING: "Streaming: pause at each query point, no rewind, no peek",
  FREE_REWATCH: "Free rewatch: one locked answer per question",
};

const wholeOrNull = (max: number) => z.number().int("must be a whole number").min(1, "must be at least 1").max(max, `must be at most ${max}`).nullable();

/** Defaults for new human-baseline studies of the project (same names as Study.settings). */
export const protocolDefaultsSchema = z.strictObject({
  playbackRate: z.number().min(0.25, "must be at least 0.25").max(4, "must be at most 4"),
  allowVoluntaryPause: z.boolean(),
  timeLimitMinutes: wholeOrNull(24 * 60),
  /** 1 = one participant per video (VCBench); null = no limit. */
  participantsPerVideo: wholeOrNull(10_000),
  capPerParticipant: wholeOrNull(10_000),
});

const fields = {
  /** Where a paper and its reference code disagree: which one scores (default: the code). */
  metricVariant: z.enum(METRIC_VARIANTS, { message: `must be one of ${METRIC_VARIANTS.join(", ")}` }),
  /**
   * EC-Bench clip cells (truth `clips`, predicted clips): read as the reference `judge_core.py`
   * does (default) or with the lenient parser, which repairs malformed cells and reports each.
   */
  clipParser: z.enum(CLIP_PARSERS, { message: `must be one of ${CLIP_PARSERS.join(", ")}` }),
  /** Cohen's kappa an annotator must exceed on the gold set to qualify (SPEC default 0.8). */
  qualificationKappa: z.number({ message: "must be a number" }).min(0, "must be at least 0").max(1, "must be at most 1"),
  /** Every item annotated independently by two annotators, then adjudicated. */
  doubleReview: z.boolean({ message: "must be true or false" }),
  /** Fraction of submitted work an expert samples for review (1 = everything). */
  reviewSampleRate: z.number({ message: "must be a number" }).min(0, "must be at least 0").max(1, "must be at most 1"),
  /** Timestamp agreement: two marks match within this many frames. */
  timestampToleranceFrames: z.number({ message: "must be a number" }).int("must be a whole number").min(0, "must be at least 0").max(1000, "must be at most 1000"),
  /** Evidence spans closer than this (seconds) are merged (EC-Bench protocol: 5 s). */
  evidenceMergeGapSec: z.number({ message: "must be a number" }).min(0, "must be at least 0").max(3600, "must be at most 3600"),
  /** Baseline protocol of the project's studies. */
  protocol: z.enum(PROTOCOLS, { message: `must be one of ${PROTOCOLS.join(", ")}` }),
  protocolDefaults: protocolDefaultsSchema,
};

export const projectSettingsSchema = z.strictObject(fields);
export type ProjectSettings = z.infer<typeof projectSettingsSchema>;

/** Body of a settings update: any subset of the keys (at least one); unknown keys are refused by name. */
export const projectSettingsUpdateSchema = z
  .strictObject(fields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: "send at least one setting" });
export type ProjectSettingsUpdate = z.infer<typeof projectSettingsUpdateSchema>;

/** Name and description of a project. */
export const projectUpdateSchema = z
  .strictObject({
    name: text().trim().min(1, "must not be empty").max(200, "must be at most 200 characters").optional(),
    description: multilineText().max(5000, "must be at most 5000 characters").optional(),
  })
  .refine((v) => v.name !== undefined || v.description !== undefined, { message: "send a name or a description" });
export type ProjectUpdate = z.infer<typeof projectUpdateSchema>;

/** Defaults for a project of this kind (streaming kinds: VCBench and VSAS). */
export function defaultProjectSettingsFor(kind: BenchmarkKind | string): ProjectSettings {
  const streaming = kind === "VCBENCH" || kind === "VSAS";
  return {
    metricVariant: "reference",
    clipParser: DEFAULT_CLIP_PARSER,
    qualificationKappa: 0.8,
    doubleReview: false,
    reviewSampleRate: 1,
    timestampToleranceFrames: 2,
    evidenceMergeGapSec: 5,
    protocol: streaming ? "STREAMING" : "FREE_REWATCH",
    protocolDefaults: {
      playbackRate: 1,
      allowVoluntaryPause: !streaming,
      timeLimitMinutes: null,
      participantsPerVideo: kind === "VCBENCH" ? 1 : null,
      capPerParticipant: null,
    },
  };
}

function asObject(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Stored JSON → settings: each key validated on its own; a missing or invalid key gets its default (never throws). */
export function parseProjectSettings(stored: unknown, kind: BenchmarkKind | string): ProjectSettings {
  const obj = asObject(stored);
  const defaults = defaultProjectSettingsFor(kind);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(fields) as (keyof typeof fields)[]) {
    if (key === "protocolDefaults") {
      const inner = asObject(obj.protocolDefaults);
      const merged: Record<string, unknown> = {};
      for (const k of Object.keys(protocolDefaultsSchema.shape) as (keyof typeof protocolDefaultsSchema.shape)[]) {
        const r = protocolDefaultsSchema.shape[k].safeParse(inner[k]);
        merged[k] = k in inner && r.success ? r.data : defaults.protocolDefaults[k];
      }
      out.protocolDefaults = merged;
      continue;
    }
    const r = fields[key].safeParse(obj[key]);
    out[key] = key in obj && r.success ? r.data : defaults[key];
  }
  return out as ProjectSettings;
}

/** The stored object after an update: validated keys replaced, every other stored key (e.g. `native`) kept. */
export function mergeProjectSettings(stored: unknown, update: ProjectSettingsUpdate): Record<string, unknown> {
  return { ...asObject(stored), ...update };
}
