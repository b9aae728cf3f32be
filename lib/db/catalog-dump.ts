import "server-only";
import Database from "better-sqlite3";
import pg from "pg";
import { pgConfigFromUrl, type DatabaseTarget } from "./database-url";

/**
 * A provider-neutral, sorted description of a live database's tables, columns, indexes and
 * foreign keys (Prisma's own `_prisma_migrations` excluded). Two databases with equal dumps
 * have the same schema; used to prove that the migration history builds the schema file.
 */
export async function catalogDump(target: DatabaseTarget): Promise<string[]> {
  return target.provider === "sqlite" ? sqliteDump(target.url.slice("file:".length)) : postgresDump(target.url);
}

function sqliteDump(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    const out: string[] = [];
    const tables = db
      .prepare(`SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations'`)
      .all() as { name: string }[];
    for (const { name } of tables) {
      for (const c of db.prepare(`PRAGMA table_info("${name}")`).all() as Record<string, unknown>[]) {
        out.push(`column ${name}.${c.name} ${c.type} notnull=${c.notnull} default=${c.dflt_value} pk=${c.pk}`);
      }
      for (const i of db.prepare(`PRAGMA index_list("${name}")`).all() as Record<string, unknown>[]) {
        const cols = (db.prepare(`PRAGMA index_info("${i.name}")`).all() as { name: string }[]).map((x) => x.name);
        out.push(`index ${name}.${i.name} unique=${i.unique} origin=${i.origin} (${cols.join(",")})`);
      }
      for (const f of db.prepare(`PRAGMA foreign_key_list("${name}")`).all() as Record<string, unknown>[]) {
        out.push(`fk ${name}.${f.from} -> ${f.table}.${f.to} update=${f.on_update} delete=${f.on_delete}`);
      }
    }
    return out.sort();
  } finally {
    db.close();
  }
}

async function postgresDump(url: string): Promise<string[]> {
  const client = new pg.Client(pgConfigFromUrl(url));
  await client.connect();
  try {
    const out: string[] = [];
    const cols = await client.query(
      `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default
         FROM information_schema.columns WHERE table_schema='public' AND table_name <> '_prisma_migrations'`,
    );
    for (const c of cols.rows) {
      out.push(`column ${c.table_name}.${c.column_name} ${c.data_type}/${c.udt_name} null=${c.is_nullable} default=${c.column_default}`);
    }
    const idx = await client.query(
      `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname='public' AND tablename <> '_prisma_migrations'`,
    );
    for (const i of idx.rows) out.push(`index ${i.tablename}.${i.indexname} ${i.indexdef}`);
    const cons = await client.query(
      `SELECT conrelid::regclass::text AS tbl, conname, pg_get_constraintdef(oid) AS def
         FROM pg_constraint WHERE connamespace='public'::regnamespace AND conrelid::regclass::text NOT IN ('_prisma_migrations', '"_prisma_migrations"')`,
    );
    for (const c of cons.rows) out.push(`constraint ${c.tbl}.${c.conname} ${c.def}`);
    const enums = await client.query(
      `SELECT t.typname, string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) AS labels
         FROM pg_type t JOIN pg_enum e ON e.enumtypid=t.oid GROUP BY t.typname`,
    );
    for (const e of enums.rows) out.push(`enum ${e.typname} ${e.labels}`);
    return out.sort();
  } finally {
    await client.end();
  }
}

/** Executes a multi-statement DDL script on a database (scratch databases only). */
export async function executeScript(target: DatabaseTarget, sql: string): Promise<void> {
  if (target.provider === "sqlite") {
    const db = new Database(target.url.slice("file:".length));
    try {
      db.exec(sql);
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client(pgConfigFromUrl(target.url));
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
