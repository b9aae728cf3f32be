import { z } from "zod";
import { route } from "@/lib/http/route";
import { exportStudy } from "@/lib/studies/export-study";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET /api/studies/[studyId]/export?format=native|csv (admin): the human answers in the benchmark's
 * own prediction format, or every answer with its timings as CSV.
 */
export const GET = route<undefined, { format: "native" | "csv" }, { studyId: string }>(
  { roles: ["ADMIN"], query: z.object({ format: z.enum(["native", "csv"], { error: "must be native or csv" }).default("native") }) },
  async ({ params, query }) => {
    const file = await exportStudy(params.studyId, query.format);
    return new Response(file.body, {
      headers: {
        "content-type": file.contentType,
        "content-disposition": `attachment; filename="${file.filename}"`,
        "cache-control": "no-store",
      },
    });
  },
);
