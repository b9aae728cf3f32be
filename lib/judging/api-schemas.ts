/**
 * Request bodies and answers of the judge-queue routes (PURE: shared by routes and pages).
 * Routes: GET /api/judge/queues; GET / PUT /api/judge/runs/:runId/vsas; GET / PUT
 * /api/judge/runs/:runId/ec (lib/judging).
 */
import { z } from "zod";

/** PUT /api/judge/runs/:runId/vsas — one second's verdict (autosaved; idempotent upsert). */
export const vsasJudgementBodySchema = z
  .object({
    itemId: z.string().min(1, "itemId is required"),
    t: z.number().finite().min(0, "t must be a second >= 0"),
    binary: z.union([z.literal(0), z.literal(1), z.null()]),
    rubric: z.number().int("rubric must be an integer 0-3").min(0, "rubric must be 0-3").max(3, "rubric must be 0-3").nullable(),
  })
  .refine((b) => b.binary !== null || b.rubric !== null, { message: "give binary (0/1) or rubric (0-3)", path: ["binary"] });
export type VsasJudgementBody = z.infer<typeof vsasJudgementBodySchema>;

/** PUT /api/judge/runs/:runId/ec — the links of one enumeration item (indices into the lists shown). */
export const ecMatchBodySchema = z.object({
  itemId: z.string().min(1, "itemId is required"),
  matches: z
    .array(z.object({ pred: z.number().int().min(0, "pred must be an index >= 0"), truth: z.number().int().min(0, "truth must be an index >= 0") }))
    .max(1000, "matches: at most 1000 links"),
});
export type EcMatchBody = z.infer<typeof ecMatchBodySchema>;

/** Judge-vs-judge agreement of two reviewers on the units both judged. */
export type JudgePairAgreement = {
  a: { id: string; name: string };
  b: { id: string; name: string };
  /** Seconds both gave a binary verdict / a rubric score. */
  binaryUnits: number;
  rubricUnits: number;
  /** Cohen's kappa of the binary verdicts (null when undefined: no units or no variation). */
  binaryKappa: number | null;
  /** Quadratic-weighted Cohen's kappa of the 0-3 rubric. */
  rubricKappa: number | null;
  binaryPercent: number | null;
};

export type RunScoreView = { stale: boolean; status: string; metrics: Record<string, number | null> };

export type VsasSecondView = { t: number; caption: string; response: string; mine: { binary: 0 | 1 | null; rubric: number | null } | null; judges: number };

export type VsasTaskView = {
  itemId: string;
  externalId: string;
  taskType: string;
  prompt: string;
  video: { src: string; mimeType: string; ptsUrl: string; mediaTimeOffset: number; frameCount: number; fps: number } | null;
  seconds: VsasSecondView[];
};

/** GET /api/judge/runs/:runId/vsas */
export type VsasQueuePayload = {
  run: { id: string; name: string; projectId: string; projectName: string };
  score: RunScoreView;
  tasks: VsasTaskView[];
  agreement: JudgePairAgreement[];
};

export type EcItemView = {
  itemId: string;
  externalId: string;
  question: string;
  predicted: string[];
  truth: string[];
  /** Pairs the automatic normalisation matches (the pre-filled links). */
  auto: { pred: number; truth: number }[];
  /** The caller's stored links, or null when they have not matched this item yet. */
  mine: { pred: number; truth: number }[] | null;
  judges: number;
};

/** GET /api/judge/runs/:runId/ec */
export type EcQueuePayload = {
  run: { id: string; name: string; projectId: string; projectName: string };
  score: RunScoreView;
  items: EcItemView[];
};

export type JudgeQueueRun = {
  id: string;
  name: string;
  kind: string;
  /** Units to judge: VSAS seconds, EC enumeration items. */
  total: number;
  /** Units judged per reviewer (names sorted). */
  byReviewer: { id: string; name: string; judged: number }[];
  mine: number;
};

/** GET /api/judge/queues */
export type JudgeQueueList = {
  projects: { id: string; name: string; benchmark: "VSAS" | "ECBENCH"; kind: "vsas" | "ec"; runs: JudgeQueueRun[] }[];
};
