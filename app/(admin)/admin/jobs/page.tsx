import type { Metadata } from "next";
import Link from "next/link";
import { JOB_STATE_LABELS } from "@/components/jobs/job-state-badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { Select } from "@/components/ui/input";
import { requireUser } from "@/lib/auth/current-user";
import { listJobs } from "@/lib/jobs/admin-jobs";
import { JOB_STATES, jobPageQuerySchema, type JobListQuery } from "@/lib/jobs/schemas";
import { JobsTable } from "./_components/jobs-table";

export const metadata: Metadata = { title: "Jobs" };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

function href(query: JobListQuery, change: Partial<JobListQuery>): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.state !== "ALL") params.set("state", next.state);
  if (next.kind) params.set("kind", next.kind);
  if (next.page > 1) params.set("page", String(next.page));
  const qs = params.toString();
  return qs ? `/admin/jobs?${qs}` : "/admin/jobs";
}

/**
 * `/admin/jobs?state=&kind=&page=` — the background job queue (ADMIN): queued, running, failed
 * (with their errors), succeeded and cancelled jobs of every kind, 50 per page; retry a failed one,
 * cancel a queued one. docs/deploy.md "Background jobs".
 */
export default async function JobsPage({ searchParams }: { searchParams: Search }) {
  await requireUser(["ADMIN"], "/admin/jobs");
  const raw = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const query = jobPageQuerySchema.parse(raw);
  const data = await listJobs(query);
  const all = JOB_STATES.reduce((n, s) => n + data.counts[s], 0);

  return (
    <main className="mx-auto max-w-7xl space-y-4 p-6">
      <div>
        <h1 className="text-2xl font-semibold">Jobs</h1>
        <p className="mt-1 text-sm text-slate-600">
          Background work of every instance: video ingest, scene cuts, study segmenting, rescoring. A failed job keeps its error until it is retried.
        </p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Job states" className="flex flex-wrap gap-1">
          {(["ALL", ...JOB_STATES] as const).map((state) => (
            <Link
              key={state}
              href={href(query, { state, page: 1 })}
              className={buttonClasses(query.state === state ? "primary" : "ghost", "sm")}
              aria-current={query.state === state ? "page" : undefined}
            >
              {state === "ALL" ? "all" : JOB_STATE_LABELS[state]} ({state === "ALL" ? all : data.counts[state]})
            </Link>
          ))}
        </nav>
        <form method="get" className="flex items-center gap-2" role="search">
          {query.state !== "ALL" && <input type="hidden" name="state" value={query.state} />}
          <Select name="kind" defaultValue={query.kind ?? ""} aria-label="Kind" className="w-56">
            <option value="">All kinds</option>
            {data.kinds.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </Select>
          <Button type="submit" variant="secondary" size="sm">
            Filter
          </Button>
        </form>
      </div>
      <p className="text-sm text-slate-600">
        {data.total} {data.total === 1 ? "job" : "jobs"}
        {query.state !== "ALL" || query.kind ? " match the filters" : ""}.
      </p>
      <JobsTable jobs={data.jobs} />
      {data.pageCount > 1 && (
        <nav aria-label="Pages" className="flex items-center justify-between text-sm">
          <span className="text-slate-600">
            Page {data.page} of {data.pageCount}
          </span>
          <div className="flex gap-2">
            {data.page > 1 && (
              <Link href={href(query, { page: data.page - 1 })} className={buttonClasses("secondary", "sm")}>
                ← Previous
              </Link>
            )}
            {data.page < data.pageCount && (
              <Link href={href(query, { page: data.page + 1 })} className={buttonClasses("secondary", "sm")}>
                Next →
              </Link>
            )}
          </div>
        </nav>
      )}
    </main>
  );
}
