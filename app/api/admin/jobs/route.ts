import { listJobs } from "@/lib/jobs/admin-jobs";
import { jobListQuerySchema } from "@/lib/jobs/schemas";
import { route } from "@/lib/http/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET /api/admin/jobs?state=QUEUED|RUNNING|SUCCEEDED|FAILED|CANCELLED|ALL&kind=&page= — background
 * jobs, 50 per page, with counts per state (ADMIN). docs/api/jobs.md.
 */
export const GET = route({ roles: ["ADMIN"], query: jobListQuerySchema }, async ({ query }) => listJobs(query));
