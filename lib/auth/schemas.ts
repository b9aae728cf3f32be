import { z } from "zod";
import { text } from "@/lib/http/text-schema";
import { Role } from "@/lib/db/types";

/**
 * Request shapes of the account APIs and forms, shared by server (route(), action()) and client
 * components (so a form can show the same messages before sending).
 */

export const ROLES = [Role.ADMIN, Role.REVIEWER, Role.ANNOTATOR, Role.PARTICIPANT] as const;

export const ROLE_LABELS: Record<Role, string> = {
  ADMIN: "Admin / researcher",
  REVIEWER: "Reviewer",
  ANNOTATOR: "Annotator",
  PARTICIPANT: "Participant",
};

/** Emails are compared trimmed and lower-cased everywhere (sign-in, uniqueness, invites). */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export const emailSchema = text({ error: "is required" })
  .trim()
  .toLowerCase()
  .max(254, "must be at most 254 characters")
  .pipe(z.email({ error: "is not a valid email address" }));

export const MIN_PASSWORD_LENGTH = 8;
export const passwordSchema = text({ error: "is required" })
  .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, "must be at most 200 characters");

export const roleSchema = z.enum(ROLES, { error: `must be one of ${ROLES.join(", ")}` });

export const nameSchema = text({ error: "is required" })
  .trim()
  .min(1, "is required")
  .max(100, "must be at most 100 characters");

/** Sign-in form: no strength rules here (an old password must still be accepted). */
export const signInSchema = z.object({
  email: text({ error: "is required" }).trim().min(1, "is required").max(254, "is too long"),
  password: text({ error: "is required" }).min(1, "is required").max(1024, "is too long"),
});

export const createUserSchema = z.strictObject({
  email: emailSchema,
  name: nameSchema,
  role: roleSchema,
  password: passwordSchema,
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

export const updateUserSchema = z
  .strictObject({
    name: nameSchema.optional(),
    role: roleSchema.optional(),
    active: z.boolean({ error: "must be true or false" }).optional(),
  })
  .refine((v) => v.name !== undefined || v.role !== undefined || v.active !== undefined, {
    error: "give at least one of name, role, active",
  });
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const resetPasswordSchema = z.strictObject({ password: passwordSchema });

export const listUsersQuerySchema = z.object({
  q: text().trim().max(254).optional(),
  role: roleSchema.optional(),
  active: z.enum(["true", "false"], { error: "must be true or false" }).optional(),
});

export const createInviteSchema = z.strictObject({
  email: emailSchema,
  role: roleSchema,
});
export type CreateInviteInput = z.infer<typeof createInviteSchema>;

export const acceptInviteSchema = z.strictObject({
  token: text({ error: "is required" }).min(1, "is required").max(200, "is not a valid invitation token"),
  name: nameSchema,
  password: passwordSchema,
});
export type AcceptInviteInput = z.infer<typeof acceptInviteSchema>;

export const createApiTokenSchema = z.strictObject({
  name: text({ error: "is required" }).trim().min(1, "is required").max(100, "must be at most 100 characters"),
});


/** Only same-site relative paths are accepted as a post-sign-in destination. */
export function safeCallbackPath(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  if (value.startsWith("/sign-in") || value.startsWith("/api/auth")) return "/";
  return value;
}
