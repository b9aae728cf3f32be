import Link from "next/link";
import { Button, buttonClasses } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import type { AuditQuery } from "@/lib/audit/query-schema";

/** Filter by action (exact, or a `prefix.*` family) and by actor; a plain GET form. */
export function AuditFilterForm({ query, actions }: { query: AuditQuery; actions: string[] }) {
  return (
    <form method="get" className="flex flex-wrap items-center gap-2" role="search">
      <Select name="action" defaultValue={query.action ?? ""} aria-label="Action" className="w-56">
        <option value="">All actions</option>
        {[...new Set(actions.map((a) => `${a.split(".")[0]}.*`))].map((prefix) => (
          <option key={prefix} value={prefix}>
            {prefix}
          </option>
        ))}
        {actions.map((a) => (
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
  );
}
