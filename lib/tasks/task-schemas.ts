/**
 * Request bodies of the task routes (PURE: zod, shared by the workflow page and the server).
 */
import { z } from "zod";
import { text } from "@/lib/http/text-schema";

const id = text().min(1, "must be a non-empty id").max(64, "must be at most 64 characters");

/**
 * POST /api/projects/:projectId/tasks: which items (all, the catalogue filter as its query string,
 * e.g. "format=count&label.subtype=E1-Action", or ids), and who does them: named annotators
 * (spread round-robin; never the same person twice on one item) or, with none named, the pool.
 */
export const createTasksBodySchema = z.strictObject({
  items: z.union([
    z.strictObject({ all: z.literal(true) }),
    z.strictObject({ filter: text().trim().min(1, "is empty: choose all active items, or give the Items page's filter").max(4000, "must be at most 4000 characters") }),
    z.strictObject({ ids: z.array(id).min(1, "list at least one item").max(100_000) }),
  ]),
  assignees: z.array(id).max(1000).default([]),
});
export type CreateTasksBody = z.input<typeof createTasksBodySchema>;

export type CreateTasksResult = {
  /** Items selected (active items only). */
  items: number;
  created: number;
  /** (item, pass) pairs that already had a task. */
  existing: number;
  pooled: number;
  byAssignee: Record<string, number>;
};

/** PATCH /api/tasks/:taskId (admins): reassign to an annotator, or back to the pool (null); reopens a skipped task. */
export const reassignTaskBodySchema = z.strictObject({ userId: id.nullable() });

export type TaskProgressRow = {
  userId: string | null;
  name: string;
  email: string;
  open: number;
  inProgress: number;
  submitted: number;
  skipped: number;
  total: number;
  timeSpentMs: number;
};

export type QueueEntry = {
  id: string;
  kind: string;
  status: "OPEN" | "IN_PROGRESS" | "SUBMITTED" | "SKIPPED";
  mode: string;
  round: number;
  timeSpentMs: number;
  skipReason: string | null;
  updatedAt: string;
  project: { id: string; name: string; benchmark: string };
  item: { id: string; externalId: string; question: string; format: string };
};

export type QueueSummary = { tasks: QueueEntry[]; pool: { projectId: string; projectName: string; open: number }[] };

/** GET /api/projects/:projectId/tasks query (and the workflow page's task list). */
export const taskListQuerySchema = z.object({
  status: z.enum(["OPEN", "IN_PROGRESS", "SUBMITTED", "SKIPPED"], { message: "must be OPEN, IN_PROGRESS, SUBMITTED or SKIPPED" }).optional(),
  /** An annotator's id, or "pool" for unclaimed tasks. */
  user: text().min(1).max(64).optional(),
  page: z.coerce.number({ message: "must be a number" }).int("must be a whole number").min(1, "must be at least 1").default(1),
});
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;

export type TaskListEntry = {
  id: string;
  kind: string;
  round: number;
  mode: string;
  status: QueueEntry["status"];
  timeSpentMs: number;
  skipReason: string | null;
  updatedAt: string;
  item: { id: string; externalId: string };
  user: { id: string; name: string } | null;
  annotation: { id: string; version: number; status: "DRAFT" | "SUBMITTED" } | null;
};

export type TaskList = { tasks: TaskListEntry[]; total: number; page: number; pages: number; pageSize: number };

/** Longest interval one activity report may hold (a day); a report is sent every few seconds. */
export const ACTIVITY_INTERVAL_MAX_MS = 24 * 3600 * 1000;

/** One covered interval of a workspace, epoch milliseconds [start, end) (lib/tasks/activity-intervals.ts). */
export const activityIntervalSchema = z
  .strictObject({
    start: z.number({ message: "must be a number (epoch milliseconds)" }).int("must be a whole number of milliseconds").min(0, "must not be negative"),
    end: z.number({ message: "must be a number (epoch milliseconds)" }).int("must be a whole number of milliseconds").min(0, "must not be negative"),
  })
  .refine((i) => i.end > i.start, { message: "must be after start", path: ["end"] })
  .refine((i) => i.end - i.start <= ACTIVITY_INTERVAL_MAX_MS, { message: "the interval is longer than a day", path: ["end"] });

/**
 * POST /api/tasks/:taskId/activity: wall time the caller's workspace on the task was in use
 * (visible, with input or playback within the idle window). Stored as a union per task and
 * annotator, so a retried, repeated or overlapping report (two tabs) adds nothing twice.
 */
export const taskActivityBodySchema = z.strictObject({
  intervals: z.array(activityIntervalSchema).min(1, "list at least one interval").max(500, "must hold at most 500 intervals"),
});
export type TaskActivityBody = z.input<typeof taskActivityBodySchema>;

/** 200 of POST /api/tasks/:taskId/activity: the task's time spent after the report. */
export type TaskActivityResponse = { timeSpentMs: number };
