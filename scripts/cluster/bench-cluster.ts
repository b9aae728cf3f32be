/**
 * `npm run bench:baseline -- --cluster N`: the load benchmark against a scaled deployment on this
 * machine (scripts/cluster/harness.ts): a scratch PostgreSQL database (migrated), an s3rver in its
 * own process, N `next start` instances of the production build and nginx round robin in front
 * (with `--proxy haproxy`, the clients go through HAProxy instead, started over the same
 * instances: at most BENCH_PROXY_MAXCONN requests at once per instance, the rest queued in it).
 * Points this process at the same database and bucket (the study is set up directly in them),
 * and measures the CPU of every part (per instance: its whole process group) over the run.
 * Benchmark tooling only.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startBenchProxy, type BenchProxy } from "./bench-proxy";
import { startCluster, startS3rverProcess, type Cluster } from "./harness";

export type BenchCluster = {
  url: string;
  /** CPU seconds so far of each part (instances by name, then nginx, s3rver, PostgreSQL, this process). */
  sample: () => Record<string, number>;
  stop: () => Promise<void>;
  describe: () => string;
  /** "app-1 RSS 300 MiB (peak 400 MiB), app-2 ..." */
  memory: () => string;
  /** The last `n` lines of each instance's output that look like errors. */
  errorLines: (n: number) => string;
};

function rss(pid: number): string {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const mib = (field: string) => (Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024).toFixed(0);
    return `RSS ${mib("VmRSS")} MiB (peak ${mib("VmHWM")} MiB)`;
  } catch {
    return "gone";
  }
}

function pidCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(rest[11]) + Number(rest[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of every live process whose command line contains `needle` (the PostgreSQL backends of one database: its name). */
function matchingCpuSeconds(needle: string): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(needle)) continue;
    } catch {
      continue;
    }
    total += pidCpuSeconds(Number(entry));
  }
  return total;
}

/**
 * CPU seconds so far of the local PostgreSQL server as a whole: the postmaster, its live children
 * (backends, WAL writer, checkpointer...) and, through the postmaster's cutime / cstime, every
 * child that has exited (a backend lives only as long as its connection: a pool that closes idle
 * connections and opens new ones leaves no process behind to read). Other databases' work counts
 * too: on a bench machine there is none. NaN when no local server runs.
 */
export function postgresCpuSeconds(): number {
  const procs: Array<{ pid: number; ppid: number; comm: string; fields: string[] }> = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      procs.push({ pid: Number(entry), ppid: Number(fields[1]), comm, fields });
    } catch {
      continue;
    }
  }
  const byPid = new Map(procs.map((p) => [p.pid, p]));
  const postmasters = procs.filter((p) => p.comm === "postgres" && byPid.get(p.ppid)?.comm !== "postgres");
  if (!postmasters.length) return NaN;
  let ticks = 0;
  for (const pm of postmasters) {
    // fields after the name: [11] utime, [12] stime, [13] cutime, [14] cstime (of waited-for children)
    ticks += Number(pm.fields[11]) + Number(pm.fields[12]) + Number(pm.fields[13]) + Number(pm.fields[14]);
    for (const child of procs) if (child.ppid === pm.pid) ticks += Number(child.fields[11]) + Number(child.fields[12]);
  }
  return ticks / 100;
}

/** The machine's CPU time so far, busy and in all (seconds summed over its cores, from /proc/stat). */
export function machineCpuSeconds(): { busy: number; total: number } {
  const [, ...ticks] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal ...: idle and iowait are not busy.
  const total = ticks.slice(0, 8).reduce((t, x) => t + x, 0);
  return { busy: (total - ticks[3] - ticks[4]) / 100, total: total / 100 };
}

/** CPU seconds so far of each pid, keyed "pid N". */
export function pidsCpuSeconds(pids: number[]): Record<string, number> {
  return Object.fromEntries(pids.map((pid) => [`pid ${pid}`, pidCpuSeconds(pid)]));
}

/** The machine's load averages, as `uptime` prints them. */
export function loadAverage(): string {
  const [a, b, c] = readFileSync("/proc/loadavg", "utf8").split(" ");
  return `load average ${a}, ${b}, ${c}`;
}

export async function startBenchCluster(instances: number, balancer: "nginx" | "haproxy" = "nginx"): Promise<BenchCluster> {
  const { createScratchPgDatabase } = await import("@/lib/db/scratch-database");
  const scratch = await createScratchPgDatabase("playhead_cluster");
  const { name, url: databaseUrl } = scratch;
  // This process sets the study up in the same database and bucket: point it there before the
  // Prisma client or the storage is loaded; its own scratch (ingest of the study video) in a temp dir.
  process.env.DATABASE_URL = databaseUrl;
  process.env.PLAYHEAD_DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "playhead-bench-cluster-"));
  const { applyMigrations } = await import("@/lib/db/migrate");
  await applyMigrations({ provider: "postgresql", url: databaseUrl });
  const s3 = await startS3rverProcess("playhead-bench");
  const env: Record<string, string> = { DATABASE_URL: databaseUrl, NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET || "playhead-bench-secret", ...s3.env };
  if (process.env.PLAYHEAD_PG_POOL) env.PLAYHEAD_PG_POOL = process.env.PLAYHEAD_PG_POOL;
  Object.assign(process.env, env);
  let cluster: Cluster;
  let haproxy: BenchProxy | null = null;
  try {
    cluster = await startCluster({ instances, env });
  } catch (e) {
    await s3.stop();
    throw e;
  }
  if (balancer === "haproxy") {
    try {
      haproxy = await startBenchProxy("haproxy", cluster.instances.map((i) => `127.0.0.1:${i.port}`), "/sign-in");
    } catch (e) {
      await cluster.stop();
      await s3.stop();
      throw e;
    }
  }
  const front = haproxy ? `${haproxy.name} per instance at ${haproxy.url}` : `nginx round robin at ${cluster.url}`;
  return {
    url: haproxy?.url ?? cluster.url,
    describe: () =>
      `${instances} next start instances (${cluster.instances.map((i) => `${i.name} pid ${i.pid}`).join(", ")}) behind ${front}; PostgreSQL database ${name}; s3rver pid ${s3.pid}`,
    errorLines: (n) =>
      [
        ...cluster.instances.flatMap((i) => i.output().split("\n").filter((l) => /error|Error|ERR|timed out|fail/.test(l)).slice(-n).map((l) => `  [${i.name}] ${l.slice(0, 300)}`)),
        ...(haproxy ? [] : proxyLogSummary("nginx", cluster.nginxErrorLog(), n)),
      ].join("\n"),
    memory: () => cluster.instances.map((i) => `${i.name} ${rss(i.pid)}`).join(", "),
    sample: () => {
      const out: Record<string, number> = {};
      for (const i of cluster.instances) out[i.name] = i.cpuSeconds();
      if (haproxy) out.haproxy = haproxy.cpuSeconds();
      else out.nginx = pidCpuSeconds(cluster.nginxPid) + matchingCpuSeconds("nginx: worker process");
      out.s3rver = pidCpuSeconds(s3.pid);
      out["postgresql (whole server)"] = postgresCpuSeconds();
      const own = process.cpuUsage();
      out["bench clients (this process)"] = (own.user + own.system) / 1e6;
      return out;
    },
    stop: async () => {
      await haproxy?.stop();
      await cluster.stop();
      await s3.stop();
      await scratch.drop().catch(() => undefined);
    },
  };
}

/**
 * A balancer's log in short: how many lines of each kind (times, addresses, ids and numbers
 * blanked, so one cause is one kind), most frequent first, then its last `n` lines.
 */
export function proxyLogSummary(name: string, log: string, n: number): string[] {
  const lines = log.split("\n").filter((l) => l.trim());
  if (!lines.length) return [];
  const kinds = new Map<string, number>();
  for (const line of lines) {
    const kind = line
      .replace(/^\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d /, "")
      .replace(/\d+#\d+: \*\d+ /, "")
      .replace(/, client: .*$/, "")
      .replace(/\d+(\.\d+)*(:\d+)?/g, "N");
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return [
    `  [${name}] ${lines.length} log lines; by kind: ${[...kinds].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, c]) => `${c}× ${k.slice(0, 160)}`).join(" | ")}`,
    ...lines.slice(-n).map((l) => `  [${name}] ${l.slice(0, 300)}`),
  ];
}

/** Lines "name  CPU s (x % of one core)" for the run between two samples. */
export function cpuReport(before: Record<string, number>, after: Record<string, number>, wallSec: number): string[] {
  return Object.keys(after).map((k) => {
    const s = after[k] - (before[k] ?? 0);
    return `  ${k.padEnd(28)} CPU ${s.toFixed(1)} s  (${((s / wallSec) * 100).toFixed(0)} % of one core)`;
  });
}
