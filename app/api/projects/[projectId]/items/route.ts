import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { route } from "@/lib/http/route";
import { PROJECT_READ_ROLES } from "@/lib/projects/access";
import { parseItemQuery } from "@/lib/projects/item-filters";
import { itemFacets, listItems } from "@/lib/projects/item-queries";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET /api/projects/[projectId]/items?q=&status=&video=&format=&label.<key>=<value>&page=&pageSize=
 * (staff) — one page of the catalogue, filtered in the database (see lib/projects/item-filters.ts),
 * in native order: {items, total, page, pageSize, pages, filter, facets?}. Rows carry no truth.
 * `facets=1` adds the label keys / values and formats present in the project. Bad parameters → 400
 * naming each.
 */
export const GET = route<undefined, undefined, { projectId: string }>({ roles: PROJECT_READ_ROLES }, async ({ request, params }) => {
  const search = request.nextUrl.searchParams;
  const facetsWanted = search.get("facets") === "1";
  const params2 = new URLSearchParams(search);
  params2.delete("facets");
  const { filter, page, issues } = parseItemQuery(params2);
  if (issues.length) throw new HttpError(400, issues.map((i) => `${i.field}: ${i.message}`).join("; "), "invalid_input", issues);
  const exists = await db.project.findUnique({ where: { id: params.projectId }, select: { id: true } });
  if (!exists) throw new HttpError(404, "No such project.");
  const [list, facets] = await Promise.all([listItems(params.projectId, filter, page), facetsWanted ? itemFacets(params.projectId) : null]);
  return { ...list, filter, ...(facets ? { facets } : {}) };
});
