/**
 * Media route benchmark.
 *
 *   npm run bench:media [-- --server next|harness] [--readers 20] [--range-mb 200] [--runs 3]
 *
 * 1. A 1 GiB file of pseudo-random bytes, made once and cached as data/bench/media-1g.bin.
 * 2. A bench database and data dir (data/bench/media/: SQLite bench.db migrated with the app's
 *    migrations, an ADMIN user, a Video row whose playback file is a hard link to the 1 GiB file).
 * 3. The server under test, in its own process:
 *    - "next": the production server (`next start`) when `.next/BUILD_ID` exists (default then);
 *    - "harness": a plain Node http server that calls the exact media route handler
 *      (app/api/media/[videoId]/route.ts, the same code Next runs) and pipes the web stream
 *      into the Node response the way Next does (write, wait for drain).
 *    The bench signs in by minting the admin's next-auth session cookie with the server's
 *    secret (what the credentials sign-in issues).
 * 4. A bare Node server streaming the same file (`createReadStream(file, {start, end}).pipe(res)`),
 *    also in its own process.
 * 5. Measures, for both servers (interleaved run by run, so background load hits both alike): one reader fetching the whole 1 GiB as a range, and N
 *    concurrent readers each fetching a `--range-mb` range at different offsets (aggregate
 *    throughput); the median of `--runs` runs. Samples the server's RSS (VmRSS of its process
 *    tree, /proc) every 50 ms during the media-route runs. Checks that 206 answers carry exact
 *    Content-Length and Content-Range (through `next start` too).
 * 6. Prints a table and whether the targets hold: media route >= 80 % of bare Node throughput,
 *    server RSS < 300 MB. Exit code 1 only when the bench cannot run or a header is wrong;
 *    missed targets are reported, not failed (timings depend on the machine).
 *
 * Internal modes (child processes): `--serve-harness <port>`, `--serve-bare <file> <port>`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomFillSync, createHash } from "node:crypto";
import { createReadStream, existsSync, readdirSync, readFileSync } from "node:fs";
import { link, mkdir, open, rename, stat, symlink } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import { once } from "node:events";
import path from "node:path";

const ROOT = process.cwd();
const BENCH_DIR = path.join(ROOT, "data", "bench");
const BIG_FILE = path.join(BENCH_DIR, "media-1g.bin");
const BIG_SIZE = 1024 ** 3;
const MEDIA_DIR = path.join(BENCH_DIR, "media");
const BENCH_DATA_DIR = path.join(MEDIA_DIR, "data");
const BENCH_DB = path.join(MEDIA_DIR, "bench.db");
const STORAGE_KEY = "00000000-0000-4000-8000-00000000be9c";
const BENCH_SECRET = "playhead-bench-media-secret";
const ADMIN_EMAIL = "bench-admin@playhead.invalid";
const MiB = 1024 * 1024;

// ───────────────────────────── child modes ─────────────────────────────

function parseRange(header: string | undefined, size: number): { start: number; end: number } | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header) : null;
  if (!m) return null;
  if (m[1] === "") return { start: Math.max(0, size - Number(m[2])), end: size - 1 };
  return { start: Number(m[1]), end: m[2] === "" ? size - 1 : Math.min(size - 1, Number(m[2])) };
}

async function serveBare(file: string, port: number): Promise<void> {
  const size = (await stat(file)).size;
  const server = http.createServer((req, res) => {
    const range = parseRange(req.headers.range, size);
    if (range) {
      res.writeHead(206, {
        "content-type": "video/mp4",
        "content-length": range.end - range.start + 1,
        "content-range": `bytes ${range.start}-${range.end}/${size}`,
        "accept-ranges": "bytes",
      });
      createReadStream(file, range).pipe(res);
    } else {
      res.writeHead(200, { "content-type": "video/mp4", "content-length": size, "accept-ranges": "bytes" });
      createReadStream(file).pipe(res);
    }
  });
  server.listen(port, "127.0.0.1", () => console.log("ready"));
}

async function serveHarness(port: number): Promise<void> {
  const { NextRequest } = await import("next/server");
  const route = await import("@/app/api/media/[videoId]/route");
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
      const m = /^\/api\/media\/([^/]+)$/.exec(url.pathname);
      if (!m) {
        res.writeHead(404).end();
        return;
      }
      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const request = new NextRequest(url, { method: req.method, headers, signal: controller.signal });
      const handler = req.method === "HEAD" ? route.HEAD : route.GET;
      const response = await handler(request, { params: Promise.resolve({ videoId: decodeURIComponent(m[1]) }) });
      // As Next's sendResponse: copy the headers except the framing ones (Next 16.4 drops
      // content-length), then flush the head; the media code's restorer puts the length back.
      res.statusCode = response.status;
      response.headers.forEach((value, name) => {
        if (!["content-length", "content-encoding", "transfer-encoding"].includes(name)) res.setHeader(name, value);
      });
      if (!response.body || req.method === "HEAD") {
        res.end();
        return;
      }
      res.flushHeaders();
      // As Next's pipeToNodeResponse: read the web stream, write, wait for drain on backpressure.
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (!res.write(value)) await once(res, "drain");
        if (res.destroyed) {
          await reader.cancel();
          break;
        }
      }
      res.end();
    } catch (e) {
      console.error(e);
      res.destroy();
    }
  });
  server.listen(port, "127.0.0.1", () => console.log("ready"));
}

// ───────────────────────────── setup ─────────────────────────────

async function ensureBigFile(): Promise<void> {
  if (existsSync(BIG_FILE) && (await stat(BIG_FILE)).size === BIG_SIZE) return;
  await mkdir(BENCH_DIR, { recursive: true });
  const tmp = `${BIG_FILE}.tmp-${process.pid}`;
  console.log(`writing ${path.relative(ROOT, BIG_FILE)} (1 GiB of random bytes, once)…`);
  const fh = await open(tmp, "w");
  try {
    const chunk = Buffer.allocUnsafe(16 * MiB);
    for (let off = 0; off < BIG_SIZE; off += chunk.length) {
      randomFillSync(chunk);
      await fh.write(chunk, 0, chunk.length, off);
    }
  } finally {
    await fh.close();
  }
  await rename(tmp, BIG_FILE);
}

type BenchEnv = { videoId: string; cookie: string; env: NodeJS.ProcessEnv };

async function setupDatabase(): Promise<BenchEnv> {
  await mkdir(MEDIA_DIR, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: `file:${BENCH_DB}`,
    PLAYHEAD_DATA_DIR: BENCH_DATA_DIR,
    NEXTAUTH_SECRET: BENCH_SECRET,
    NEXTAUTH_URL: "",
  };
  Object.assign(process.env, { DATABASE_URL: env.DATABASE_URL, PLAYHEAD_DATA_DIR: BENCH_DATA_DIR, NEXTAUTH_SECRET: BENCH_SECRET, NEXTAUTH_URL: "" });
  const { applyMigrations } = await import("@/lib/db/migrate");
  await applyMigrations({ provider: "sqlite", url: `file:${BENCH_DB}` });
  const { db } = await import("@/lib/db/prisma");
  const admin = await db.user.upsert({
    where: { email: ADMIN_EMAIL },
    update: { role: "ADMIN", active: true },
    create: { email: ADMIN_EMAIL, name: "Bench admin", role: "ADMIN" },
  });
  const storage = path.join(BENCH_DATA_DIR, "videos", STORAGE_KEY);
  await mkdir(storage, { recursive: true });
  const playback = path.join(storage, "original.mp4");
  if (!existsSync(playback)) await link(BIG_FILE, playback).catch(() => symlink(BIG_FILE, playback));
  const sha256 = createHash("sha256").update(`bench-media-${BIG_SIZE}`).digest("hex");
  const video = await db.video.upsert({
    where: { sha256 },
    update: {},
    create: {
      sha256,
      originalName: "bench-1GiB.mp4",
      storageKey: STORAGE_KEY,
      originalFile: "original.mp4",
      playbackFile: "original.mp4",
      sizeBytes: BigInt(BIG_SIZE),
      mimeType: "video/mp4",
      container: "mov,mp4,m4a,3gp,3g2,mj2",
      videoCodec: "h264",
      width: 1920,
      height: 1080,
      durationSec: 600,
      avgFrameRate: "30/1",
      nominalFrameRate: "30/1",
      frameCount: 18000,
      firstPtsSec: 0,
      timeBase: "1/15360",
      variableFrameRate: false,
      ptsFile: "pts.bin",
      addedById: admin.id,
    },
  });
  const { encode } = await import("next-auth/jwt");
  const token = await encode({
    token: { sub: admin.id, id: admin.id, role: admin.role, sv: admin.sessionVersion, email: admin.email, name: admin.name },
    secret: BENCH_SECRET,
    maxAge: 3600,
  });
  await db.$disconnect();
  return { videoId: video.id, cookie: `next-auth.session-token=${token}`, env };
}

// ───────────────────────────── processes ─────────────────────────────

function startChild(command: string, args: string[], env: NodeJS.ProcessEnv, label: string): ChildProcess {
  const child = spawn(command, args, { env, cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], detached: false });
  let tail = "";
  const keep = (d: Buffer) => {
    tail = (tail + d.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  child.on("exit", (code, signal) => {
    // 143 = 128 + SIGTERM, relayed as an exit code by tsx: our own stop.
    if (code !== null && code !== 0 && code !== 143) console.error(`[${label}] exited with ${code}:\n${tail}`);
    else if (signal && signal !== "SIGTERM" && signal !== "SIGKILL") console.error(`[${label}] killed by ${signal}`);
  });
  return child;
}

async function waitForServer(port: number, pathName: string, child: ChildProcess, label: string, cookie = ""): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${label} exited before it was ready`);
    const ok = await new Promise<boolean>((resolve) => {
      const req = http.request({ host: "127.0.0.1", port, path: pathName, method: "HEAD", headers: cookie ? { cookie } : {} }, (res) => {
        res.resume();
        resolve(true);
      });
      req.on("error", () => resolve(false));
      req.end();
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${label} did not answer within 60 s`);
}

function childPids(pid: number): number[] {
  const out = [pid];
  try {
    for (const task of readdirSyncSafe(`/proc/${pid}/task`)) {
      const text = readFileSafe(`/proc/${pid}/task/${task}/children`).trim();
      for (const c of text ? text.split(/\s+/).map(Number) : []) out.push(...childPids(c));
    }
  } catch {
    /* process gone */
  }
  return [...new Set(out)];
}

function readFileSafe(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

function readdirSyncSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** Resident set size (bytes) of a process and its descendants. */
function treeRss(pid: number): number {
  let total = 0;
  for (const p of childPids(pid)) {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSafe(`/proc/${p}/status`));
    if (m) total += Number(m[1]) * 1024;
  }
  return total;
}

// ───────────────────────────── client ─────────────────────────────

type Fetched = { bytes: number; status: number; headers: http.IncomingHttpHeaders };

function fetchRange(port: number, pathName: string, start: number, end: number, cookie: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, path: pathName, headers: { range: `bytes=${start}-${end}`, cookie }, agent: false },
      (res) => {
        let bytes = 0;
        res.on("data", (d: Buffer) => {
          bytes += d.length;
        });
        res.on("end", () => resolve({ bytes, status: res.statusCode ?? 0, headers: res.headers }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

type Scenario = { single: number; concurrent: number };
type Target = { port: number; path: string; cookie: string };

async function singleRead(t: Target): Promise<number> {
  const started = performance.now();
  const one = await fetchRange(t.port, t.path, 0, BIG_SIZE - 1, t.cookie);
  if (one.bytes !== BIG_SIZE) throw new Error(`single read got ${one.bytes} of ${BIG_SIZE} bytes (HTTP ${one.status})`);
  return one.bytes / MiB / ((performance.now() - started) / 1000);
}

async function concurrentRead(t: Target, readers: number, rangeBytes: number): Promise<number> {
  const started = performance.now();
  const step = Math.floor((BIG_SIZE - rangeBytes) / Math.max(1, readers - 1));
  const all = await Promise.all(
    Array.from({ length: readers }, (_, i) => {
      const start = Math.min(i * step, BIG_SIZE - rangeBytes);
      return fetchRange(t.port, t.path, start, start + rangeBytes - 1, t.cookie);
    }),
  );
  const total = all.reduce((n, r) => n + r.bytes, 0);
  if (total !== readers * rangeBytes) throw new Error(`concurrent readers got ${total} of ${readers * rangeBytes} bytes`);
  return total / MiB / ((performance.now() - started) / 1000);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Runs the scenarios on both servers INTERLEAVED (media, bare, media, bare ...), so that
 * background load on a shared machine hits both alike; returns medians. `onMedia(true/false)`
 * brackets the media-route runs (RSS sampling).
 */
async function measureBoth(
  media: Target,
  bare: Target,
  readers: number,
  rangeBytes: number,
  runs: number,
  onMedia: (active: boolean) => void,
): Promise<{ media: Scenario; bare: Scenario }> {
  const m = { single: [] as number[], concurrent: [] as number[] };
  const b = { single: [] as number[], concurrent: [] as number[] };
  for (let run = 0; run < runs; run++) {
    onMedia(true);
    m.single.push(await singleRead(media));
    onMedia(false);
    b.single.push(await singleRead(bare));
    onMedia(true);
    m.concurrent.push(await concurrentRead(media, readers, rangeBytes));
    onMedia(false);
    b.concurrent.push(await concurrentRead(bare, readers, rangeBytes));
  }
  return {
    media: { single: median(m.single), concurrent: median(m.concurrent) },
    bare: { single: median(b.single), concurrent: median(b.concurrent) },
  };
}

async function checkHeaders(port: number, pathName: string, cookie: string): Promise<string[]> {
  const problems: string[] = [];
  const r = await fetchRange(port, pathName, 100, 1099, cookie);
  if (r.status !== 206) problems.push(`range request answered ${r.status}, expected 206`);
  if (r.headers["content-length"] !== "1000") problems.push(`206 Content-Length is ${r.headers["content-length"] ?? "missing"}, expected 1000`);
  if (r.headers["content-range"] !== `bytes 100-1099/${BIG_SIZE}`) problems.push(`206 Content-Range is ${r.headers["content-range"] ?? "missing"}`);
  if (r.headers["transfer-encoding"]) problems.push(`206 sent with Transfer-Encoding: ${r.headers["transfer-encoding"]}`);
  if (r.headers["x-playhead-content-length"]) problems.push("the private length header leaked to the client");
  if (r.bytes !== 1000) problems.push(`206 body has ${r.bytes} bytes, expected 1000`);
  return problems;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const port = (server.address() as { port: number }).port;
  server.close();
  return port;
}

async function main(): Promise<void> {
  const readers = Number(arg("readers") ?? 20);
  const rangeBytes = Number(arg("range-mb") ?? 200) * MiB;
  const runs = Number(arg("runs") ?? 3);
  const hasBuild = existsSync(path.join(ROOT, ".next", "BUILD_ID"));
  const mode = (arg("server") ?? (hasBuild ? "next" : "harness")) as "next" | "harness";
  if (mode === "next" && !hasBuild) throw new Error("--server next needs a production build (.next/BUILD_ID): run `npm run build` first");

  await ensureBigFile();
  const bench = await setupDatabase();
  const tsxCli = path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");
  const self = path.join(ROOT, "scripts", "bench-media.ts");
  const [mediaPort, barePort] = [await freePort(), await freePort()];
  const mediaPath = `/api/media/${bench.videoId}`;

  const server =
    mode === "next"
      ? startChild(process.execPath, [path.join(ROOT, "node_modules", "next", "dist", "bin", "next"), "start", "-p", String(mediaPort), "-H", "127.0.0.1"], bench.env, "next start")
      : startChild(process.execPath, [tsxCli, "--conditions=react-server", self, "--serve-harness", String(mediaPort)], bench.env, "harness");
  const bare = startChild(process.execPath, [tsxCli, self, "--serve-bare", BIG_FILE, String(barePort)], bench.env, "bare node");
  const stopAll = () => {
    for (const c of [server, bare]) if (c.exitCode === null) c.kill("SIGTERM");
  };
  process.on("exit", stopAll);
  try {
    await waitForServer(mediaPort, mediaPath, server, mode === "next" ? "next start" : "harness", bench.cookie);
    await waitForServer(barePort, "/", bare, "bare node");
    console.log(`server under test: ${mode === "next" ? "next start (production build)" : "harness (same route handler, plain Node http)"}`);
    const problems = await checkHeaders(mediaPort, mediaPath, bench.cookie);
    console.log(problems.length ? `header check FAILED:\n  - ${problems.join("\n  - ")}` : "header check: 206 with exact Content-Length and Content-Range, no chunked encoding");

    // Warm the page cache and both servers.
    await fetchRange(barePort, "/", 0, BIG_SIZE - 1, "");
    await fetchRange(mediaPort, mediaPath, 0, 16 * MiB - 1, bench.cookie);

    const loadavgText = os.loadavg().map((x) => x.toFixed(1)).join(" ");
    const rssBefore = treeRss(server.pid!);
    let rssPeak = rssBefore;
    let sampling = false;
    const sampler = setInterval(() => {
      if (sampling) rssPeak = Math.max(rssPeak, treeRss(server.pid!));
    }, 50);
    const { media, bare: bareResult } = await measureBoth(
      { port: mediaPort, path: mediaPath, cookie: bench.cookie },
      { port: barePort, path: "/", cookie: "" },
      readers,
      rangeBytes,
      runs,
      (active) => {
        sampling = active;
      },
    );
    clearInterval(sampler);

    const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(0)} %`;
    const row = (cells: string[]) => console.log(cells.map((c, i) => (i === 0 ? c.padEnd(34) : c.padStart(14))).join(""));
    console.log("");
    row(["", "media route", "bare node", "ratio"]);
    row(["1 reader, 1 GiB range (MiB/s)", media.single.toFixed(0), bareResult.single.toFixed(0), pct(media.single, bareResult.single)]);
    row([
      `${readers} readers x ${rangeBytes / MiB} MiB (MiB/s)`,
      media.concurrent.toFixed(0),
      bareResult.concurrent.toFixed(0),
      pct(media.concurrent, bareResult.concurrent),
    ]);
    row(["server RSS before / peak (MB)", `${(rssBefore / 1e6).toFixed(0)} / ${(rssPeak / 1e6).toFixed(0)}`, "", ""]);
    console.log(`(median of ${runs} interleaved runs each; client: Node http in this process; load average at start ${loadavgText})`);
    console.log("");
    const targets = [
      [`single reader >= 80 % of bare Node`, media.single >= 0.8 * bareResult.single],
      [`${readers} concurrent readers >= 80 % of bare Node`, media.concurrent >= 0.8 * bareResult.concurrent],
      [`server RSS < 300 MB (peak ${(rssPeak / 1e6).toFixed(0)} MB)`, rssPeak < 300e6],
      ["206 headers exact", problems.length === 0],
    ] as const;
    for (const [name, ok] of targets) console.log(`${ok ? "PASS" : "MISS"}  ${name}`);
    if (problems.length) process.exitCode = 1;
  } finally {
    stopAll();
  }
}

const mode = process.argv[2];
if (mode === "--serve-bare") {
  void serveBare(process.argv[3], Number(process.argv[4]));
} else if (mode === "--serve-harness") {
  void serveHarness(Number(process.argv[3]));
} else {
  main().catch((e: unknown) => {
    console.error(`bench:media: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  });
}

