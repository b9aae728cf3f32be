import { clientIp } from "@/lib/audit/client-ip";
import { cancelJob, getJob, retryJob } from "@/lib/jobs/admin-jobs";
import { jobActionSchema, type JobAction } from "@/lib/jobs/schemas";
import { route } from "@/lib/http/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { id: string };

/** GET /api/admin/jobs/:id — one job with its state, attempts and last error (ADMIN). */
export const GET = route<undefined, undefined, Params>({ roles: ["ADMIN"] }, async ({ params }) => ({ job: await getJob(params.id) }));

/**
 * POST /api/admin/jobs/:id {action: "retry" | "cancel"} (ADMIN): retry a failed or cancelled job
 * (queued again, due now, attempts reset); cancel a queued one. 409 when the job is in another
 * state (or, for a retry, when another job for the same thing is pending). Audited.
 */
export const POST = route<JobAction, undefined, Params>({ roles: ["ADMIN"], body: jobActionSchema, maxBodyBytes: 1024 }, async ({ params, body, user, request }) => {
  const actor = { user, ip: clientIp(request.headers) };
  return { job: body.action === "retry" ? await retryJob(params.id, actor) : await cancelJob(params.id, actor) };
});
