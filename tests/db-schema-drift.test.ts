import { describe, expect, it } from "vitest";
import { catalogDump, executeScript } from "@/lib/db/catalog-dump";
import { derivePostgresSchema } from "@/lib/db/derive-postgres-schema";
import { applyMigrations, diffSchemas, pendingSchemaChanges } from "@/lib/db/migrate";
import { readSchema } from "@/lib/db/migration-files";
import { withScratchDatabase } from "@/lib/db/scratch-database";
import type { DbProvider } from "@/lib/db/database-url";

describe("one source schema, two providers", () => {
  it("prisma/postgres/schema.prisma is exactly what prisma/schema.prisma derives", () => {
    expect(readSchema("postgresql")).toBe(derivePostgresSchema(readSchema("sqlite")));
  });

  it("derivation refuses a source that is not the SQLite source schema", () => {
    expect(() => derivePostgresSchema('datasource db { provider = "mysql" }')).toThrow(/provider = "sqlite"/);
  });
});

describe.each<DbProvider>(["sqlite", "postgresql"])("%s migration history", (provider) => {
  it("has no schema change left unmigrated", async () => {
    expect(await pendingSchemaChanges(provider)).toBe("");
  });

  it("builds, on a real empty database, exactly the schema the schema file describes", async () => {
    const viaMigrations = await withScratchDatabase(provider, async (target) => {
      const applied = await applyMigrations(target);
      expect(applied.length).toBeGreaterThan(0);
      expect(await applyMigrations(target)).toEqual([]); // idempotent deploy
      return catalogDump(target);
    });
    const viaSchema = await withScratchDatabase(provider, async (target) => {
      await executeScript(target, await diffSchemas(provider, null, readSchema(provider)));
      return catalogDump(target);
    });
    expect(viaMigrations.length).toBeGreaterThan(50);
    expect(viaMigrations).toEqual(viaSchema);
  });

  it("detects drift: a schema with an extra column differs from the history", async () => {
    const changed = readSchema(provider).replace("model User {", "model User {\n  driftProbe String?");
    const sql = await diffSchemas(provider, readSchema(provider), changed);
    expect(sql).toMatch(/driftProbe/);
  });
});
