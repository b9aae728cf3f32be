import "server-only";
import type { DbProvider } from "@/lib/db/database-url";
import { Prisma } from "@/lib/generated/prisma-sqlite/client";
import { likePattern, NONE_VALUE, type ItemFilter } from "./item-filters";

/**
 * The catalogue filter as an SQL condition on `"Item" i`, for SQLite and PostgreSQL (labels are
 * a JSON column: TEXT holding JSON in SQLite, JSONB in PostgreSQL; Prisma's JSON filters differ
 * between the two and cannot test list membership on SQLite, hence raw SQL). Every value is a
 * bound parameter; label keys are also checked against LABEL_KEY_PATTERN by the parser.
 *
 * A label value is compared as text (strings as is, numbers as written, booleans
 * "true"/"false"); a list matches when one element does; NONE_VALUE matches a missing, null or
 * empty label. Same rule as `matchesLabels` in item-filters.ts.
 */
export function itemWhereSql(projectId: string, filter: ItemFilter, provider: DbProvider): Prisma.Sql {
  const pg = provider === "postgresql";
  const parts: Prisma.Sql[] = [Prisma.sql`i."projectId" = ${projectId}`];
  if (filter.status) parts.push(pg ? Prisma.sql`i."status"::text = ${filter.status}` : Prisma.sql`i."status" = ${filter.status}`);
  if (filter.video === "attached") parts.push(Prisma.sql`i."videoId" IS NOT NULL`);
  if (filter.video === "pending") parts.push(Prisma.sql`i."videoId" IS NULL`);
  if (filter.format) parts.push(Prisma.sql`i."format" = ${filter.format}`);
  if (filter.q) {
    const p = likePattern(filter.q);
    const inLabels = pg
      ? Prisma.sql`EXISTS (SELECT 1 FROM jsonb_each(i."labels") AS e(k, v)
          WHERE LOWER(CASE jsonb_typeof(e.v) WHEN 'string' THEN e.v #>> '{}' ELSE e.v::text END) LIKE ${p} ESCAPE '\\')`
      : Prisma.sql`EXISTS (SELECT 1 FROM json_tree(i."labels") AS t
          WHERE t.atom IS NOT NULL AND LOWER(CAST(t.atom AS TEXT)) LIKE ${p} ESCAPE '\\')`;
    parts.push(Prisma.sql`(LOWER(i."question") LIKE ${p} ESCAPE '\\'
      OR LOWER(i."externalId") LIKE ${p} ESCAPE '\\'
      OR LOWER(i."videoRef") LIKE ${p} ESCAPE '\\'
      OR ${inLabels})`);
  }
  for (const [key, values] of Object.entries(filter.labels)) {
    const wanted = values.filter((v) => v !== NONE_VALUE);
    const any: Prisma.Sql[] = [];
    if (wanted.length > 0) any.push(pg ? pgLabelIn(key, wanted) : sqliteLabelIn(key, wanted));
    if (values.includes(NONE_VALUE)) any.push(pg ? pgLabelNone(key) : sqliteLabelNone(key));
    if (any.length > 0) parts.push(Prisma.sql`(${Prisma.join(any, " OR ")})`);
  }
  return Prisma.join(parts, " AND ");
}

function sqlitePath(key: string): string {
  return `$."${key}"`;
}

function sqliteLabelIn(key: string, values: string[]): Prisma.Sql {
  return Prisma.sql`EXISTS (SELECT 1 FROM json_each(i."labels", ${sqlitePath(key)}) AS j
    WHERE (CASE j.type WHEN 'true' THEN 'true' WHEN 'false' THEN 'false'
             WHEN 'text' THEN j.atom WHEN 'integer' THEN CAST(j.atom AS TEXT) WHEN 'real' THEN CAST(j.atom AS TEXT) END)
          IN (${Prisma.join(values)}))`;
}

function sqliteLabelNone(key: string): Prisma.Sql {
  const path = sqlitePath(key);
  return Prisma.sql`(COALESCE(json_type(i."labels", ${path}), 'null') = 'null'
    OR (json_type(i."labels", ${path}) = 'array' AND json_array_length(i."labels", ${path}) = 0))`;
}

function pgLabelIn(key: string, values: string[]): Prisma.Sql {
  return Prisma.sql`EXISTS (SELECT 1 FROM jsonb_array_elements_text(
      CASE jsonb_typeof(i."labels" -> ${key}::text) WHEN 'array' THEN i."labels" -> ${key}::text
           ELSE jsonb_build_array(i."labels" -> ${key}::text) END) AS e(v)
    WHERE e.v IN (${Prisma.join(values)}))`;
}

function pgLabelNone(key: string): Prisma.Sql {
  return Prisma.sql`(COALESCE(jsonb_typeof(i."labels" -> ${key}::text), 'null') = 'null'
    OR i."labels" -> ${key}::text = '[]'::jsonb)`;
}
