/**
 * A scaled Playhead deployment on this machine, for the cluster test (tests/cluster/) and
 * `npm run bench:baseline -- --cluster N`: N `next start` instances of the production build
 * (`.next`, built when missing), each with its own data directory (its local disk: scratch only),
 * all on one database and one media storage given in `env` (PostgreSQL and an S3 bucket), each
 * running the job queue in-process, behind nginx (Debian package) doing round robin with no
 * sticky sessions, on unprivileged ports, from a temporary prefix. Instances are named
 * `app-1`, `app-2` ... (PLAYHEAD_INSTANCE_ID: the X-Playhead-Instance header and job claims).
 *
 * Plus `startS3rverProcess` (an s3rver in a process of its own) and `createPostgresDatabase`
 * (a scratch database on the local PostgreSQL, migrated) for callers that have neither.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { haproxyConfig } from "./haproxy-config";
import { nginxConfig } from "./nginx-config";
import { s3rverEnv } from "./s3rver-env";

export type ClusterInstance = {
  name: string;
  port: number;
  url: string;
  pid: number;
  dataDir: string;
  alive: () => boolean;
  /** Sends `signal` to the instance's whole process group (next start and its children, e.g. ffmpeg); resolves once it exited. */
  kill: (signal?: NodeJS.Signals) => Promise<void>;
  /** CPU seconds used so far by the instance's process group (user + system, from /proc). */
  cpuSeconds: () => number;
  /** The instance's output so far (for failure messages). */
  output: () => string;
};

export type Cluster = {
  /** The load balancer's address, e.g. http://127.0.0.1:41234 */
  url: string;
  instances: ClusterInstance[];
  nginxConfigFile: string;
  nginxPid: number;
  /** nginx's error log so far (warnings and errors: a 502's cause is written there). */
  nginxErrorLog: () => string;
  stop: () => Promise<void>;
};

export type ClusterOptions = {
  instances?: number;
  /** Shared by every instance: DATABASE_URL, PLAYHEAD_STORAGE=s3 and PLAYHEAD_S3_*, NEXTAUTH_SECRET ... */
  env: Record<string, string>;
  /** Where the prefix, data directories and logs go (default: a new temp directory, removed by stop()). */
  workDir?: string;
  /** Echo instance output to this process's stderr. */
  verbose?: boolean;
  /** nginx access log (default off). */
  accessLog?: boolean;
};

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const handedOut = new Set<number>();

/**
 * Processes started here, killed when this process exits however it exits (a failed benchmark or
 * test must not leave instances, nginx or s3rver running): negative = a process group.
 */
const started = new Set<number>();
process.once("exit", () => {
  for (const id of started) {
    try {
      process.kill(id, "SIGKILL");
    } catch {
      // already gone
    }
  }
});
function track(child: ChildProcess, group: boolean): void {
  const id = group ? -child.pid! : child.pid!;
  started.add(id);
  child.once("exit", () => started.delete(id));
}

/** A free TCP port on 127.0.0.1 (never the same one twice in this process). */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await anyFreePort();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function nginxBinary(): string {
  for (const candidate of ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"]) if (existsSync(candidate)) return candidate;
  throw new Error("nginx is not installed (Debian package `nginx`: bash scripts/ensure-system-packages.sh --test)");
}

/** Builds the production bundle when there is none (`.next/BUILD_ID`). */
export function ensureProductionBuild(): void {
  if (existsSync(path.join(ROOT, ".next", "BUILD_ID"))) return;
  console.error("cluster: no production build (.next/BUILD_ID): running next build");
  const r = spawnSync(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (r.status !== 0) throw new Error("next build failed");
}

/** CPU ticks (utime + stime) of every process whose process group is `pgid`. */
export function groupCpuSeconds(pgid: number): number {
  const hz = 100; // USER_HZ on Linux
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    // Fields after the command name (which may contain spaces) start at state (field 3).
    const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(rest[2]) !== pgid) continue; // field 5: pgrp
    ticks += Number(rest[11]) + Number(rest[12]); // fields 14, 15: utime, stime
  }
  return ticks / hz;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${url}: the process exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
    try {
      const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${output()}`);
    await sleep(250);
  }
}

/**
 * The options `npm start` gives `next start` (package.json, the one place they are set: a keep-alive
 * longer than the balancer's idle timeout and than a participant's pause between requests).
 */
export function nextStartOptions(): string[] {
  const start = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start.trim().split(/\s+/);
  if (start[0] !== "next" || start[1] !== "start") throw new Error(`package.json's start script is not \`next start …\`: ${start.join(" ")}`);
  return start.slice(2);
}

function startInstance(name: string, port: number, dataDir: string, env: Record<string, string>, verbose: boolean): { child: ChildProcess; output: () => string } {
  // BENCH_INSTANCE_CPU_PROF=<dir>: each instance writes a .cpuprofile there when it exits (npx tsx scripts/bench/summarize-cpu-profile.ts FILE).
  const prof = process.env.BENCH_INSTANCE_CPU_PROF;
  const profFlags = prof ? ["--cpu-prof", `--cpu-prof-dir=${prof}`] : [];
  const next = path.join(ROOT, "node_modules/next/dist/bin/next");
  const child = spawn(process.execPath, [...profFlags, next, "start", ...nextStartOptions(), "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    detached: true, // its own process group: kill() reaches next start and whatever it spawned
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      VITEST: "",
      ...env,
      PLAYHEAD_DATA_DIR: dataDir,
      PLAYHEAD_INSTANCE_ID: name,
      PORT: String(port),
    },
  });
  track(child, true);
  let out = "";
  const take = (d: Buffer) => {
    out = (out + d.toString()).slice(-20_000);
    if (verbose) process.stderr.write(`[${name}] ${d}`);
  };
  child.stdout?.on("data", take);
  child.stderr?.on("data", take);
  return { child, output: () => out };
}

/** Starts the instances and nginx; resolves once the balancer and every instance answer. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const count = options.instances ?? 2;
  ensureProductionBuild();
  nginxBinary(); // fail before starting anything when nginx is missing
  const ownWorkDir = !options.workDir;
  const work = options.workDir ?? (await mkdtemp(path.join(os.tmpdir(), "playhead-cluster-")));

  const instances: ClusterInstance[] = [];
  const children: ChildProcess[] = [];
  let balancer: StartedProxy | null = null;
  const stop = async () => {
    await balancer?.stop();
    // Profiled instances get SIGTERM (next start exits and writes its profile), the rest SIGKILL.
    const signal = process.env.BENCH_INSTANCE_CPU_PROF ? "SIGTERM" : "SIGKILL";
    await Promise.all(instances.map((i) => (i.alive() ? i.kill(signal) : Promise.resolve())));
    if (ownWorkDir) await rm(work, { recursive: true, force: true });
  };

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The public address is the balancer's (next-auth's callback URLs), unless the caller says otherwise.
  const env = { NEXTAUTH_URL: url, ...options.env };
  try {
    for (let n = 1; n <= count; n++) {
      const name = `app-${n}`;
      const dataDir = path.join(work, name);
      await mkdir(dataDir, { recursive: true });
      const instancePort = await freePort();
      const { child, output } = startInstance(name, instancePort, dataDir, env, options.verbose ?? false);
      children.push(child);
      const pid = child.pid!;
      instances.push({
        name,
        port: instancePort,
        url: `http://127.0.0.1:${instancePort}`,
        pid,
        dataDir,
        alive: () => child.exitCode === null && child.signalCode === null,
        kill: async (signal = "SIGKILL") => {
          try {
            process.kill(-pid, signal);
          } catch {
            // already gone
          }
          await exited(child);
        },
        cpuSeconds: () => groupCpuSeconds(pid),
        output,
      });
    }
    await Promise.all(instances.map((i, k) => waitForHttp(`${i.url}/sign-in`, children[k], 120_000, i.output)));

    balancer = await startNginx({ port, upstreams: instances.map((i) => `127.0.0.1:${i.port}`), prefix: path.join(work, "nginx"), accessLog: options.accessLog ?? false, readyPath: "/sign-in" });
    const started = balancer;
    return { url, instances, nginxConfigFile: started.configFile, nginxPid: started.pid, nginxErrorLog: started.log, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A proxy's process in a process group of its own (master and workers), resolved once `readyPath`
 * answers through `url` (its output and `logFile` in the error otherwise); its stop sends
 * `gracefulSignal`, then SIGKILLs the group after 3 s.
 */
async function startProxyProcess(
  o: { binary: string; args: string[]; gracefulSignal: NodeJS.Signals; url: string; readyPath: string; configFile: string; logFile?: string },
): Promise<StartedProxy> {
  let out = "";
  const child = spawn(o.binary, o.args, { detached: true, stdio: ["ignore", "pipe", "pipe"] });
  track(child, true); // master and workers: the workers outlive a SIGKILLed master
  child.stdout?.on("data", (d: Buffer) => (out += d));
  child.stderr?.on("data", (d: Buffer) => (out += d));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(o.gracefulSignal);
    await Promise.race([exited(child), sleep(3_000)]);
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    }
  };
  const output = () => out + (o.logFile && existsSync(o.logFile) ? readFileSync(o.logFile, "utf8") : "");
  try {
    await waitForHttp(`${o.url}${o.readyPath}`, child, 20_000, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: o.url, pid: child.pid!, configFile: o.configFile, log: output, stop };
}

/** A proxy started here (nginx or HAProxy): its address, master pid (its process group), configuration file, what it logged, and stop. */
export type StartedProxy = { url: string; pid: number; configFile: string; log: () => string; stop: () => Promise<void> };

/**
 * nginx (scripts/cluster/nginx-config.ts) listening on 127.0.0.1:`port` in front of `upstreams`,
 * run unprivileged from `prefix`; resolves once `readyPath` answers through it. Used by the cluster
 * (round robin over the instances) and by bench:baseline's `--proxy nginx` (one upstream: the
 * single-machine setup behind its TLS-terminating proxy).
 */
export async function startNginx(o: { port: number; upstreams: string[]; prefix: string; accessLog: boolean; readyPath: string }): Promise<StartedProxy> {
  const nginx = nginxBinary();
  for (const d of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) await mkdir(path.join(o.prefix, d), { recursive: true });
  const url = `http://127.0.0.1:${o.port}`;
  const configFile = path.join(o.prefix, "nginx.conf");
  await writeFile(
    configFile,
    nginxConfig({
      listen: `127.0.0.1:${o.port}`,
      upstreams: o.upstreams,
      prefix: o.prefix,
      runAsRoot: process.getuid?.() === 0,
      accessLog: o.accessLog ? path.join(o.prefix, "access.log") : null,
    }),
  );
  const logFile = path.join(o.prefix, "error.log");
  return startProxyProcess({ binary: nginx, args: ["-p", o.prefix, "-c", configFile, "-e", logFile], gracefulSignal: "SIGQUIT", url, readyPath: o.readyPath, configFile, logFile });
}

/**
 * HAProxy (Debian package `haproxy`; scripts/cluster/haproxy-config.ts) listening on
 * 127.0.0.1:`port` in front of `upstreams`, each given at most `maxConnPerInstance` requests at
 * once over reused connections; resolves once `readyPath` answers through it.
 */
export async function startHaproxy(o: { port: number; upstreams: string[]; dir: string; maxConnPerInstance: number; readyPath: string; queueTimeoutMs?: number }): Promise<StartedProxy> {
  const binary = ["/usr/sbin/haproxy", "/usr/local/sbin/haproxy", "/usr/bin/haproxy"].find((c) => existsSync(c));
  if (!binary) throw new Error("haproxy is not installed (Debian package `haproxy`: bash scripts/ensure-system-packages.sh --test)");
  await mkdir(o.dir, { recursive: true });
  const url = `http://127.0.0.1:${o.port}`;
  const configFile = path.join(o.dir, "haproxy.cfg");
  await writeFile(configFile, haproxyConfig({ listen: `127.0.0.1:${o.port}`, upstreams: o.upstreams, maxConnPerInstance: o.maxConnPerInstance, queueTimeoutMs: o.queueTimeoutMs ?? 60_000 }));
  return startProxyProcess({ binary, args: ["-db", "-f", configFile], gracefulSignal: "SIGTERM", url, readyPath: o.readyPath, configFile });
}

/** s3rver in a process of its own (path-style, credentials S3RVER / S3RVER); the PLAYHEAD_* variables for it. */
export async function startS3rverProcess(bucket = "playhead-cluster"): Promise<{ env: Record<string, string>; pid: number; stop: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "playhead-s3rver-"));
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, "node_modules/s3rver/bin/s3rver.js"), "-d", dir, "-a", "127.0.0.1", "-p", String(port), "--silent", "--configure-bucket", bucket], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  track(child, false);
  let out = "";
  child.stderr?.on("data", (d: Buffer) => (out += d));
  const endpoint = `http://127.0.0.1:${port}`;
  await waitForHttp(`${endpoint}/`, child, 20_000, () => out);
  return {
    pid: child.pid!,
    env: s3rverEnv(endpoint, bucket),
    stop: async () => {
      child.kill("SIGTERM");
      await Promise.race([exited(child), sleep(3_000)]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
