/**
 * `Study.settings`: the configuration of a human-baseline study (PURE; shared by the admin form,
 * the API and the server). Stored as JSON; read back through {@link parseStudySettings} so an old
 * row gets today's defaults, except where a new setting would change what an old study already
 * reported ({@link STORED_ROW_DEFAULTS}).
 */
import { z } from "zod";
import { multilineText, text } from "@/lib/http/text-schema";
import { CROWD_PLATFORMS } from "./crowd-platforms";

const httpUrl = text()
  .max(2000, "must be at most 2000 characters")
  .pipe(z.url({ protocol: /^https?$/, message: "must be an absolute http(s) URL" }));

/** Each setting's type, without defaults (PATCH bodies name only what changes). */
const fields = {
  /** Shown before the first session (plain text, paragraphs separated by blank lines). */
  instructions: multilineText().max(20_000, "must be at most 20000 characters"),
  /** Consent text; the participant must accept it before any video is served. */
  consentText: multilineText().max(20_000, "must be at most 20000 characters"),
  /** Fixed playback rate (the participant cannot change it). */
  playbackRate: z.number().min(0.25, "must be at least 0.25").max(4, "must be at most 4"),
  /** Whether the participant may pause voluntarily between query points. */
  allowVoluntaryPause: z.boolean(),
  /** Minutes from consent until unfinished sessions are closed as abandoned; null = no limit. */
  timeLimitMinutes: z.number().int("must be a whole number").min(1, "must be at least 1").max(24 * 60).nullable(),
  /**
   * Participants per video: 1 = one participant per video (VCBench's protocol); null = no limit
   * (balanced: each new participant gets the least-assigned videos first).
   */
  participantsPerVideo: z.number().int("must be a whole number").min(1, "must be at least 1").max(10_000).nullable(),
  /**
   * Never give a participant an item whose video they received in an earlier session of any study
   * (any protocol): someone who has seen a video, e.g. under free rewatch, cannot answer about it
   * as if for the first time under the no-rewind protocol. The same person: the same account, or
   * the same platform id on the same platform (lib/studies/seen-videos.ts). Off only when repeat
   * exposure is what the study measures.
   */
  excludeSeenVideos: z.boolean(),
  /** Most videos (sessions) one participant receives, attention-check videos not counted; null = no cap. */
  capPerParticipant: z.number().int("must be a whole number").min(1, "must be at least 1").max(10_000).nullable(),
  /**
   * Recruitment platforms the study's link is handed out on (the admin page shows each one's link
   * with its placeholders; opening such a study without a completion code or URL needs a confirmation).
   */
  crowdPlatforms: z
    .array(z.enum(CROWD_PLATFORMS, { error: `must be one of ${CROWD_PLATFORMS.join(", ")}` }))
    .max(CROWD_PLATFORMS.length)
    .refine((v) => new Set(v).size === v.length, "must not list a platform twice"),
  /** Shown on the completion page (e.g. the Prolific completion code). */
  completionCode: text().trim().max(100, "must be at most 100 characters"),
  /** Where the completion page sends the participant ("{code}" is replaced by the completion code). */
  redirectUrl: httpUrl.nullable(),
  /** Streaming: extra cuts every this many seconds so a stretch starts playing without downloading it whole. */
  segmentSeconds: z.number().min(1, "must be at least 1").max(60, "must be at most 60"),
  /**
   * Streaming: refuse an answer before the stretch could have been watched in real time at the
   * fixed rate (counted from its first segment request). Off only for tests and benchmarks.
   */
  enforceRealtime: z.boolean(),
  /** An ACTIVE session not seen for this many minutes is flagged abandoned in results. */
  abandonAfterMinutes: z.number().int().min(1).max(7 * 24 * 60),
  /**
   * Leave participants who failed an attention check (any of their sessions) out of the human
   * baseline row (lib/studies/human-run.ts); the results page and the report's methods paragraph
   * then say "excluded". Off: they are flagged and kept in the baseline.
   */
  excludeFailedAttention: z.boolean(),
};

const defaults = {
  instructions: fields.instructions.default(""),
  consentText: fields.consentText.default(""),
  playbackRate: fields.playbackRate.default(1),
  allowVoluntaryPause: fields.allowVoluntaryPause.default(true),
  timeLimitMinutes: fields.timeLimitMinutes.default(null),
  participantsPerVideo: fields.participantsPerVideo.default(1),
  excludeSeenVideos: fields.excludeSeenVideos.default(true),
  capPerParticipant: fields.capPerParticipant.default(1),
  crowdPlatforms: fields.crowdPlatforms.default([]),
  completionCode: fields.completionCode.default(""),
  redirectUrl: fields.redirectUrl.default(null),
  segmentSeconds: fields.segmentSeconds.default(4),
  enforceRealtime: fields.enforceRealtime.default(true),
  abandonAfterMinutes: fields.abandonAfterMinutes.default(60),
  // New studies (the form, the API) exclude failed attention checks; stored rows without the
  // setting keep it off (STORED_ROW_DEFAULTS), so an existing human row keeps its numbers.
  excludeFailedAttention: fields.excludeFailedAttention.default(true),
};

/**
 * Defaults for a setting a stored study lacks when they differ from a new study's: a study made
 * before a setting existed keeps behaving as it did (its human row keeps its participants).
 */
export const STORED_ROW_DEFAULTS: Partial<Record<keyof typeof fields, unknown>> = { excludeFailedAttention: false };

export const studySettingsSchema = z.strictObject(defaults);

/** A change of some settings: unknown keys refused, no defaults filled in. */
export const studySettingsPatchSchema = z.strictObject(fields).partial();

export type StudySettings = z.infer<typeof studySettingsSchema>;
export type StudySettingsInput = z.input<typeof studySettingsSchema>;

export const defaultStudySettings = (): StudySettings => studySettingsSchema.parse({});

/** Stored JSON → settings; unknown keys are dropped, missing or invalid ones defaulted (never throws). */
export function parseStudySettings(value: unknown): StudySettings {
  const obj = value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const base = { ...defaultStudySettings(), ...STORED_ROW_DEFAULTS } as Record<string, unknown>;
  for (const [key, schema] of Object.entries(fields)) {
    if (!(key in obj)) continue;
    const parsed = (schema as z.ZodType).safeParse(obj[key]);
    if (parsed.success) base[key] = parsed.data;
  }
  return base as StudySettings;
}

/** The redirect URL with `{code}` replaced, or null. */
export function completionRedirect(settings: Pick<StudySettings, "redirectUrl" | "completionCode">): string | null {
  if (!settings.redirectUrl) return null;
  return settings.redirectUrl.replaceAll("{code}", encodeURIComponent(settings.completionCode));
}

/** What a crowd study lacks to send its workers back to their platform: null when nothing. */
export function missingCompletion(settings: Pick<StudySettings, "crowdPlatforms" | "redirectUrl" | "completionCode">): string | null {
  if (settings.crowdPlatforms.length === 0) return null;
  if (settings.completionCode.trim() || settings.redirectUrl) return null;
  return "settings.completionCode";
}
