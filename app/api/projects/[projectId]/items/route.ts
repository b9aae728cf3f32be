import { HttpError } from "@/lib/http/http-error";
import { route } from "@/lib/http/route";
import { PROJECT_READ_ROLES } from "@/lib/projects/access";
import { parseItemQuery } from "@/lib/projects/item-filters";
import { itemFacets, listItems } from "@/lib/projects/item-queries";
import { projectAccess } from "@/lib/projects/project-access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET /api/projects/[projectId]/items?q=&status=&video=&format=&label.<key>=<value>&page=&pageSize=
 * (admins; members) — one page of the catalogue, filtered in the database (see
 * lib/projects/item-filters.ts), in native order: {items, total, page, pageSize, pages, filter,
 * facets?}. Rows carry no truth. `facets=1` adds the label keys / values and formats present in
 * the project. Bad parameters → 400 naming each.
 */
export const GET = route<undefined, undefined, { projectId: string }>({ roles: PROJECT_READ_ROLES }, async ({ request, params, user }) => {
  const { project } = await projectAccess(user, params.projectId);
  const search = new URLSearchParams(request.nextUrl.searchParams);
  const facetsWanted = search.get("facets") === "1";
  search.delete("facets");
  const { filter, page, issues } = parseItemQuery(search);
  if (issues.length) throw new HttpError(400, issues.map((i) => `${i.field}: ${i.message}`).join("; "), "invalid_input", issues);
  const [list, facets] = await Promise.all([listItems(project.id, filter, page), facetsWanted ? itemFacets(project.id) : null]);
  return { ...list, filter, ...(facets ? { facets } : {}) };
});
