/**
 * Request bodies and answers of the qualification routes (PURE: zod, shared by the qualification
 * page and the server). docs/annotation/review.md "Qualification".
 */
import { z } from "zod";
import { text } from "@/lib/http/text-schema";

const id = text().min(1, "must be a non-empty id").max(64, "must be at most 64 characters");

export const DEFAULT_GOLD_THRESHOLD = 0.8;

export const goldSetNameSchema = text().trim().min(1, "is empty: give the gold set a name").max(200, "must be at most 200 characters");
export const goldThresholdSchema = z.number({ error: "must be a number between 0 and 1" }).min(0, "must be at least 0").max(1, "must be at most 1");

/** POST /api/projects/:projectId/gold-sets (admins): a gold set from items that have truth. */
export const createGoldSetBodySchema = z.strictObject({
  name: goldSetNameSchema,
  threshold: goldThresholdSchema.default(DEFAULT_GOLD_THRESHOLD),
  itemIds: z.array(id).min(1, "choose at least one item with truth").max(1000, "at most 1000 items"),
});
export type CreateGoldSetBody = z.input<typeof createGoldSetBodySchema>;

/** PATCH /api/projects/:projectId/gold-sets/:goldSetId (admins): rename, change the threshold. */
export const updateGoldSetBodySchema = z
  .strictObject({ name: goldSetNameSchema.optional(), threshold: goldThresholdSchema.optional() })
  .refine((b) => b.name !== undefined || b.threshold !== undefined, { message: "give a name or a threshold to change" });
export type UpdateGoldSetBody = z.input<typeof updateGoldSetBodySchema>;

/** POST /api/projects/:projectId/qualifications: the caller starts (or resumes) their attempt. No fields. */
export const startQualificationBodySchema = z.strictObject({});

export type GoldCandidate = { id: string; externalId: string; question: string; format: string };

export type GoldSetSummary = {
  id: string;
  name: string;
  threshold: number;
  createdAt: string;
  items: { itemId: string; externalId: string }[];
  attempts: { total: number; open: number };
};

/** One kind's figures of an attempt (kappa null when undefined: nothing varies). */
export type QualificationFigure = { kind: string; kappa: number | null; observedAgreement: number | null; units: number; passed: boolean };

export type QualificationStatus = "IN_PROGRESS" | "PASSED" | "FAILED";

/** An attempt as admins and reviewers see it. */
export type AttemptRow = {
  id: string;
  goldSetId: string;
  goldSetName: string;
  user: { id: string; name: string; email: string };
  attempt: number;
  status: QualificationStatus;
  kappa: number | null;
  threshold: number | null;
  figures: QualificationFigure[];
  items: number;
  tasksSubmitted: number;
  /** Per gold item: agreed / disputed with the reasons (admins and reviewers only). */
  itemVerdicts: { itemId: string; externalId: string; verdict: string; reasons: string[] }[];
  error: string | null;
  retryAllowed: boolean;
  /** May an admin allow a retry (the latest attempt of a FAILED annotator, not allowed yet). */
  canAllowRetry: boolean;
  submittedAt: string | null;
  createdAt: string;
};

/** An annotator's qualification on one project (their queue): no gold truth, no reasons. */
export type MyQualification = {
  projectId: string;
  projectName: string;
  goldSetName: string;
  threshold: number;
  items: number;
  state: "not_started" | "in_progress" | "passed" | "failed" | "retry_allowed";
  attempt: {
    id: string;
    attempt: number;
    status: QualificationStatus;
    figures: QualificationFigure[];
    submittedAt: string | null;
    tasks: { id: string; status: string; externalId: string }[];
  } | null;
};

export type StartQualificationResult = { qualificationId: string; attempt: number; taskIds: string[]; firstTaskId: string | null; created: boolean };
