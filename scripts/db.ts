/**
 * Database tooling that runs offline (Prisma's WebAssembly schema engine; see lib/db/schema-engine.ts).
 *
 *   tsx scripts/db.ts generate             derive the PostgreSQL schema and generate both Prisma clients (lib/generated)
 *   tsx scripts/db.ts schemas              derive prisma/postgres/schema.prisma from prisma/schema.prisma
 *   tsx scripts/db.ts migration <name>     write a migration for SQLite and PostgreSQL (needs PG_ADMIN_URL or a local server)
 *   tsx scripts/db.ts deploy               apply pending migrations to DATABASE_URL (default SQLite data/playhead.db)
 *   tsx scripts/db.ts check                exit 1 when the derived schema or a migration history drifts from the source
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { databaseTarget, type DbProvider } from "@/lib/db/database-url";
import { derivePostgresSchema } from "@/lib/db/derive-postgres-schema";
import { applyMigrations, createMigration, pendingSchemaChanges } from "@/lib/db/migrate";
import { readSchema, schemaPath } from "@/lib/db/migration-files";

const providers: DbProvider[] = ["sqlite", "postgresql"];

function writeDerivedSchema(): boolean {
  const derived = derivePostgresSchema(readSchema("sqlite"));
  let current = "";
  try {
    current = readSchema("postgresql");
  } catch {}
  if (current === derived) return false;
  writeFileSync(schemaPath("postgresql"), derived);
  return true;
}

async function main() {
  const [cmd, arg] = process.argv.slice(2);
  switch (cmd) {
    case "generate": {
      writeDerivedSchema();
      // `prisma generate` never runs the schema engine, but insists that its binary exists; the
      // real one is a download that fails offline, so point it at any existing file.
      for (const provider of providers) {
        const result = spawnSync("npx", ["prisma", "generate", "--schema", schemaPath(provider)], {
          stdio: ["ignore", "inherit", "inherit"],
          env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.execPath, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
        });
        if (result.status !== 0) throw new Error(`prisma generate failed for ${provider}`);
      }
      return;
    }
    case "schemas": {
      console.log(writeDerivedSchema() ? "wrote prisma/postgres/schema.prisma" : "prisma/postgres/schema.prisma is up to date");
      return;
    }
    case "migration": {
      if (!arg) throw new Error("usage: db migration <name>");
      writeDerivedSchema();
      const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
      for (const provider of providers) {
        const file = await createMigration(provider, arg, stamp);
        console.log(`${provider}: ${file ?? "no changes"}`);
      }
      return;
    }
    case "deploy": {
      const target = databaseTarget();
      const applied = await applyMigrations(target);
      console.log(`${target.provider}: ${applied.length ? `applied ${applied.join(", ")}` : "database is up to date"}`);
      return;
    }
    case "check": {
      let ok = derivePostgresSchema(readSchema("sqlite")) === readSchema("postgresql");
      if (!ok) console.error("prisma/postgres/schema.prisma differs from what prisma/schema.prisma derives: run npm run db:schemas");
      for (const provider of providers) {
        const sql = await pendingSchemaChanges(provider);
        if (sql) {
          ok = false;
          console.error(`${provider}: migrations lag behind the schema; run npm run db:migration -- <name>\n${sql}`);
        }
      }
      if (!ok) process.exit(1);
      console.log("schemas and migrations are in sync");
      return;
    }
    default:
      console.error("usage: tsx scripts/db.ts schemas | migration <name> | deploy | check");
      process.exit(2);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
