import Link from "next/link";
import { itemQueryString, EMPTY_FILTER } from "@/lib/projects/item-filters";
import type { ProjectOverview } from "@/lib/projects/project-queries";
import { plural } from "@/lib/text/plural";

function Stat({ label, value, hint, href }: { label: string; value: string | number; hint?: string; href?: string }) {
  const body = (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3">
      <div className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</div>
      <div className="mt-1 font-mono text-2xl text-slate-900" data-testid={`stat-${label.toLowerCase().replace(/\s+/g, "-")}`}>
        {value}
      </div>
      {hint && <div className="text-xs text-slate-500">{hint}</div>}
    </div>
  );
  return href ? (
    <Link href={href} className="block hover:shadow-sm">
      {body}
    </Link>
  ) : (
    body
  );
}

/** The overview's counts: items, query points, spans, videos attached / pending, the project's truth version. */
export function OverviewStats({ projectId, overview, truthVersion }: { projectId: string; overview: ProjectOverview; truthVersion: number }) {
  const items = `/projects/${projectId}/items`;
  return (
    <section aria-label="Counts" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      <Stat label="Items" value={overview.items.active} hint={overview.items.removed ? `${overview.items.removed} removed` : "all active"} href={items} />
      <Stat label="Query points" value={overview.queryPoints} />
      <Stat label="Evidence spans" value={overview.truthSpans} />
      <Stat label="Videos attached" value={overview.videos.attached} href={`${items}?${itemQueryString({ ...EMPTY_FILTER, video: "attached" })}`} />
      <Stat
        label="Videos pending"
        value={overview.videos.pending}
        hint={`${plural(overview.videos.pendingItems, "item")} waiting`}
        href={`${items}?${itemQueryString({ ...EMPTY_FILTER, video: "pending" })}`}
      />
      <Stat label="Truth version" value={truthVersion} hint="bumped by every truth change" />
    </section>
  );
}
