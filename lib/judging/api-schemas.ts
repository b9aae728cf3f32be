/**
 * Request bodies and answers of the judge-queue routes (PURE: shared by routes and pages).
 * Routes: GET /api/judge/queues; GET / PUT /api/judge/runs/:runId/vsas; GET / PUT
 * /api/judge/runs/:runId/ec (lib/judging).
 */
import { z } from "zod";
import type { RunJudging } from "@/lib/runs/judging-status";
import { text } from "@/lib/http/text-schema";

/** PUT /api/judge/runs/:runId/vsas — one second's verdict (autosaved; idempotent upsert). */
export const vsasJudgementBodySchema = z
  .object({
    itemId: text().min(1, "itemId is required"),
    /** A study's run: the session whose answer is judged (required there, refused elsewhere). */
    sessionId: text().min(1, "sessionId must not be empty").optional(),
    t: z.number().finite().min(0, "t must be a second >= 0"),
    binary: z.union([z.literal(0), z.literal(1), z.null()]),
    rubric: z.number().int("rubric must be an integer 0-3").min(0, "rubric must be 0-3").max(3, "rubric must be 0-3").nullable(),
  })
  .refine((b) => b.binary !== null || b.rubric !== null, { message: "give binary (0/1) or rubric (0-3)", path: ["binary"] });
export type VsasJudgementBody = z.infer<typeof vsasJudgementBodySchema>;

/** PUT /api/judge/runs/:runId/ec — the links of one enumeration item (indices into the lists shown). */
export const ecMatchBodySchema = z.object({
  itemId: text().min(1, "itemId is required"),
  /** A study's run: the session whose answer is matched (required there, refused elsewhere). */
  sessionId: text().min(1, "sessionId must not be empty").optional(),
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

/** The run's stored score; `judging`: how far it is judged (partial until final), null for study runs. */
export type RunScoreView = { stale: boolean; status: string; metrics: Record<string, number | null>; judging: RunJudging | null };

export type VsasSecondView = { t: number; caption: string; response: string; mine: { binary: 0 | 1 | null; rubric: number | null } | null; judges: number };

export type VsasTaskView = {
  itemId: string;
  /** A study's run: the session whose answer this is, and an anonymous label of its participant; null for model runs. */
  sessionId: string | null;
  participant: string | null;
  externalId: string;
  taskType: string;
  prompt: string;
  video: { src: string; mimeType: string; ptsUrl: string; mediaTimeOffset: number; frameCount: number; fps: number } | null;
  seconds: VsasSecondView[];
};

/** GET /api/judge/runs/:runId/vsas — which page (one task) to load: `page` (1-based) or the first page of `item` (and `session`, a study's run). */
export const vsasQueueQuerySchema = z.object({
  page: z.coerce.number({ error: "page must be a number" }).int("page must be a whole number").min(1, "page must be 1 or more").optional(),
  item: text().min(1, "item must not be empty").optional(),
  session: text().min(1, "session must not be empty").optional(),
});
export type VsasQueueQuery = z.infer<typeof vsasQueueQuerySchema>;

/** Where the grader starts on a page (`at`): its first second, its last (stepping back from the next task) or its first not judged. */
export type VsasStart = "first" | "last" | "unjudged";

/** A task of the queue as listed on every page (its seconds and how many of them the caller judged). */
export type VsasTaskEntry = {
  itemId: string;
  sessionId: string | null;
  participant: string | null;
  externalId: string;
  taskType: string;
  seconds: number;
  /** Seconds the caller judged at all / with both the yes-no and the rubric. */
  mine: number;
  complete: number;
};

/** GET /api/judge/runs/:runId/vsas */
export type VsasQueuePayload = {
  run: { id: string; name: string; projectId: string; projectName: string };
  score: RunScoreView;
  /** The page's task (none when the run has nothing to judge). */
  tasks: VsasTaskView[];
  /** Paging: one task per page; `index` 1-based; every task of the queue listed. */
  page: { index: number; count: number; entries: VsasTaskEntry[] };
  agreement: JudgePairAgreement[];
};

export type EcItemView = {
  itemId: string;
  /** A study's run: the session whose answer this is, and an anonymous label of its participant; null for model runs. */
  sessionId: string | null;
  participant: string | null;
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
