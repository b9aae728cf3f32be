/** Request bodies of the admin study API (PURE, zod; shared with the admin forms). */
import { z } from "zod";
import { text } from "@/lib/http/text-schema";
import { studySettingsPatchSchema } from "@/lib/protocol/study-settings";

export const protocolSchema = z.enum(["STREAMING", "FREE_REWATCH"], { error: "must be STREAMING or FREE_REWATCH" });

export const createStudySchema = z.strictObject({
  projectId: text({ error: "is required" }).min(1, "is required").max(64),
  name: text({ error: "is required" }).trim().min(1, "is required").max(200, "must be at most 200 characters"),
  protocol: protocolSchema,
  settings: studySettingsPatchSchema.optional(),
});

export const updateStudySchema = z.strictObject({
  name: text().trim().min(1, "is required").max(200, "must be at most 200 characters").optional(),
  protocol: protocolSchema.optional(),
  settings: studySettingsPatchSchema.optional(),
});

export const studyItemsSchema = z.strictObject({
  items: z
    .array(z.strictObject({ itemId: text().min(1, "is required").max(64), attentionCheck: z.boolean().default(false) }))
    .max(100_000, "at most 100000 items"),
  /**
   * `itemsFingerprint` of the list the editor loaded: when given, a list changed since (another
   * tab or admin) is not overwritten (409 `items_changed`).
   */
  baseFingerprint: text().regex(/^[0-9a-f]{16}$/, "must be 16 hex digits (itemsFingerprint)").optional(),
});

export const studyStatusSchema = z.strictObject({
  status: z.enum(["OPEN", "CLOSED"], { error: "must be OPEN or CLOSED" }),
  /** Open a crowd study that has no completion code or completion URL anyway (the admin confirmed). */
  confirmMissingCompletion: z.boolean({ error: "must be true or false" }).optional(),
});

export type CreateStudyInput = z.infer<typeof createStudySchema>;
export type UpdateStudyInput = z.infer<typeof updateStudySchema>;
export type StudyItemsInput = z.infer<typeof studyItemsSchema>;
export type StudyStatusInput = z.infer<typeof studyStatusSchema>;
