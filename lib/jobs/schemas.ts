/**
 * Queries and bodies of the admin job routes (PURE; shared by the routes, the /admin/jobs page
 * and its client component).
 */
import { z } from "zod";
import { text } from "@/lib/http/text-schema";

export const JOB_STATES = ["QUEUED", "RUNNING", "SUCCEEDED", "FAILED", "CANCELLED"] as const;
export type JobState = (typeof JOB_STATES)[number];

export const JOBS_PAGE_SIZE = 50;

/** GET /api/admin/jobs?state=&kind=&page= (strict: a bad value is a 400 naming the field). */
export const jobListQuerySchema = z.object({
  state: z.enum([...JOB_STATES, "ALL"], { error: `must be one of ${[...JOB_STATES, "ALL"].join(", ")}` }).default("ALL"),
  kind: text()
    .trim()
    .max(100)
    .regex(/^[a-z0-9][a-z0-9.-]*$/, "must be a job kind such as video.ingest")
    .optional(),
  page: z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(1).max(100_000).default(1),
});
export type JobListQuery = z.infer<typeof jobListQuerySchema>;

/** The page's variant: a bad value falls back to the default instead of failing the page. */
export const jobPageQuerySchema = z.object({
  state: jobListQuerySchema.shape.state.catch("ALL"),
  kind: jobListQuerySchema.shape.kind.catch(undefined),
  page: jobListQuerySchema.shape.page.catch(1),
});

/** POST /api/admin/jobs/:id {action}: retry a failed or cancelled job; cancel a queued one. */
export const jobActionSchema = z.object({
  action: z.enum(["retry", "cancel"], { error: 'must be "retry" or "cancel"' }),
});
export type JobAction = z.infer<typeof jobActionSchema>;
