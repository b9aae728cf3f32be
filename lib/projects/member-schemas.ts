/** Bodies of the project member routes (PURE; shared by the settings page and the API). */
import { z } from "zod";
import { text } from "@/lib/http/text-schema";
import { MEMBER_ROLES } from "./access";

const role = z.enum(MEMBER_ROLES, { message: `must be one of ${MEMBER_ROLES.join(", ")}` });

export const addMemberSchema = z
  .strictObject({
    email: text().max(320, "must be at most 320 characters").pipe(z.email({ message: "must be an email address" })).optional(),
    userId: text().min(1).max(64).optional(),
    role,
  })
  .refine((v) => !!v.email !== !!v.userId, { message: "send either email or userId", path: ["email"] });
export type AddMemberInput = z.infer<typeof addMemberSchema>;

export const updateMemberSchema = z.strictObject({ role });
export type UpdateMemberInput = z.infer<typeof updateMemberSchema>;
