/**
 * What one database statement of the streaming hot path costs in CPU, by the way it is sent:
 *
 *   npm run bench:statements [-- --db sqlite|postgresql --calls 20000 --rounds 5]
 *
 * - the ORM (`db.user.findUnique` with a select; `db.user.update`),
 * - `db.$queryRaw` / `db.$executeRaw` (Prisma's request pipeline, then its driver adapter),
 * - `directSql.query` / `directSql.execute` (lib/db/direct-sql.ts: the same driver adapter, same
 *   connection, without the pipeline),
 * on a scratch database (PostgreSQL: the local server or PG_ADMIN_URL). The four ways run in turn,
 * round by round, so that machine load hits them alike; the median round is printed, as CPU time of
 * this process per statement (on PostgreSQL the server's own time is not included) and wall time.
 * Fails (exit 1) when the ways return different rows.
 */
import { isDeepStrictEqual } from "node:util";

type Args = { db: "sqlite" | "postgresql"; calls: number; rounds: number };

function parseArgs(argv: string[]): Args {
  const a: Args = { db: "sqlite", calls: 20_000, rounds: 5 };
  for (let i = 0; i < argv.length; i++) {
    const [k, v] = [argv[i], argv[i + 1]];
    if (k === "--db" && (v === "sqlite" || v === "postgresql")) (a.db = v), i++;
    else if (k === "--calls") (a.calls = Number(v)), i++;
    else if (k === "--rounds") (a.rounds = Number(v)), i++;
    else throw new Error(`unknown or bad option ${k} ${v ?? ""} (--db sqlite|postgresql --calls N --rounds N)`);
  }
  if (!(a.calls > 0 && a.rounds > 0)) throw new Error("--calls and --rounds must be positive");
  return a;
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const { withScratchDatabase } = await import("@/lib/db/scratch-database");
  await withScratchDatabase(args.db, async (target) => {
    process.env.DATABASE_URL = target.url;
    const { applyMigrations } = await import("@/lib/db/migrate");
    await applyMigrations(target);
    const { db, directSql } = await import("@/lib/db/prisma");
    const user = await db.user.create({ data: { email: "bench@statements.test", name: "Bench", role: "PARTICIPANT" } });
    const id = user.id;

    const reads = {
      "ORM findUnique": async () => {
        const u = await db.user.findUnique({ where: { id }, select: { id: true, email: true, name: true, role: true, active: true, sessionVersion: true } });
        return u ? [u] : [];
      },
      "$queryRaw": () => db.$queryRaw<Record<string, unknown>[]>`SELECT "id", "email", "name", "role", "active", "sessionVersion" FROM "User" WHERE "id" = ${id}`,
      "directSql.query": () => directSql.query`SELECT "id", "email", "name", "role", "active", "sessionVersion" FROM "User" WHERE "id" = ${id}`,
    };
    const writes = {
      "ORM update": async () => (await db.user.updateMany({ where: { id }, data: { sessionVersion: 0 } })).count,
      "$executeRaw": () => db.$executeRaw`UPDATE "User" SET "sessionVersion" = ${0} WHERE "id" = ${id}`,
      "directSql.execute": () => directSql.execute`UPDATE "User" SET "sessionVersion" = ${0} WHERE "id" = ${id}`,
    };

    // Same answers every way (SQLite's $queryRaw gives the boolean as 0/1: compared as booleans).
    const normal = (rows: unknown) => (rows as Record<string, unknown>[]).map((r) => ({ ...r, active: r.active === true || Number(r.active) === 1 }));
    const answers = await Promise.all(Object.values(reads).map(async (f) => normal(await f())));
    const counts = await Promise.all(Object.values(writes).map((f) => f()));
    if (!answers.every((a) => isDeepStrictEqual(a, answers[0])) || !counts.every((c) => c === 1)) {
      console.error("the ways disagree:", JSON.stringify(answers), counts);
      process.exit(1);
    }

    const ways: [string, () => Promise<unknown>][] = [...Object.entries(reads), ...Object.entries(writes)];
    const cpu: Record<string, number[]> = {};
    const wall: Record<string, number[]> = {};
    for (const [, f] of ways) for (let i = 0; i < 2000; i++) await f(); // warm-up
    for (let round = 0; round < args.rounds; round++) {
      for (const [name, f] of ways) {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        for (let i = 0; i < args.calls; i++) await f();
        const c = process.cpuUsage(c0);
        (cpu[name] ??= []).push((c.user + c.system) / args.calls);
        (wall[name] ??= []).push(((performance.now() - t0) * 1000) / args.calls);
      }
    }
    console.log(`database statements on ${args.db}, ${args.calls} calls per way, median of ${args.rounds} rounds (µs per statement):`);
    for (const [name] of ways) console.log(`  ${name.padEnd(20)} CPU ${median(cpu[name]).toFixed(1).padStart(7)} µs   wall ${median(wall[name]).toFixed(1).padStart(7)} µs`);
    const ratio = (a: string, b: string) => (median(cpu[a]) / median(cpu[b])).toFixed(1);
    console.log(`  $queryRaw / directSql.query: ${ratio("$queryRaw", "directSql.query")} ×;  $executeRaw / directSql.execute: ${ratio("$executeRaw", "directSql.execute")} ×`);
    await db.$disconnect();
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
