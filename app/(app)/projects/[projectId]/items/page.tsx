import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/current-user";
import { PROJECT_READ_ROLES } from "@/lib/projects/access";
import { isFiltered, itemQueryString, parseItemQuery } from "@/lib/projects/item-filters";
import { itemFacets, listItems } from "@/lib/projects/item-queries";
import { projectForPage, projectPageTitle } from "@/lib/projects/page-project";
import { ProjectHeader } from "../../_components/project-header";
import { ItemFiltersForm } from "./_components/item-filters-form";
import { ItemsTable } from "./_components/items-table";
import { Pager } from "./_components/pager";

export const dynamic = "force-dynamic";

type Params = Promise<{ projectId: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return projectPageTitle((await params).projectId, "Items");
}

/** /projects/[projectId]/items — the item catalogue: filters and search on any label, in the database, paginated (admins; members). */
export default async function ItemsPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { projectId } = await params;
  const sp = await searchParams;
  await requireUser(PROJECT_READ_ROLES, `/projects/${encodeURIComponent(projectId)}/items`);
  const { project, isAdmin } = await projectForPage(projectId);
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
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-4 p-6">
      <ProjectHeader project={project} current="items" isAdmin={isAdmin} />
      <ItemFiltersForm basePath={base} filter={filter} pageSize={page.pageSize} labels={facets.labels} formats={facets.formats} />
      <p className="text-sm text-slate-600" data-testid="items-count" aria-live="polite">
        {list.total === 0 ? "No items" : `Items ${from}–${to} of ${list.total}`}
        {isFiltered(filter) ? " matching the filters" : ""}
      </p>
      <ItemsTable items={list.items} base={base} detailQuery={itemQueryString(filter, { page: list.page, pageSize: page.pageSize })} filtered={isFiltered(filter)} />
      <Pager page={list.page} pages={list.pages} href={pageHref} />
    </main>
  );
}
