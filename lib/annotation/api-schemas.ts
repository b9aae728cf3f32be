/**
 * Request bodies and response shapes of the annotation API (PURE: zod schemas shared by the
 * workspace client and the route handlers). Routes: `docs/annotation/design.md`.
 */
import { z } from "zod";
import { multilineText, text } from "@/lib/http/text-schema";
import { annotationDocumentSchema, type AnnotationDocument, type FrameTime } from "./document";

/** Client-generated id of one save attempt: a retry of the same save sends the same id and is applied once. */
export const clientSaveIdSchema = text().min(8, "must be at least 8 characters").max(100, "must be at most 100 characters").regex(/^[A-Za-z0-9_-]+$/, "must hold only letters, digits, - and _");

const version = z.number({ message: "must be a number" }).int("must be a whole number").min(1, "must be at least 1");

/** PUT /api/annotations/:annotationId (autosave). */
export const saveAnnotationBodySchema = z.strictObject({
  /** The version the client's document was based on; another current version is a 409. */
  baseVersion: version,
  clientSaveId: clientSaveIdSchema,
  data: annotationDocumentSchema,
  /**
   * IGNORED (kept so that saves queued in a browser before time on task moved to activity reports
   * are still accepted). Time on task comes only from POST /api/tasks/:taskId/activity.
   */
  elapsedMs: z.number().int().min(0).max(24 * 3600 * 1000).optional(),
});
export type SaveAnnotationBody = z.input<typeof saveAnnotationBodySchema>;

/** POST /api/annotations/:annotationId/submit. */
export const submitAnnotationBodySchema = z.strictObject({ baseVersion: version });

/** POST /api/annotations/:annotationId/restore: a past revision becomes a new version. */
export const restoreRevisionBodySchema = z.strictObject({ revision: version, baseVersion: version, clientSaveId: clientSaveIdSchema });

/** 200 of a save / restore. `replayed`: this clientSaveId had been applied before (nothing new written). */
export type SaveAnnotationResponse = { version: number; savedAt: string; replayed: boolean };

/** 409 `version_conflict` details: the server's current version, so the client can offer keep mine / take theirs / merge. */
export type AnnotationConflict = {
  current: { version: number; data: AnnotationDocument; updatedAt: string; authorName: string };
};

/** One thing submit found missing or wrong; `field` is a JSON path into the document ("queryPoints", "occurrences[2].end"). */
export type SubmitProblem = { field: string; message: string };

/** Video of the task's item, as the workspace player needs it (null when no video is attached yet). */
export type WorkspaceVideo = {
  id: string;
  src: string;
  mimeType: string;
  ptsUrl: string;
  thumbnailUrl: string;
  /** original PTS - playback PTS (seconds). */
  mediaTimeOffset: number;
  frameCount: number;
  durationSec: number;
  /** Nominal frames per second (for ±1 s / ±10 s steps and tolerance display). */
  fps: number;
  /**
   * Scene cuts (first frame of each new shot, sec on the annotation timeline), detected once per
   * video in the background (a job, lib/video-library/scene-cut-jobs.ts); null while not known yet
   * ("detecting scene cuts…").
   */
  cuts: { frame: number; sec: number }[] | null;
  /** Why there are no cuts when their detection failed for good (e.g. the video cannot be decoded); null otherwise. */
  cutsError?: string | null;
};

export type TaskMode = "blank" | "prefill";

/** GET /api/annotate/tasks/:taskId: everything the workspace page needs. */
export type WorkspacePayload = {
  task: {
    id: string;
    kind: string;
    status: "OPEN" | "IN_PROGRESS" | "SUBMITTED" | "SKIPPED";
    round: number;
    mode: TaskMode;
    projectId: string;
    projectName: string;
    timeSpentMs: number;
  };
  item: {
    id: string;
    externalId: string;
    benchmark: string;
    format: string;
    question: string;
    presentation: Record<string, unknown>;
    labels: Record<string, unknown>;
    /** The item's stored query point times (seconds, stored order); participant-visible, never their answers. */
    queryPoints: number[];
  };
  /** The generated item's truth, only when the task's mode shows it (prefill / verification); never for blind passes. */
  shownTruth: { answer: unknown; source: Record<string, unknown> } | null;
  video: WorkspaceVideo | null;
  /**
   * The caller's annotation. An admin opening a task its annotator has not opened yet gets the
   * document the annotator would start from, with `id` "" and `version` 0 (read-only).
   */
  annotation: { id: string; version: number; status: "DRAFT" | "SUBMITTED"; data: AnnotationDocument; updatedAt: string };
  /** Project workflow settings the task needs (lib/tasks/workflow-settings.ts; evidence merge gap from the project settings). */
  settings: { activities: string[]; annotationsPerItem: number; evidenceMergeGapSec: number };
  /** Submitted (and not reopened), or not the caller's task: the page is read-only. */
  readOnly: boolean;
};

/** One entry of GET /api/annotations/:id/revisions. */
export type AnnotationRevisionEntry = {
  version: number;
  baseVersion: number | null;
  action: "create" | "save" | "restore" | "submit" | "reopen";
  summary: string;
  author: { id: string; name: string };
  createdAt: string;
};

/** POST /api/tasks/:taskId/skip. */
export const skipTaskBodySchema = z.strictObject({
  reason: multilineText({ message: "must be a text" }).trim().min(3, "must say why (at least 3 characters)").max(2000, "must be at most 2000 characters"),
});

/** POST /api/me/tasks/next. */
export const claimNextBodySchema = z.strictObject({
  projectId: text().min(1).max(200).optional(),
});

export type { FrameTime };
