/**
 * What the PostgreSQL backends of a bench run spend their time on: pg_stat_activity sampled every
 * 100 ms from a connection of its own, each active backend counted once per sample by its wait
 * event (none = running on a CPU). For `npm run bench:baseline -- --db postgresql`: tells a pool
 * starved by commit durability (WAL flush waits) from one starved by row locks or by CPU.
 * Benchmark tooling only.
 */
import pg from "pg";
import { pgConfigFromUrl } from "@/lib/db/database-url";

export type PgWaitSampler = { stop: () => Promise<string[]> };

/** Wait events that mean "waiting for the commit's WAL to reach the disk". */
const WAL_FLUSH = new Set(["LWLock:WALWrite", "IO:WALSync", "IO:WALWrite", "IO:WALInitSync", "IO:WALInitWrite"]);

export async function startPgWaitSampler(url: string): Promise<PgWaitSampler> {
  const client = new pg.Client(pgConfigFromUrl(url));
  await client.connect();
  const byWait = new Map<string, number>();
  const byStatement = new Map<string, number>();
  let samples = 0;
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    client
      .query<{ wait: string; query: string }>(
        `SELECT COALESCE(wait_event_type || ':' || wait_event, 'running') AS wait, query FROM pg_stat_activity
         WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
      )
      .then((result) => {
        samples += 1;
        for (const row of result.rows) {
          byWait.set(row.wait, (byWait.get(row.wait) ?? 0) + 1);
          const statement = row.query.replace(/\s+/g, " ").trim().slice(0, 90);
          byStatement.set(statement, (byStatement.get(statement) ?? 0) + 1);
        }
      })
      .catch(() => undefined)
      .finally(() => (busy = false));
  }, 100);
  return {
    async stop() {
      clearInterval(timer);
      await client.end().catch(() => undefined);
      const total = [...byWait.values()].reduce((a, b) => a + b, 0);
      if (!total) return [`no active backend in ${samples} samples`];
      const share = (n: number) => `${((100 * n) / total).toFixed(0)}%`;
      const walFlush = [...byWait].filter(([k]) => WAL_FLUSH.has(k)).reduce((a, [, n]) => a + n, 0);
      const locks = [...byWait].filter(([k]) => k.startsWith("Lock:")).reduce((a, [, n]) => a + n, 0);
      const lines = [
        `${samples} samples, ${(total / Math.max(1, samples)).toFixed(1)} active backends on average: ` +
          `${share(walFlush)} waiting for the WAL flush of a commit, ${share(byWait.get("running") ?? 0)} running, ${share(locks)} waiting for a row or table lock`,
        `by wait event: ${[...byWait].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, n]) => `${k} ${share(n)}`).join(", ")}`,
        `by statement:`,
        ...[...byStatement].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, n]) => `  ${share(n).padStart(4)}  ${k}`),
      ];
      return lines;
    },
  };
}
