import { route } from "@/lib/http/route";
import { closeStudy } from "@/lib/studies/manage-study";
import { openStudy } from "@/lib/studies/open-study";
import { studyStatusSchema } from "@/lib/studies/study-schemas";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
export const maxDuration = 3600;

/**
 * POST /api/studies/[studyId]/status {status: "OPEN" | "CLOSED"} (admin). Opening a STREAMING study
 * segments its videos first (in the request; can take minutes).
 */
export const POST = route<{ status: "OPEN" | "CLOSED" }, undefined, { studyId: string }>(
  { roles: ["ADMIN"], body: studyStatusSchema },
  async ({ params, body, user }) => {
    if (body.status === "OPEN") return { status: "OPEN", report: await openStudy(params.studyId, user.id) };
    await closeStudy(params.studyId, user.id);
    return { status: "CLOSED" };
  },
);
