/**
 * Request bodies, queries and response shapes of the reviewer API (PURE: zod schemas shared by
 * the reviewer pages and the route handlers). Routes: docs/annotation/review.md "Reviewer routes".
 */
import { z } from "zod";
import { multilineText, text } from "@/lib/http/text-schema";
import { annotationDocumentSchema, type AnnotationDocument } from "@/lib/annotation/document";
import { clientSaveIdSchema, type WorkspaceVideo } from "@/lib/annotation/api-schemas";
import type { Comparison } from "./comparison-types";
import type { Difference } from "./differences";
import { pickSchema, type Pick, type ReviewProblem } from "./resolve-facets";

export const ADJUDICATION_STATUSES = ["PENDING", "AGREED", "DISPUTED", "RESOLVED"] as const;
export type AdjudicationStatusName = (typeof ADJUDICATION_STATUSES)[number];
export const ADJUDICATION_KINDS = ["double", "expert"] as const;
export type AdjudicationKind = (typeof ADJUDICATION_KINDS)[number];

const version = z.number({ message: "must be a number" }).int("must be a whole number").min(1, "must be at least 1");
const note = multilineText({ message: "must be a text" }).max(5000, "must be at most 5000 characters");
/** Picks as stored in a draft: shape-checked per pick; whether they resolve is checked at resolve. */
const picks = z.array(pickSchema).max(200_000, "at most 200000 picks");

/** The reviewer's work in progress. `document`: expert kind only, the edited document (absent = confirm as is). */
export const adjudicationDraftSchema = z.strictObject({
  picks,
  note: note.default(""),
  document: annotationDocumentSchema.optional(),
});
export type AdjudicationDraft = z.infer<typeof adjudicationDraftSchema>;
export type AdjudicationDraftInput = z.input<typeof adjudicationDraftSchema>;

/** PUT /api/adjudications/:id/draft (autosave). */
export const saveAdjudicationDraftBodySchema = z.strictObject({
  baseVersion: version,
  clientSaveId: clientSaveIdSchema,
  draft: adjudicationDraftSchema,
});
export type SaveAdjudicationDraftBody = z.input<typeof saveAdjudicationDraftBodySchema>;

/** 200 of a draft save. `replayed`: this clientSaveId had been applied before (nothing new written). */
export type SaveAdjudicationDraftResponse = { version: number; replayed: boolean };

/** 409 `version_conflict` details of a draft save or resolve. */
export type AdjudicationConflict = {
  current: { version: number; draft: AdjudicationDraft; updatedAt: string; claimedBy: string | null };
};

/**
 * POST /api/adjudications/:id/resolve. Double kind: `picks` for the differences (applyPicks).
 * Expert kind: no picks; `document` is the reviewer's edited document (absent = confirm annotation A).
 */
export const resolveAdjudicationBodySchema = z.strictObject({
  baseVersion: version,
  picks: picks.default([]),
  note: note.default(""),
  document: annotationDocumentSchema.optional(),
});
export type ResolveAdjudicationBody = z.input<typeof resolveAdjudicationBodySchema>;

/** 200 of a resolve. */
export type ResolveAdjudicationResponse = {
  version: number;
  status: "RESOLVED";
  decisions: { differenceId: string; resolution: string }[];
};

/** 422 `pick_problems` details. */
export type PickProblemsDetails = { problems: ReviewProblem[] };

/** POST /api/review/next. */
export const reviewNextBodySchema = z.strictObject({
  projectId: text().min(1, "must not be empty").max(200).optional(),
  kind: z.enum(ADJUDICATION_KINDS, { message: "must be double or expert" }).optional(),
});
export type ReviewNextBody = z.input<typeof reviewNextBodySchema>;
export type ReviewNextResponse = { adjudicationId: string | null };

/** 200 of claim / release. */
export type ClaimAdjudicationResponse = { adjudicationId: string; claimedBy: { id: string; name: string } | null; version: number };

/** One project's counts in GET /api/review/queues. */
export type ReviewQueueProject = {
  projectId: string;
  projectName: string;
  benchmark: string;
  /** Unresolved DISPUTED double-review adjudications (claimed or not). */
  disputed: number;
  /** Unresolved expert-sample adjudications. */
  expert: number;
  /** Unresolved adjudications the caller has claimed. */
  inProgressMine: number;
  /** Judge queues (filled by the judge routes; 0 until they exist). */
  judge: { vsas: number; ecEnumeration: number };
  /** Qualification attempts waiting for a reviewer's confirmation. */
  qualificationsToConfirm: number;
};
export type ReviewQueuesResponse = { projects: ReviewQueueProject[] };

/** GET /api/projects/:projectId/adjudications query. */
export const adjudicationListQuerySchema = z.strictObject({
  status: z.enum(ADJUDICATION_STATUSES, { message: "must be PENDING, AGREED, DISPUTED or RESOLVED" }).optional(),
  kind: z.enum(ADJUDICATION_KINDS, { message: "must be double or expert" }).optional(),
  page: z.coerce.number({ message: "must be a number" }).int("must be a whole number").min(1, "must be at least 1").max(100_000).default(1),
});
export type AdjudicationListQuery = z.infer<typeof adjudicationListQuerySchema>;

export const ADJUDICATION_PAGE_SIZE = 50;

export type AdjudicationRow = {
  id: string;
  itemId: string;
  externalId: string;
  kind: AdjudicationKind;
  status: AdjudicationStatusName;
  /** Why the item is disputed (from the stored comparison; empty for expert / agreed). */
  reasons: string[];
  claimedBy: { id: string; name: string } | null;
  resolvedBy: { id: string; name: string } | null;
  updatedAt: string;
};
export type AdjudicationListResponse = { rows: AdjudicationRow[]; page: number; pageSize: number; total: number };

/** One compared annotation (letter A, B, ... in comparison order). */
export type AdjudicationAnnotation = {
  letter: string;
  annotatorName: string;
  annotatorId: string;
  annotationId: string;
  version: number;
  data: AnnotationDocument;
};

/** GET /api/adjudications/:id. */
export type AdjudicationPayload = {
  id: string;
  kind: AdjudicationKind;
  status: AdjudicationStatusName;
  version: number;
  project: { id: string; name: string; benchmark: string };
  item: {
    id: string;
    externalId: string;
    benchmark: string;
    format: string;
    /** VCBench subtype (from the comparison or the first document), else null. */
    subtype: string | null;
    question: string;
    presentation: Record<string, unknown>;
    labels: Record<string, unknown>;
    /** Stored query point times (seconds, stored order). */
    queryPoints: number[];
  };
  /** Same shape as the annotation workspace's video (null when no READY video is attached). */
  video: WorkspaceVideo | null;
  annotations: AdjudicationAnnotation[];
  /** The stored comparison (null for expert kind: nothing to compare). Undefined statistics are NaN → null in JSON. */
  comparison: Comparison | null;
  /** listDifferences(comparison); empty for expert kind. */
  differences: Difference[];
  draft: AdjudicationDraft;
  claimedBy: { id: string; name: string } | null;
  /** True when the caller holds the claim and the adjudication is DISPUTED (draft / resolve allowed). */
  canEdit: boolean;
  /** Set once RESOLVED / AGREED. */
  resolution: {
    document: AnnotationDocument;
    decisions: { differenceId: string; resolution: string }[];
    note: string;
    resolvedBy: { id: string; name: string } | null;
    resolvedAt: string | null;
  } | null;
};

export type { Pick, ReviewProblem };
