/**
 * A request's statements never land in another request's open transaction
 * (lib/db/serialize-sqlite-transactions.ts). On SQLite a process has one connection: before,
 * a write made while another request's transaction was open was undone by that transaction's
 * rollback, after it had been acknowledged, and a read saw the transaction's uncommitted rows; and
 * a transaction that read before another process (a second instance, `npm run worker`) committed
 * could not write any more. PostgreSQL (a pool of connections) must behave the same.
 */
import { db, testDb } from "@/tests/support/test-db";
import { afterAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tag = `txiso-${Date.now()}`;

/** tests/support/second-process-writer.ts in its own process, connected and ready. */
async function secondProcess(): Promise<{ create: (email: string) => void; lastCreated: () => Promise<void>; stop: () => void }> {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "tests/support/second-process-writer.ts"], { env: process.env, stdio: ["pipe", "pipe", "pipe"] });
  let out = "";
  let err = "";
  let asked = "";
  const waiters: Array<() => void> = [];
  child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
  child.stdout!.on("data", (d: Buffer) => {
    out += d.toString();
    for (const w of waiters.splice(0)) w();
  });
  const until = (done: () => boolean, what: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => (done() ? resolve() : child.exitCode !== null ? reject(new Error(`${what}: the process exited: ${err.slice(-2000)}`)) : waiters.push(check));
      child.once("exit", check);
      check();
    });
  await until(() => out.includes("ready"), "second process");
  return {
    create: (email) => {
      asked = email;
      child.stdin!.write(`${email}\n`);
    },
    lastCreated: () => until(() => out.includes(`created ${asked}`), `creating ${asked}`),
    stop: () => child.kill("SIGKILL"),
  };
}

afterAll(async () => {
  await db.user.deleteMany({ where: { email: { startsWith: tag } } });
});

describe(`statements outside a transaction (${testDb.provider})`, () => {
  it("an acknowledged write made while another transaction is open survives that transaction's rollback", async () => {
    const rolledBack = db
      .$transaction(async (tx) => {
        await tx.user.create({ data: { email: `${tag}-inside@x.test` } });
        await sleep(150);
        throw new Error("business rule: roll back");
      })
      .catch((e: Error) => e.message);
    await sleep(30); // the transaction is open and has written
    const outside = await db.user.create({ data: { email: `${tag}-outside@x.test` } });
    const seenInside = await db.user.findUnique({ where: { email: `${tag}-inside@x.test` } });
    expect(await rolledBack).toBe("business rule: roll back");
    expect(seenInside).toBeNull(); // never the open transaction's uncommitted row
    expect(await db.user.findUnique({ where: { id: outside.id } })).not.toBeNull();
    expect(await db.user.findUnique({ where: { email: `${tag}-inside@x.test` } })).toBeNull();
  });

  it("a transaction that read, then writes after another process committed, still commits (the other process waits)", async () => {
    const writer = await secondProcess();
    let transaction: Promise<{ email: string }> | null = null;
    try {
      transaction = db.$transaction(async (tx) => {
        await tx.user.count({ where: { email: { startsWith: tag } } }); // reads first
        writer.create(`${tag}-elsewhere@x.test`); // another process writes meanwhile
        await sleep(300);
        return tx.user.create({ data: { email: `${tag}-tx@x.test` } }); // then writes
      });
      expect((await transaction).email).toBe(`${tag}-tx@x.test`);
      await writer.lastCreated();
      const emails = (await db.user.findMany({ where: { email: { in: [`${tag}-tx@x.test`, `${tag}-elsewhere@x.test`] } }, select: { email: true } })).map((u) => u.email);
      expect(emails.sort()).toEqual([`${tag}-elsewhere@x.test`, `${tag}-tx@x.test`]);
    } finally {
      await transaction?.catch(() => undefined);
      writer.stop();
    }
  }, 60_000);

  it("batch transactions and plain statements interleaved by many requests all land, none inside another's", async () => {
    const n = 40;
    await Promise.all(
      Array.from({ length: n }, (_, i) =>
        i % 2 === 0
          ? db.$transaction([db.user.create({ data: { email: `${tag}-batch-${i}-a@x.test` } }), db.user.create({ data: { email: `${tag}-batch-${i}-b@x.test` } })])
          : db.user.create({ data: { email: `${tag}-plain-${i}@x.test` } }),
      ),
    );
    expect(await db.user.count({ where: { email: { startsWith: `${tag}-batch-` } } })).toBe(n);
    expect(await db.user.count({ where: { email: { startsWith: `${tag}-plain-` } } })).toBe(n / 2);
  });
});
