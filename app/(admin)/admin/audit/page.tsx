import type { Metadata } from "next";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { queryAuditLog } from "@/lib/audit/query";
import { requireUser } from "@/lib/auth/current-user";
import { auditQuerySchema, type AuditQuery } from "@/lib/audit/query-schema";
import { AuditFilterForm } from "./_components/audit-filter-form";
import { AuditTable } from "./_components/audit-table";

export const metadata: Metadata = { title: "Audit log" };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

function pageHref(query: AuditQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.action) params.set("action", query.action);
  if (query.actor) params.set("actor", query.actor);
  if (page > 1) params.set("page", String(page));
  const qs = params.toString();
  return qs ? `/admin/audit?${qs}` : "/admin/audit";
}

/** `/admin/audit?action=&actor=&page=` — the audit log, newest first, 50 per page (ADMIN). */
export default async function AuditPage({ searchParams }: { searchParams: Search }) {
  await requireUser(["ADMIN"], "/admin/audit");
  const raw = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const query = auditQuerySchema.parse(raw);
  const log = await queryAuditLog(query);

  return (
    <main className="mx-auto max-w-7xl space-y-4 p-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Audit log</h1>
          <p className="mt-1 text-sm text-slate-600">
            {log.total} {log.total === 1 ? "entry" : "entries"}
            {query.action || query.actor ? " match the filters" : ""}.
          </p>
        </div>
        <AuditFilterForm query={query} actions={log.actions} />
      </div>
      <AuditTable entries={log.entries} />
      <nav aria-label="Pages" className="flex items-center justify-between text-sm">
        <span className="text-slate-600">
          Page {log.page} of {log.pageCount}
        </span>
        <div className="flex gap-2">
          {log.page > 1 ? (
            <Link href={pageHref(query, log.page - 1)} className={buttonClasses("secondary", "sm")}>
              ← Newer
            </Link>
          ) : null}
          {log.page < log.pageCount ? (
            <Link href={pageHref(query, log.page + 1)} className={buttonClasses("secondary", "sm")}>
              Older →
            </Link>
          ) : null}
        </div>
      </nav>
    </main>
  );
}
