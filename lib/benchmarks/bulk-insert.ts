import "server-only";
import type { DbTx } from "@/lib/audit/audit";
import { databaseTarget } from "@/lib/db/database-url";

/**
 * Raw multi-row INSERTs for the large writes of an import (inside the caller's transaction):
 * Prisma's createMany spends 1-2 ms per row on these tables (≈ 2-3 s of a 1,000-2,300 item
 * import), one raw statement per batch a few hundredths of that. Values are stored exactly as
 * Prisma stores them, so Prisma reads them back unchanged: JSON as JSON text (SQLite) / jsonb,
 * DateTime as ISO text with "+00:00" (SQLite) / timestamp(3) in UTC, enums as their names.
 *
 * PostgreSQL: one `INSERT ... SELECT * FROM unnest($1::type[], ...)` per call (one parameter per
 * column). SQLite: `INSERT ... VALUES (?, ...), ...` in batches under the variable limit.
 */

/** A column: its name and its PostgreSQL array element type ("text", "jsonb", "integer", "double precision", "timestamp(3)", or a quoted enum type). */
export type BulkColumn = { name: string; pg: string };

export type BulkValue = string | number | boolean | null | Date | { json: unknown };

const SQLITE_MAX_PARAMS = 30_000;

/** A JSON column's value (`JSON.stringify`, null as JSON null). */
export const json = (value: unknown): { json: unknown } => ({ json: value });

function sqliteValue(v: BulkValue): string | number | null {
  if (v === null) return null;
  if (v instanceof Date) return v.toISOString().replace(/Z$/, "+00:00");
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "object") return JSON.stringify(v.json ?? null);
  return v;
}

function pgValue(v: BulkValue): string | number | boolean | null {
  if (v === null) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "object") return JSON.stringify(v.json ?? null);
  return v;
}

/** Inserts `rows` (values in the order of `columns`) into `table`. */
export async function bulkInsert(tx: DbTx, table: string, columns: readonly BulkColumn[], rows: readonly (readonly BulkValue[])[]): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map((c) => `"${c.name}"`).join(", ");
  if (databaseTarget().provider === "postgresql") {
    const arrays = columns.map((_, i) => rows.map((r) => pgValue(r[i])));
    const casts = columns.map((c, i) => `$${i + 1}::${c.pg}[]`).join(", ");
    await tx.$executeRawUnsafe(`INSERT INTO "${table}" (${names}) SELECT * FROM unnest(${casts})`, ...arrays);
    return;
  }
  const per = Math.max(1, Math.floor(SQLITE_MAX_PARAMS / columns.length));
  const tuple = `(${columns.map(() => "?").join(", ")})`;
  for (let i = 0; i < rows.length; i += per) {
    const chunk = rows.slice(i, i + per);
    const args: (string | number | null)[] = [];
    for (const r of chunk) for (const v of r) args.push(sqliteValue(v));
    await tx.$executeRawUnsafe(`INSERT INTO "${table}" (${names}) VALUES ${chunk.map(() => tuple).join(", ")}`, ...args);
  }
}
