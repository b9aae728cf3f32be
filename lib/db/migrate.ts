import "server-only";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { adapterFactory } from "./adapter-factory";
import type { DatabaseTarget, DbProvider } from "./database-url";
import { migrationsDir, readMigrationList, readSchema, schemaPath, writeMigration } from "./migration-files";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";
import { openSchemaEngine } from "./schema-engine";
import { pgAdminUrl } from "./scratch-database";

const noFilters = { externalTables: [], externalEnums: [] };
const SNAPSHOT = "schema.prisma";

function files(provider: DbProvider, content: string) {
  return [{ path: path.basename(schemaPath(provider)), content }];
}

async function withEngine<T>(
  target: DatabaseTarget,
  fn: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  const schema = readSchema(target.provider);
  const open = await openSchemaEngine(adapterFactory(target), [[path.basename(schemaPath(target.provider)), schema]]);
  try {
    return await fn(open.engine);
  } finally {
    await open.close();
  }
}

/** Applies every committed migration not yet applied to the database (keeps `_prisma_migrations`). */
export async function applyMigrations(target: DatabaseTarget): Promise<string[]> {
  return withEngine(target, async (engine) => {
    const out = await engine.applyMigrations({
      migrationsList: readMigrationList(target.provider),
      filters: noFilters,
    });
    return out.appliedMigrationNames;
  });
}

/** The schema as of the newest migration (its snapshot), or null when there is no migration yet. */
export function lastMigratedSchema(provider: DbProvider): string | null {
  const names = readMigrationList(provider).migrationDirectories.map((d) => d.path);
  const last = names.at(-1);
  if (!last) return null;
  const file = path.join(migrationsDir(provider), last, SNAPSHOT);
  if (!existsSync(file)) throw new Error(`${file} is missing: every migration keeps the schema it was made from`);
  return readFileSync(file, "utf8");
}

/**
 * DDL script between two datamodels of the same provider (`from` null = empty database).
 * Pure schema comparison: no database is read. (Live introspection is avoided on purpose:
 * the PostgreSQL adapter cannot decode catalog columns of type "char" in this Prisma version.)
 */
export async function diffSchemas(provider: DbProvider, from: string | null, to: string): Promise<string> {
  const target: DatabaseTarget =
    provider === "sqlite" ? { provider, url: "file::memory:" } : { provider, url: pgAdminUrl() };
  return withEngine(target, async (engine) => {
    const result = await engine.diff({
      from: from === null ? { tag: "empty" } : { tag: "schemaDatamodel", files: files(provider, from) },
      to: { tag: "schemaDatamodel", files: files(provider, to) },
      script: true,
      exitCode: null,
      filters: noFilters,
    });
    const sql = (result.stdout ?? "").trim();
    return sql === "-- This is an empty migration." ? "" : sql;
  });
}

/** SQL the migration history lacks to reach the schema file (empty when in sync). */
export async function pendingSchemaChanges(provider: DbProvider): Promise<string> {
  return diffSchemas(provider, lastMigratedSchema(provider), readSchema(provider));
}

/** Writes `prisma/migrations/<provider>/<stamp>_<name>/{migration.sql,schema.prisma}`; null when nothing changed. */
export async function createMigration(provider: DbProvider, name: string, stamp: string): Promise<string | null> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error("migration name: use lowercase letters, digits and _");
  const sql = await pendingSchemaChanges(provider);
  if (!sql) return null;
  const dir = `${stamp}_${name}`;
  const file = writeMigration(provider, dir, `${sql}\n`);
  writeMigration(provider, dir, readSchema(provider), SNAPSHOT);
  return file;
}
