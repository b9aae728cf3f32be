/**
 * Query of the report route and the Report tab (PURE; shared by client and server): what to
 * download (`format`: the zip, by default; the JSON summary; or one table), how intervals are
 * printed (`style`), whether the per-subtype columns are in the table (`subtypes=1`), and the
 * bootstrap seed (`seed`, default 0 as the leaderboard).
 */
import { z } from "zod";
import { INTERVAL_STYLES } from "./interval-style";

export const REPORT_FORMATS = ["zip", "json", "latex", "markdown", "csv"] as const;

export const reportQuerySchema = z.object({
  format: z.enum(REPORT_FORMATS, { message: `must be one of ${REPORT_FORMATS.join(", ")}` }).optional(),
  style: z.literal(INTERVAL_STYLES, { message: `must be ${INTERVAL_STYLES.join(" or ")}` }).optional(),
  subtypes: z.literal(["0", "1"], { message: "must be 0 or 1" }).optional(),
  seed: z.coerce.number({ message: "must be a whole number" }).int("must be a whole number").min(0, "must be at least 0").max(2 ** 31 - 1).optional(),
});

export type ReportQuery = z.infer<typeof reportQuerySchema>;
