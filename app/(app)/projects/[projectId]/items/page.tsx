import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { EmptyRow, Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { requireUser } from "@/lib/auth/current-user";
import { canManageProjects, PROJECT_READ_ROLES } from "@/lib/projects/access";
import { isFiltered, itemQueryString, labelName, labelValueText, parseItemQuery } from "@/lib/projects/item-filters";
import { itemFacets, listItems } from "@/lib/projects/item-queries";
import { getProject } from "@/lib/projects/project-queries";
import { ProjectHeader } from "../../_components/project-header";
import { ItemFiltersForm } from "./_components/item-filters-form";

export const metadata: Metadata = { title: "Items" };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

/** Labels shown in the table (the rest are on the item page). */
const SHOWN_LABELS = ["subtype", "dim", "tier", "hallucination", "category", "task_type", "genre", "state_element", "state_structure", "perceptual_challenges", "source_task"];

function labelChips(labels: unknown): string[] {
  const obj = labels && typeof labels === "object" && !Array.isArray(labels) ? (labels as Record<string, unknown>) : {};
  const out: string[] = [];
  for (const key of SHOWN_LABELS) {
    const v = obj[key];
    if (v === undefined || v === null) continue;
    const text = Array.isArray(v) ? v.map(labelValueText).filter(Boolean).join(", ") : labelValueText(v);
    if (text) out.push(`${labelName(key)}: ${text}`);
  }
  return out;
}

/** /projects/[projectId]/items — the item catalogue: filters and search on any label, in the database, paginated (staff). */
export default async function ItemsPage({ params, searchParams }: { params: Promise<{ projectId: string }>; searchParams: Search }) {
  const { projectId } = await params;
  const sp = await searchParams;
  const user = await requireUser(PROJECT_READ_ROLES, `/projects/${encodeURIComponent(projectId)}/items`);
  const project = await getProject(projectId);
  if (!project) notFound();
  // Bad parameters fall back to their defaults on pages (the API answers 400 instead).
  const { filter, page } = parseItemQuery(sp);
  const [list, facets] = await Promise.all([listItems(project.id, filter, page), itemFacets(project.id)]);
  const base = `/projects/${project.id}/items`;
  const pageHref = (n: number) => {
    const qs = itemQueryString(filter, { page: n, pageSize: page.pageSize });
    return qs ? `${base}?${qs}` : base;
  };
  const from = list.total === 0 ? 0 : (list.page - 1) * list.pageSize + 1;
  const to = Math.min(list.total, list.page * list.pageSize);
  const detailQs = itemQueryString(filter, { page: list.page, pageSize: page.pageSize });
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-4 p-6">
      <ProjectHeader project={project} current="items" isAdmin={canManageProjects(user.role)} />
      <ItemFiltersForm basePath={base} filter={filter} pageSize={page.pageSize} labels={facets.labels} formats={facets.formats} />
      <p className="text-sm text-slate-600" data-testid="items-count" aria-live="polite">
        {list.total === 0 ? "No items" : `Items ${from}–${to} of ${list.total}`}
        {isFiltered(filter) ? " matching the filters" : ""}
      </p>
      <Table aria-label="Items">
        <THead>
          <Tr>
            <Th className="w-12 text-right">#</Th>
            <Th>Id</Th>
            <Th>Question</Th>
            <Th>Format</Th>
            <Th>Labels</Th>
            <Th>Video</Th>
            <Th className="text-right">QPs</Th>
            <Th>Status</Th>
          </Tr>
        </THead>
        <TBody>
          {list.items.length === 0 && <EmptyRow colSpan={8}>{isFiltered(filter) ? "No item matches these filters." : "This project has no items."}</EmptyRow>}
          {list.items.map((item) => (
            <Tr key={item.id} data-testid="item-row">
              <Td className="text-right font-mono text-xs text-slate-500">{item.ordinal + 1}</Td>
              <Td className="font-mono text-xs">
                <Link href={`${base}/${item.id}${detailQs ? `?${detailQs}` : ""}`} className="text-blue-700 hover:underline">
                  {item.externalId}
                </Link>
              </Td>
              <Td className="max-w-md">
                <Link href={`${base}/${item.id}${detailQs ? `?${detailQs}` : ""}`} className="line-clamp-2 hover:underline">
                  {item.question}
                </Link>
              </Td>
              <Td className="font-mono text-xs">{item.format}</Td>
              <Td>
                <div className="flex max-w-xs flex-wrap gap-1">
                  {labelChips(item.labels).map((c) => (
                    <Badge key={c}>{c}</Badge>
                  ))}
                </div>
              </Td>
              <Td className="text-xs">
                {item.videoId ? (
                  <Badge tone="green">attached</Badge>
                ) : (
                  <span title={item.videoRef}>
                    <Badge tone="amber">pending</Badge>
                  </span>
                )}
              </Td>
              <Td className="text-right font-mono text-xs">{item._count.queryPoints}</Td>
              <Td>{item.status === "ACTIVE" ? <Badge tone="blue">active</Badge> : <Badge tone="red">removed</Badge>}</Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      {list.pages > 1 && (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
          {list.page > 1 ? (
            <Link href={pageHref(list.page - 1)} className="text-blue-700 hover:underline" rel="prev">
              ← Previous
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-600">
            Page {list.page} of {list.pages}
          </span>
          {list.page < list.pages ? (
            <Link href={pageHref(list.page + 1)} className="text-blue-700 hover:underline" rel="next">
              Next →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </main>
  );
}
