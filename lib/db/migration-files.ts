import "server-only";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { MigrationList } from "@prisma/schema-engine-wasm";
import type { DbProvider } from "./database-url";

export const prismaDir = path.resolve(process.cwd(), "prisma");

export function schemaPath(provider: DbProvider): string {
  return provider === "sqlite"
    ? path.join(prismaDir, "schema.prisma")
    : path.join(prismaDir, "postgres", "schema.prisma");
}

export function migrationsDir(provider: DbProvider): string {
  return path.join(prismaDir, "migrations", provider);
}

export function readSchema(provider: DbProvider): string {
  return readFileSync(schemaPath(provider), "utf8");
}

/** Loads `prisma/migrations/<provider>/*` in the shape the schema engine expects. */
export function readMigrationList(provider: DbProvider): MigrationList {
  const baseDir = migrationsDir(provider);
  const names = existsSync(baseDir)
    ? readdirSync(baseDir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  const lockPath = path.join(baseDir, "migration_lock.toml");
  return {
    baseDir,
    lockfile: {
      path: "migration_lock.toml",
      content: existsSync(lockPath) ? readFileSync(lockPath, "utf8") : null,
    },
    shadowDbInitScript: "",
    migrationDirectories: names.map((name) => ({
      path: name,
      migrationFile: {
        path: "migration.sql",
        content: { tag: "ok", value: readFileSync(path.join(baseDir, name, "migration.sql"), "utf8") },
      },
    })),
  } as MigrationList;
}

export function writeMigration(provider: DbProvider, dirName: string, content: string, fileName = "migration.sql"): string {
  const baseDir = migrationsDir(provider);
  mkdirSync(path.join(baseDir, dirName), { recursive: true });
  writeFileSync(
    path.join(baseDir, "migration_lock.toml"),
    `# Written by npm run db:migration. Do not edit.\nprovider = "${provider}"\n`,
  );
  const file = path.join(baseDir, dirName, fileName);
  writeFileSync(file, content);
  return file;
}
