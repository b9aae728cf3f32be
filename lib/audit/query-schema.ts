/**
 * Query of the audit log page (PURE; shared by the admin audit page, its filter form and
 * lib/audit/query.ts): page number, action (exact or `prefix.*`) and actor (id, email or
 * "anonymous"). Bad values fall back to defaults instead of failing the page.
 */
import { z } from "zod";
import { text } from "@/lib/http/text-schema";

export const AUDIT_PAGE_SIZE = 50;
export const auditQuerySchema = z.object({
  page: z.coerce.number({ error: "must be a number" }).int().min(1).max(100_000).catch(1),
  action: text().trim().max(100).optional().catch(undefined),
  actor: text().trim().max(254).optional().catch(undefined),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
