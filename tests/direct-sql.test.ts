/**
 * lib/db/direct-sql.ts: the hot path's fixed statements sent straight to the Prisma client's
 * driver adapter. They must read and write exactly what `$queryRaw` / `$executeRaw` and the ORM
 * do, bind every value, report database errors with the codes a route maps to 409 / 503, stay out
 * of another request's open transaction (SQLite: one connection per process), and survive a
 * disconnect of the client.
 */
import { db, testDb } from "@/tests/support/test-db";
import { afterAll, describe, expect, it } from "vitest";
import { directSql } from "@/lib/db/prisma";
import { classifyError } from "@/lib/http/classify-error";

const tag = `dsql-${Date.now()}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterAll(async () => {
  await db.user.deleteMany({ where: { email: { startsWith: tag } } });
});

describe(`direct statements (${testDb.provider})`, () => {
  it("read a row as $queryRaw does: text, integers, booleans, DATETIME as Date, NULL", async () => {
    const user = await db.user.create({ data: { email: `${tag}-read@x.test`, name: "Ada", role: "REVIEWER", active: false, sessionVersion: 7, passwordHash: null } });
    const viaPrisma = await db.$queryRaw<Record<string, unknown>[]>`
      SELECT "id", "email", "name", "role", "active", "sessionVersion", "createdAt", "passwordHash" FROM "User" WHERE "id" = ${user.id}`;
    const direct = await directSql.query`
      SELECT "id", "email", "name", "role", "active", "sessionVersion", "createdAt", "passwordHash" FROM "User" WHERE "id" = ${user.id}`;
    expect(direct).toEqual([
      { id: user.id, email: `${tag}-read@x.test`, name: "Ada", role: "REVIEWER", active: false, sessionVersion: 7, createdAt: user.createdAt, passwordHash: null },
    ]);
    expect(direct[0].createdAt).toBeInstanceOf(Date);
    expect(direct).toEqual(viaPrisma.map((r) => ({ ...r, active: r.active === true || Number(r.active) === 1 })));
    expect(await directSql.query`SELECT "id" FROM "User" WHERE "id" = ${"no-such-user"}`).toEqual([]);
  });

  it("write what the ORM reads back unchanged (a Date, a boolean, a quote), and count the rows written", async () => {
    const user = await db.user.create({ data: { email: `${tag}-write@x.test` } });
    const when = new Date(Date.UTC(2026, 10, 29, 3, 4, 5, 678));
    const name = `O'Brien"; DROP TABLE "User"; --`;
    const written = await directSql.execute`
      UPDATE "User" SET "name" = ${name}, "active" = ${false}, "sessionVersion" = ${3}, "updatedAt" = ${when} WHERE "email" LIKE ${`${tag}-write%`}`;
    expect(written).toBe(1);
    const back = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(back).toMatchObject({ name, active: false, sessionVersion: 3, updatedAt: when });
    expect(await directSql.execute`UPDATE "User" SET "name" = ${"x"} WHERE "id" = ${"no-such-user"}`).toBe(0);
  });

  it("a unique violation carries P2002 (a route answers 409), with nothing written", async () => {
    await db.user.create({ data: { id: `${tag}-dup`, email: `${tag}-dup@x.test` } });
    const error = await directSql
      .execute`INSERT INTO "User" ("id", "email", "name", "role", "active", "sessionVersion", "createdAt", "updatedAt") VALUES (${`${tag}-dup2`}, ${`${tag}-dup@x.test`}, ${""}, ${"ANNOTATOR"}, ${true}, ${0}, ${new Date()}, ${new Date()})`
      .catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe("P2002");
    expect(classifyError(error)).toMatchObject({ status: 409, code: "conflict" });
    expect(await db.user.findUnique({ where: { id: `${tag}-dup2` } })).toBeNull();
  });

  it("a write never lands in another request's open transaction: it survives that transaction's rollback", async () => {
    const user = await db.user.create({ data: { email: `${tag}-iso@x.test`, name: "before" } });
    const rolledBack = db
      .$transaction(async (tx) => {
        await tx.user.create({ data: { email: `${tag}-iso-inside@x.test` } });
        await sleep(150);
        throw new Error("roll back");
      })
      .catch((e: Error) => e.message);
    await sleep(30); // the transaction is open and has written
    expect(await directSql.execute`UPDATE "User" SET "name" = ${"after"} WHERE "id" = ${user.id}`).toBe(1);
    expect(await directSql.query`SELECT "id" FROM "User" WHERE "email" = ${`${tag}-iso-inside@x.test`}`).toEqual([]); // not the open transaction's row
    expect(await rolledBack).toBe("roll back");
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).name).toBe("after");
  });

  it("a transaction commits both writes when its body returns, and neither when it throws", async () => {
    const a = await db.user.create({ data: { email: `${tag}-tx-a@x.test`, name: "a0" } });
    const b = await db.user.create({ data: { email: `${tag}-tx-b@x.test`, name: "b0" } });
    const returned = await directSql.transaction(async (tx) => {
      await tx.execute`UPDATE "User" SET "name" = ${"a1"} WHERE "id" = ${a.id}`;
      await tx.execute`UPDATE "User" SET "name" = ${"b1"} WHERE "id" = ${b.id}`;
      return (await tx.query`SELECT "name" FROM "User" WHERE "id" = ${a.id}`)[0];
    });
    expect(returned).toEqual({ name: "a1" }); // the transaction sees its own write
    const thrown = await directSql
      .transaction(async (tx) => {
        await tx.execute`UPDATE "User" SET "name" = ${"a2"} WHERE "id" = ${a.id}`;
        await tx.execute`UPDATE "User" SET "email" = ${`${tag}-tx-a@x.test`} WHERE "id" = ${b.id}`; // unique violation
      })
      .catch((e: { code?: string }) => e.code);
    expect(thrown).toBe("P2002");
    const names = await db.user.findMany({ where: { id: { in: [a.id, b.id] } }, select: { name: true }, orderBy: { email: "asc" } });
    expect(names).toEqual([{ name: "a1" }, { name: "b1" }]); // a2 rolled back with the failed statement
    // The connection is free again: a plain statement and an ORM transaction run at once.
    expect(await directSql.execute`UPDATE "User" SET "name" = ${"a3"} WHERE "id" = ${a.id}`).toBe(1);
    await db.$transaction(async (tx) => tx.user.update({ where: { id: b.id }, data: { name: "b3" } }));
  });

  it("reconnects after the client disconnected", async () => {
    const user = await db.user.create({ data: { email: `${tag}-reconnect@x.test` } });
    await db.$disconnect();
    const rows = await directSql.query`SELECT "email" FROM "User" WHERE "id" = ${user.id}`;
    expect(rows).toEqual([{ email: `${tag}-reconnect@x.test` }]);
    expect(await db.user.count({ where: { id: user.id } })).toBe(1);
  });
});
