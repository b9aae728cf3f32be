/**
 * Query parameters of the import routes (PURE):
 *   POST /api/projects?kind=<vcbench|ecbench|tocbench|vstat|vsas|custom>&name=<project>&dryRun=1&expectSha256=<hex>
 *   POST /api/projects/[projectId]/import?dryRun=1&expectSha256=<hex>
 * The body is the file's raw bytes; its name goes percent-encoded in `x-file-name`.
 */
import { z } from "zod";
import { text } from "@/lib/http/text-schema";
import { kindFromParam } from "./kinds";

const flag = text()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === "" || v === "0" || v === "false") return false;
    if (v === "1" || v === "true") return true;
    ctx.addIssue({ code: "custom", message: "must be 1 or 0 (true or false)" });
    return z.NEVER;
  });

const sha = text()
  .regex(/^[0-9a-fA-F]{64}$/, "must be the 64 hex digits of the file's SHA-256 (from the dry run)")
  .optional();

export const projectImportQuerySchema = z.object({
  kind: text({ message: "is required: vcbench, ecbench, tocbench, vstat, vsas or custom" })
    .transform((v, ctx) => {
      const k = kindFromParam(v);
      if (!k) {
        ctx.addIssue({ code: "custom", message: `unknown benchmark kind "${v}": use vcbench, ecbench, tocbench, vstat, vsas or custom` });
        return z.NEVER;
      }
      return k;
    }),
  name: text().trim().max(200, "must be at most 200 characters").optional(),
  dryRun: flag,
  expectSha256: sha,
});

export const reimportQuerySchema = z.object({ dryRun: flag, expectSha256: sha });
