import { readdirSync, readlinkSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { e2eDataDir } from "./support/e2e-data";
import { signIn } from "./support/sign-in";

/**
 * The production server (`next start`, as the suite runs it) holds ONE database connection for its
 * requests, whatever bundles it has loaded: pages, route handlers and instrumentation's job runner
 * share the process's Prisma client (lib/db/prisma.ts keeps it on globalThis). With a client per
 * bundle, a write on one connection while another connection's transaction was open stalled the
 * whole process on SQLite for the 10 s busy timeout (better-sqlite3 waits synchronously). Measured
 * before the fix: 6 descriptors of the database file after the requests below, 2 at start.
 *
 * Counted from /proc: every process's open descriptors of this run's database file (the server's
 * request connection, plus the WAL checkpointer's own connection on its worker thread).
 */
function databaseDescriptorsByProcess(): Map<number, number> {
  const file = path.resolve(e2eDataDir, "playhead.db");
  const counts = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue; // gone, or not ours to read
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${entry}/fd/${fd}`) === file) counts.set(Number(entry), (counts.get(Number(entry)) ?? 0) + 1);
      } catch {
        // closed meanwhile
      }
    }
  }
  return counts;
}

test("after pages, route handlers and the job runner have all run, the server holds one connection to the database (plus the checkpointer's)", async ({ page }) => {
  await signIn(page, "ADMIN");
  for (const url of ["/", "/admin/studies", "/projects", "/admin/jobs"]) {
    const res = await page.goto(url);
    expect(res?.status(), url).toBeLessThan(400);
  }
  for (const url of ["/api/studies", "/api/projects", "/api/admin/jobs"]) {
    expect((await page.request.get(url)).status(), url).toBe(200);
  }
  await signIn(page, "PARTICIPANT");
  expect((await page.goto("/"))?.status()).toBeLessThan(400);

  const counts = databaseDescriptorsByProcess();
  // The server is the process holding the file open (this test's process does not).
  expect(counts.size, `processes holding ${e2eDataDir}/playhead.db: ${JSON.stringify([...counts])}`).toBe(1);
  const [descriptors] = [...counts.values()];
  expect(descriptors, "descriptors of the database file in the server: its one client's connection and the checkpointer's").toBe(2);
});
