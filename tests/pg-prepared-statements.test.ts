import { db, testDb } from "@/tests/support/test-db";
import { describe, expect, it } from "vitest";
import { directSql } from "@/lib/db/prisma";
import { preparedStatementName } from "@/lib/db/direct-sql";

/**
 * On PostgreSQL the hot path's direct statements (lib/db/direct-sql.ts) are prepared once per
 * connection under a name (lib/db/adapter-factory.ts `statementNameGenerator`) instead of parsed
 * and planned on every call; the ORM's own statements are not named. Shown by the server's own
 * list of the connection's prepared statements (one request at a time reuses one pool connection).
 */
describe.skipIf(testDb.provider !== "postgresql")("PostgreSQL prepared direct statements", () => {
  it("a direct statement is prepared under its name and answers the same on every call", async () => {
    const user = await db.user.create({ data: { email: "prepared@example.test", name: "P", role: "ANNOTATOR" } });
    for (let i = 0; i < 3; i++) {
      const rows = await directSql.query<{ email: string }[]>`SELECT "email" FROM "User" WHERE "id" = ${user.id}`;
      expect(rows).toEqual([{ email: "prepared@example.test" }]);
    }
    const prepared = await directSql.query<{ name: string; statement: string }[]>`
      SELECT "name", "statement" FROM pg_prepared_statements WHERE "name" LIKE ${"playhead\\_%"}`;
    const mine = prepared.find((p) => p.statement.includes(`SELECT "email" FROM "User" WHERE "id" = $1`));
    expect(mine?.name).toMatch(/^playhead_\d+$/);
    expect(preparedStatementName(mine!.statement)).toBe(mine!.name);
    // The ORM's statements are not named (their texts vary, e.g. with the length of an IN list).
    await db.user.findMany({ where: { id: { in: [user.id, "a", "b"] } } });
    const after = await directSql.query<{ statement: string }[]>`SELECT "statement" FROM pg_prepared_statements`;
    expect(after.some((p) => p.statement.includes(`"public"."User"`))).toBe(false);
  });
});
