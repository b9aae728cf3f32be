import type { Metadata } from "next";
import Link from "next/link";
import { Button, buttonClasses } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import { EmptyRow, Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { queryAuditLog } from "@/lib/audit/query";
import { requireUser } from "@/lib/auth/current-user";
import { auditQuerySchema, type AuditQuery } from "@/lib/auth/schemas";

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

function describeTarget(type: string | null, id: string | null): string {
  if (!type && !id) return "—";
  return [type, id].filter(Boolean).join(" ");
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
        <form method="get" className="flex flex-wrap items-center gap-2" role="search">
          <Select name="action" defaultValue={query.action ?? ""} aria-label="Action" className="w-56">
            <option value="">All actions</option>
            {[...new Set(log.actions.map((a) => `${a.split(".")[0]}.*`))].map((prefix) => (
              <option key={prefix} value={prefix}>
                {prefix}
              </option>
            ))}
            {log.actions.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </Select>
          <Input name="actor" defaultValue={query.actor ?? ""} placeholder="Actor email, id or “anonymous”" aria-label="Actor" className="w-64" />
          <Button type="submit" variant="secondary">
            Filter
          </Button>
          <Link href="/admin/audit" className={buttonClasses("ghost")}>
            Clear
          </Link>
        </form>
      </div>

      <Table>
        <THead>
          <Tr>
            <Th>When (UTC)</Th>
            <Th>Action</Th>
            <Th>Actor</Th>
            <Th>Target</Th>
            <Th>Address</Th>
            <Th>Details</Th>
          </Tr>
        </THead>
        <TBody>
          {log.entries.length === 0 && <EmptyRow colSpan={6}>No entries.</EmptyRow>}
          {log.entries.map((e) => (
            <Tr key={e.id}>
              <Td className="whitespace-nowrap font-mono text-xs">{e.at.toISOString().replace("T", " ").slice(0, 19)}</Td>
              <Td className="whitespace-nowrap font-mono text-xs">{e.action}</Td>
              <Td className="text-xs">{e.actor?.email ?? <span className="text-slate-400">anonymous</span>}</Td>
              <Td className="font-mono text-xs">{describeTarget(e.targetType, e.targetId)}</Td>
              <Td className="font-mono text-xs">{e.ip ?? "—"}</Td>
              <Td>
                {e.details ? (
                  <pre className="max-w-md overflow-x-auto whitespace-pre-wrap break-all font-mono text-xs text-slate-600">
                    {JSON.stringify(e.details)}
                  </pre>
                ) : (
                  "—"
                )}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>

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
