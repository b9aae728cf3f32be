import { db, testDb } from "@/tests/support/test-db";
import { statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkpointedPages, SAFETY_NET_PAGES, stopSqliteCheckpointer } from "@/lib/db/sqlite-checkpointer";
import { newId } from "@/lib/db/new-id";

/**
 * SQLite's WAL checkpoints run on a worker thread of the process (lib/db/sqlite-checkpointer.ts),
 * not inside the request whose commit crossed `wal_autocheckpoint` (a checkpoint copies the log
 * into the database file and fsyncs both; better-sqlite3 ran it on the event loop, stalling
 * every request at once). Shown by the database file itself: rows written through the app's
 * client reach it while the request connections' own automatic checkpoint is far away (the
 * safety net, SAFETY_NET_PAGES); with the worker stopped, they stay in the log.
 */
const sqlite = testDb.provider === "sqlite";
const file = sqlite ? testDb.url.slice("file:".length) : "";
const dbFileSize = () => statSync(file).size;

/** About `pages` pages of new rows in the log, through the app's client (one commit per row, as requests write). */
async function writePages(pages: number): Promise<void> {
  const filler = "x".repeat(3000);
  for (let i = 0; i < pages; i++) {
    await db.auditLog.create({ data: { id: newId(), action: "test.fill", details: { filler } } });
  }
}

async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

describe.skipIf(!sqlite)("SQLite checkpoints off the request thread", () => {
  it("the app's connections checkpoint by themselves only at the safety net", async () => {
    const [row] = await db.$queryRawUnsafe<{ wal_autocheckpoint: number | bigint }[]>("PRAGMA wal_autocheckpoint");
    expect(Number(row.wal_autocheckpoint)).toBe(SAFETY_NET_PAGES);
    const [mode] = await db.$queryRawUnsafe<{ journal_mode: string }[]>("PRAGMA journal_mode");
    expect(mode.journal_mode).toBe("wal");
  });

  it("rows written through the app reach the database file without any request checkpointing", async () => {
    const before = dbFileSize();
    const pagesBefore = checkpointedPages(file);
    await writePages(300); // well under SAFETY_NET_PAGES: no commit checkpoints by itself
    expect(await waitFor(() => checkpointedPages(file) > pagesBefore && dbFileSize() > before + 300 * 3000 * 0.8, 5_000)).toBe(true);
  });

  it("with the worker stopped, new rows stay in the log (the worker is what copied them)", async () => {
    await stopSqliteCheckpointer(file);
    // Start from an empty log (whatever the worker had not copied yet is copied now, here), so
    // that the rows below stay far under the safety net however far behind the worker was.
    const [done] = await db.$queryRawUnsafe<{ busy: number | bigint }[]>("PRAGMA wal_checkpoint(TRUNCATE)");
    expect(Number(done.busy)).toBe(0);
    const before = dbFileSize();
    await writePages(100);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(dbFileSize()).toBe(before);
    // Still readable, of course: from the log.
    expect(await db.auditLog.count({ where: { action: "test.fill" } })).toBe(400);
  });
});
