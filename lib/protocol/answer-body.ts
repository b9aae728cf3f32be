/** Request bodies of the participant session API (PURE, zod; shared with the player). */
import { z } from "zod";
import { text } from "@/lib/http/text-schema";

export const tabIdSchema = text({ error: "is required" })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "must be 8-64 letters, digits, '-' or '_'");

export const claimBodySchema = z.strictObject({ tabId: tabIdSchema });

export const answerBodySchema = z.strictObject({
  /** Index of the ask being answered (from the session state). */
  askIndex: z.number({ error: "must be a number" }).int("must be a whole number").min(0, "must not be negative"),
  tabId: tabIdSchema,
  /** The session version the client saw (compare-and-set). */
  version: z.number({ error: "must be a number" }).int("must be a whole number").min(0, "must not be negative"),
  /** Validated per question kind (answer-schemas.ts). */
  answer: z.unknown(),
  /** The client's own pause → submit measurement; recorded only when below the server's bound. */
  latencyMs: z.number().int().min(0).max(7 * 24 * 3600 * 1000).optional(),
  /** Free rewatch: the player position when submitting (streaming uses the server's query point). */
  positionSec: z.number().min(0).max(1e7).optional(),
});

export type AnswerBody = z.infer<typeof answerBodySchema>;
