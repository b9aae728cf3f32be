/**
 * Human-baseline load benchmark: N concurrent participants (default 50) stream a VCBench-style
 * session (8 query points) and answer, against a running server or, without one, against the
 * route handlers in-process. Prints segment TTFB p50/p95, answer-to-resume latency p50/p95
 * (answer POST → next stretch's first segment: POST (returns the new state with the next
 * stretch's playlist, as the player uses it) + segment; the playlist route is requested for the
 * first stretch only; the init segment is fetched once per participant and then kept, as a browser keeps it
 * by its Cache-Control), and
 * server memory; then runs the segmenting benchmark (scripts/bench-segment.ts: a 10-minute
 * 1080p video cut at 8 points, vs real time).
 *
 *   npm run bench:baseline          scratch SQLite database; the route handlers run in a separate
 *                                   server process (scripts/bench/route-server.ts: plain Node HTTP
 *                                   server mounting the same handlers), clients here over HTTP
 *   npm run bench:baseline -- --mode in-process      clients and handlers in this one process
 *   npm run bench:baseline -- --cluster N   a scaled deployment started for the run
 *        (scripts/cluster/bench-cluster.ts: scratch PostgreSQL database, s3rver, N `next start`
 *         instances of the production build, nginx round robin in front); prints the CPU of every
 *         instance, nginx, s3rver, the database's backends and the clients, and the load average
 *   npm run bench:baseline -- --url http://localhost:3000 [--server-pid PID[,PID...]]
 *        (DATABASE_URL and PLAYHEAD_DATA_DIR must be the server's: the study is set up directly
 *         in its database and data directory, participants then go through HTTP)
 *   options: --participants N  --speed S (playback time divided by S; default 1 = real time, more
 *            is a stress test)  --skip-segment
 *            --ramp SEC (arrivals spread uniformly over the first SEC seconds; default 5)
 *            --think-ms LO-HI (time to read and answer each question, uniform; default 1500-4000)
 *            --seed N (arrival and think times)  --lockstep (= --ramp 0 --think-ms 0: every
 *            participant in step, all requests in synchronized bursts; a worst case, not a study)
 *            --sequential (in-process, one participant after another with no waiting: prints each
 *            route's CPU per request, exact because nothing else runs meanwhile)
 *            --count-queries (in-process: prints the database statements each route makes per request)
 *            --client node-http|fetch (HTTP modes: the participants' client; node-http, the default, is
 *            a keep-alive node:http agent that costs the shared machine about half the CPU of fetch;
 *            a real launch's browsers are not on the server's machine at all)
 *            --keep-db (keep the scratch PostgreSQL database; dropped at the end by default)
 *            --proxy nginx|haproxy (the clients reach the separate server process through that proxy,
 *            as a deployment does (TLS ends there); HAProxy keeps at most BENCH_PROXY_MAXCONN (16, as docs/deploy.md configures it)
 *            requests on the server at once and queues the rest. With --cluster N: the balancer in
 *            front of the instances, nginx by default)
 *            --processes N (with --proxy: N separate server processes on the one database)
 *            --db sqlite|sqlite-wal|postgresql (in-process: scratch database kind; sqlite-wal switches
 *            the scratch SQLite file to WAL journaling; postgresql needs PG_ADMIN_URL or the local server;
 *            applies to both modes: the separate server process uses the same scratch database;
 *            on postgresql the run also prints what the database's backends waited for, sampled
 *            from pg_stat_activity: scripts/bench/pg-waits.ts)
 *   Ends with PASS / FAIL against the burst target of issue 21.1 (1,000 participants over 10 s:
 *   segment TTFB p95 < 50 ms and max < 1 s, answer-to-resume p95 < 300 ms, 0 refused) and the
 *   machine's load average (other work on the machine inflates every figure).
 */
import { retryWhileBusy } from "@/lib/http/retry-while-busy";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { keepSlowest } from "./bench/keep-slowest";
import { nodeHttpClient } from "./bench/node-http-client";

type Args = {
  url: string | null;
  participants: number;
  speed: number;
  /** Participants arrive at uniformly random times within the first `rampSec` seconds. */
  rampSec: number;
  /** After a stretch, a participant thinks for a uniformly random time in [min, max] ms before answering. */
  thinkMs: [number, number];
  seed: number;
  skipSegment: boolean;
  serverPid: number | null;
  /** --server-pid with several pids (instances behind a balancer): CPU of each over the run. */
  serverPids: number[];
  /** --cluster N: start a scaled deployment of N instances for the run. */
  cluster: number;
  db: "sqlite" | "sqlite-wal" | "postgresql";
  mode: "process" | "in-process";
  countQueries: boolean;
  keepDb: boolean;
  /** --processes N (with --proxy): N separate server processes on the one database, behind the proxy. */
  processes: number;
  /** --proxy nginx|haproxy: the separate server process behind that proxy, as deployed. */
  proxy: "nginx" | "haproxy" | null;
  /** --sequential: in-process, one participant after another, no waiting: each route's own CPU per request. */
  sequential: boolean;
  /** --client node-http|fetch: the simulated participants' HTTP client (node-http, the default, costs the shared machine less CPU). */
  client: "node-http" | "fetch";
};

function parseArgs(argv: string[]): Args {
  const a: Args = { url: null, participants: 50, speed: 1, rampSec: 5, thinkMs: [1500, 4000], seed: 1, skipSegment: false, serverPid: null, serverPids: [], cluster: 0, db: "sqlite", mode: "process", countQueries: false, keepDb: false, proxy: null, processes: 1, sequential: false, client: "node-http" };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const v = argv[i + 1];
    if (k === "--url") (a.url = v.replace(/\/+$/, "")), i++;
    else if (k === "--participants") (a.participants = Number(v)), i++;
    else if (k === "--speed") (a.speed = Number(v)), i++;
    else if (k === "--ramp") (a.rampSec = Number(v)), i++;
    else if (k === "--think-ms") {
      const [lo, hi] = v.split("-").map(Number);
      a.thinkMs = [lo, hi ?? lo];
      i++;
    } else if (k === "--seed") (a.seed = Number(v)), i++;
    else if (k === "--lockstep") (a.rampSec = 0), (a.thinkMs = [0, 0]);
    else if (k === "--server-pid") (a.serverPids = v.split(",").map(Number)), (a.serverPid = a.serverPids[0]), i++;
    else if (k === "--cluster") (a.cluster = Number(v)), (a.db = "postgresql"), i++;
    else if (k === "--skip-segment") a.skipSegment = true;
    else if (k === "--count-queries") (a.countQueries = true), (a.mode = "in-process");
    else if (k === "--keep-db") a.keepDb = true;
    else if (k === "--sequential") (a.sequential = true), (a.mode = "in-process"), (a.rampSec = 0), (a.thinkMs = [0, 0]), (a.speed = 1e6);
    else if (k === "--proxy" && (v === "nginx" || v === "haproxy")) (a.proxy = v), i++;
    else if (k === "--processes" && Number.isInteger(Number(v)) && Number(v) >= 1) (a.processes = Number(v)), i++;
    else if (k === "--client" && (v === "node-http" || v === "fetch")) (a.client = v), i++;
    else if (k === "--mode" && (v === "process" || v === "in-process")) (a.mode = v), i++;
    else if (k === "--db" && (v === "sqlite" || v === "sqlite-wal" || v === "postgresql")) (a.db = v), i++;
    else throw new Error(`unknown option ${k}`);
  }
  return a;
}

type Res = { status: number; headers: Headers; text: string; ttfbMs: number; /** In-process: this process's CPU time during the request (exact only with --sequential). */ cpuMs?: number };
type Req = { method?: string; cookie?: string; json?: unknown };
type Client = (path: string, req?: Req) => Promise<Res>;

function pct(values: number[], p: number): number {
  if (!values.length) return NaN;
  const s = [...values].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

function fetchClient(base: string): Client {
  return async (p, req = {}) => {
    const t = performance.now();
    const res = await fetch(base + p, {
      method: req.method ?? (req.json === undefined ? "GET" : "POST"),
      headers: { ...(req.cookie ? { cookie: req.cookie } : {}), ...(req.json !== undefined ? { "content-type": "application/json" } : {}) },
      body: req.json === undefined ? undefined : JSON.stringify(req.json),
      redirect: "manual",
    });
    const ttfbMs = performance.now() - t;
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, ttfbMs };
  };
}

async function inProcessClient(): Promise<Client> {
  const { dispatch } = await import("./bench/participant-routes");
  return async (p, req = {}) => {
    const url = new URL(p, "http://localhost:3000");
    const method = req.method ?? (req.json === undefined ? "GET" : "POST");
    const headers = new Headers();
    if (req.cookie) headers.set("cookie", req.cookie);
    if (req.json !== undefined) headers.set("content-type", "application/json");
    const cpu = process.cpuUsage();
    const t = performance.now();
    const res = await dispatch(url, method, headers, req.json === undefined ? undefined : JSON.stringify(req.json));
    const ttfbMs = performance.now() - t;
    // Media bytes are read, not decoded as text (decoding them cost more than the route itself).
    const text = (res.headers.get("content-type") ?? "").startsWith("video/") ? ((await res.arrayBuffer()), "") : await res.text();
    const used = process.cpuUsage(cpu);
    return { status: res.status, headers: res.headers, text, ttfbMs, cpuMs: (used.user + used.system) / 1000 };
  };
}

/** Starts scripts/bench/route-server.ts in its own Node process (same environment); resolves with its URL. */
async function startServerProcess(): Promise<{ url: string; stop: () => void }> {
  const prof = process.env.BENCH_SERVER_CPU_PROF; // a directory: the server writes a .cpuprofile there on exit
  const flags = prof ? ["--cpu-prof", `--cpu-prof-dir=${prof}`] : [];
  const child = spawn(process.execPath, [...flags, "--import", "tsx", "--conditions=react-server", "scripts/bench/route-server.ts"], {
    env: process.env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on("exit", (code) => reject(new Error(`bench server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill("SIGINT") };
}

/** The bench server processes behind a proxy (--proxy): scripts/cluster/bench-proxy.ts. */
async function startProxy(kind: "nginx" | "haproxy", servers: string[]) {
  const { startBenchProxy } = await import("./cluster/bench-proxy");
  return startBenchProxy(kind, servers.map((u) => new URL(u).host), "/__bench/stats");
}

type ServerStats = Awaited<ReturnType<typeof serverStats>>;

/** The server processes' figures together: CPU and memory summed, delays and waits the worst of them. */
async function serversStats(urls: string[], reset = false): Promise<ServerStats> {
  const all = await Promise.all(urls.map((u) => serverStats(u, reset)));
  const sum = (f: (s: ServerStats) => number) => all.reduce((t, s) => t + f(s), 0);
  const max = (f: (s: ServerStats) => number | undefined) => Math.max(...all.map((s) => f(s) ?? 0));
  return {
    rss: sum((s) => s.rss),
    peakRss: sum((s) => s.peakRss),
    cpuMs: sum((s) => s.cpuMs),
    loopDelayMaxMs: max((s) => s.loopDelayMaxMs),
    loopDelayP99Ms: max((s) => s.loopDelayP99Ms),
    handlingMaxMs: max((s) => s.handlingMaxMs),
    acceptToRequestMaxMs: max((s) => s.acceptToRequestMaxMs),
  };
}

async function serverStats(url: string, reset = false): Promise<{ rss: number; peakRss: number; cpuMs: number; loopDelayMaxMs?: number; loopDelayP99Ms?: number; handlingMaxMs?: number; acceptToRequestMaxMs?: number }> {
  return (await fetch(`${url}/__bench/stats${reset ? "?reset" : ""}`)).json();
}

async function setUpStudy(): Promise<{ studyId: string; asks: number }> {
  const { db } = await import("@/lib/db/prisma");
  const { ingestVideo } = await import("@/lib/video-library/ingest-video");
  const { generateInto, makeTempDir } = await import("@/lib/video/video-test-fixtures");
  const { getDemoVideo } = await import("@/lib/video/demo-videos");
  const { createStudy, setStudyItems } = await import("@/lib/studies/manage-study");
  const { openStudy } = await import("@/lib/studies/open-study");
  const stamp = Date.now().toString(36);
  const admin = await db.user.create({ data: { email: `bench-admin-${stamp}@bench.invalid`, role: "ADMIN", name: "bench" } });
  const dir = await makeTempDir("playhead-bench-");
  const file = await generateInto(dir, getDemoVideo("cfr30"));
  const { video } = await ingestVideo({ file, mode: "copy" }, { displayName: "bench-cfr30.mp4", via: "import" });
  const project = await db.project.create({ data: { name: `bench-${stamp}`, slug: `bench-${stamp}`, benchmark: "VCBENCH", settings: {} } });
  const frames = [30, 65, 100, 135, 170, 205, 240, 275];
  const item = await db.item.create({
    data: {
      projectId: project.id,
      externalId: `bench-${stamp}`,
      ordinal: 0,
      format: "count",
      question: "How many objects have appeared so far?",
      presentation: { answer_type: "integer" },
      labels: { subtype: "O2-Unique" },
      videoRef: "bench",
      videoId: video.id,
      truth: { create: { answer: frames.map((_, i) => i), source: {} } },
      queryPoints: { create: frames.map((f, i) => ({ ordinal: i, timeSec: f / 30, frameIndex: f })) },
    },
  });
  const study = await createStudy(
    { projectId: project.id, name: `bench ${stamp}`, protocol: "STREAMING", settings: { participantsPerVideo: null, capPerParticipant: 1, enforceRealtime: false, segmentSeconds: 2, crowdPlatforms: ["prolific"], completionCode: "BENCH" } },
    admin.id,
  );
  await setStudyItems(study.id, { items: [{ itemId: item.id, attentionCheck: false }] }, admin.id);
  await openStudy(study.id, admin.id);
  return { studyId: study.id, asks: frames.length };
}

/** Seconds a browser may keep a response with this Cache-Control (0: not at all). */
function keepSeconds(cacheControl: string | null): number {
  if (!cacheControl || /(^|,)\s*no-store\s*(,|$)/i.test(cacheControl)) return 0;
  return Number(/(?:^|,)\s*max-age=(\d+)/i.exec(cacheControl)?.[1] ?? 0);
}

type Stats = { entry: number[]; busyRetries: number; byRoute: Map<string, { ttfb: number[]; cpu: number[] }>; ttfbAt: Array<[number, number]>; ttfb: number[]; resume: number[]; answer: number[]; playlist: number[]; init: number[]; errors: string[]; refused: number; refusedBy: Record<string, number>; slow: SlowRequest[]; startedAt: number };
/** One of the slowest requests of the run: what, whose, when it was sent (s after the start) and its TTFB. */
type SlowRequest = { ms: number; what: string; participant: number; sentAtSec: number };

/** Keeps the 8 slowest requests (where a stall is, not only how long). */
function noteSlow(stats: Stats, ms: number, what: string, participant: number): void {
  keepSlowest(stats.slow, { ms, what, participant, sentAtSec: (performance.now() - ms - stats.startedAt) / 1000 }, 8, (r) => r.ms);
}

/** Small seeded PRNG (mulberry32): the same arrival and think times on every run with one seed. */
function rng(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let x = Math.imul(t ^ (t >>> 15), 1 | t);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** The burst target of issue 21.1, printed with PASS / FAIL after every run. */
const TARGET = { ttfbP95Ms: 50, ttfbMaxMs: 1000, resumeP95Ms: 300 };

function burstVerdict(stats: Stats): { pass: boolean; lines: string[] } {
  const checks: Array<[string, boolean]> = [
    [`segment TTFB p95 ${pct(stats.ttfb, 95).toFixed(1)} ms < ${TARGET.ttfbP95Ms} ms`, pct(stats.ttfb, 95) < TARGET.ttfbP95Ms],
    [`segment TTFB max ${Math.max(...stats.ttfb).toFixed(1)} ms < ${TARGET.ttfbMaxMs} ms`, Math.max(...stats.ttfb) < TARGET.ttfbMaxMs],
    [`answer-to-resume p95 ${pct(stats.resume, 95).toFixed(1)} ms < ${TARGET.resumeP95Ms} ms`, pct(stats.resume, 95) < TARGET.resumeP95Ms],
    [`refused segments ${stats.refused} = 0`, stats.refused === 0],
    [`participant errors ${stats.errors.length} = 0`, stats.errors.length === 0],
  ];
  return { pass: checks.every(([, ok]) => ok), lines: checks.map(([text, ok]) => `${ok ? "ok  " : "FAIL"} ${text}`) };
}

/**
 * The machine's busy share in each `windowSec` window of the run, from /proc/stat read at every
 * window's edge (`ticks[w]` at w × windowSec s after the start): what tells a latency that grew
 * because every core was busy from one that grew for a reason of the app's own.
 */
function busyByWindow(ticks: Array<{ busy: number; total: number }>): number[] {
  return ticks.slice(1).map((t, i) => (t.busy - ticks[i].busy) / Math.max(1e-9, t.total - ticks[i].total));
}

/** "0-5 s 12 ms (n=900, machine 97 % busy), 5-10 s …": the p95 of the requests sent in each window, and how busy the machine was then. */
function ttfbByWindow(samples: Array<[number, number]>, windowSec: number, busy: number[] = []): string {
  const windows = new Map<number, number[]>();
  for (const [at, ms] of samples) {
    const w = Math.floor(at / windowSec);
    const list = windows.get(w) ?? [];
    list.push(ms);
    windows.set(w, list);
  }
  return [...windows]
    .sort(([a], [b]) => a - b)
    .map(([w, v]) => `${w * windowSec}-${(w + 1) * windowSec} s ${pct(v, 95).toFixed(0)} ms (n=${v.length}${busy[w] === undefined ? "" : `, machine ${(busy[w] * 100).toFixed(0)} % busy`})`)
    .join(", ");
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The width of the bench's time windows (segment p95 and machine CPU by when). */
const WINDOW_SEC = 5;

/** Busy share from which a window counts as saturated: the last few percent are the sampler's own rounding and the kernel's. */
const SATURATED = 0.9;

/** How long every core was (nearly) busy, and the segment p95 inside and outside those windows. */
function saturationLine(samples: Array<[number, number]>, busy: number[]): string {
  const inside: number[] = [];
  const outside: number[] = [];
  for (const [at, ms] of samples) {
    const b = busy[Math.floor(at / WINDOW_SEC)];
    if (b === undefined) continue;
    (b >= SATURATED ? inside : outside).push(ms);
  }
  const n = busy.filter((b) => b >= SATURATED).length;
  const p = (v: number[]) => (v.length ? `${pct(v, 95).toFixed(1)} ms (n=${v.length})` : "none sent");
  return `${n * WINDOW_SEC} s of the run with the machine ≥ ${SATURATED * 100} % busy; segment TTFB p95 then ${p(inside)}, otherwise ${p(outside)}`;
}

/** The client, with every request's time to first byte also kept per route (ids replaced by :id). */
function timedByRoute(client: Client, byRoute: Stats["byRoute"]): Client {
  return async (p, req) => {
    const r = await client(p, req);
    const key = `${req?.method ?? (req?.json === undefined ? "GET" : "POST")} ${p.replace(/\?.*$/, "").replace(/\/(api\/(?:studies|sessions|segments))\/[^/]+/, "/$1/:id").replace(/\/\d+$/, "/:n")}`;
    const entry = byRoute.get(key) ?? { ttfb: [], cpu: [] };
    entry.ttfb.push(r.ttfbMs);
    if (r.cpuMs !== undefined) entry.cpu.push(r.cpuMs);
    byRoute.set(key, entry);
    return r;
  };
}

async function participant(rawClient: Client, studyId: string, n: number, args: Args, stats: Stats): Promise<void> {
  const client = timedByRoute(rawClient, stats.byRoute);
  const { speed } = args;
  const random = rng(args.seed * 1000 + n);
  const think = () => args.thinkMs[0] + random() * (args.thinkMs[1] - args.thinkMs[0]);
  await sleep(random() * args.rampSec * 1000);
  const pid = `BENCH${n}x${Date.now().toString(36)}`;
  const arrivedAt = performance.now();
  // Consent and the claim are idempotent: a busy front end's 502/503/504 is waited out with
  // backoff, as the participant's browser does (lib/http/retry-while-busy.ts).
  const busy = { onRetry: () => void (stats.busyRetries += 1) };
  // The study link is a page load: the proxy's busy page (503) reloads itself after 5 s.
  const entered = await retryWhileBusy(() => client(`/api/studies/${studyId}/enter?PROLIFIC_PID=${pid}&STUDY_ID=BENCH&SESSION_ID=${pid}-submission`), {
    ...busy,
    baseMs: 5000,
    capMs: 5000,
    random: () => 1,
  });
  const cookie = entered.headers.getSetCookie?.()[0]?.split(";")[0] ?? "";
  if (entered.status !== 303 || !cookie) throw new Error(`enter: ${entered.status} ${entered.text.slice(0, 200)}`);
  const consent = await retryWhileBusy(() => client(`/api/studies/${studyId}/consent`, { method: "POST", cookie }), busy);
  if (consent.status !== 200) throw new Error(`consent: ${consent.status} ${consent.text.slice(0, 200)}`);
  const sessionId = JSON.parse(consent.text).sessionId as string;
  const tabId = `benchtab${n}aaaa`;
  const claimed = await retryWhileBusy(() => client(`/api/sessions/${sessionId}/claim`, { cookie, json: { tabId } }), busy);
  if (claimed.status !== 200) throw new Error(`claim: ${claimed.status} ${claimed.text.slice(0, 200)}`);
  let state = JSON.parse(claimed.text);
  stats.entry.push(performance.now() - arrivedAt);
  let resumeStart: number | null = null;
  // The browser's HTTP cache, as far as this client needs one: a response whose Cache-Control
  // allows keeping it (max-age, no no-store) is not requested again until it expires. The server
  // allows it for the init segment only (lib/protocol/init-segment-url.ts).
  const kept = new Map<string, number>();
  while (state.status === "ACTIVE" && state.streaming?.askIndex !== null) {
    const st = state.streaming;
    if (st.playlistUrl) {
      // The playlist an accepted answer brought (as the player uses it), else the playlist route.
      const pl = st.playlist ? { text: st.playlist as string } : await client(st.playlistUrl, { cookie });
      if ("ttfbMs" in pl) {
        stats.playlist.push(pl.ttfbMs);
        noteSlow(stats, pl.ttfbMs, `playlist of ask ${st.askIndex}`, n);
      }
      const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(pl.text)?.[1];
      const uris = pl.text.split("\n").filter((l: string) => l.startsWith("/api/segments/"));
      if (init && !((kept.get(init) ?? 0) > performance.now())) {
        const r = await client(init, { cookie });
        stats.init.push(r.ttfbMs);
        noteSlow(stats, r.ttfbMs, `init segment of ask ${st.askIndex}`, n);
        const maxAge = keepSeconds(r.headers.get("cache-control"));
        if (r.status === 200 && maxAge > 0) kept.set(init, performance.now() + maxAge * 1000);
      }
      for (const [i, uri] of uris.entries()) {
        const r = await client(uri, { cookie });
        if (r.status !== 200) {
          stats.refused += 1;
          const code = /"code":"([a-z_]+)"/.exec(r.text)?.[1];
          const why = `${r.status}${code ? ` ${code}` : ""}`;
          stats.refusedBy[why] = (stats.refusedBy[why] ?? 0) + 1;
        }
        stats.ttfb.push(r.ttfbMs);
        stats.ttfbAt.push([(performance.now() - r.ttfbMs - stats.startedAt) / 1000, r.ttfbMs]);
        noteSlow(stats, r.ttfbMs, `segment ${i} of ask ${st.askIndex}`, n);
        if (i === 0 && resumeStart !== null) stats.resume.push(performance.now() - resumeStart);
      }
      await sleep((st.stretch.durationSec * 1000) / speed);
    }
    // Reading the question and typing the answer (not part of any measured latency).
    const thinking = think();
    if (thinking > 0) await sleep(thinking);
    resumeStart = performance.now();
    const a = await client(`/api/sessions/${sessionId}/answers`, { cookie, json: { askIndex: st.askIndex, tabId, version: state.version, answer: st.askIndex } });
    stats.answer.push(a.ttfbMs);
    noteSlow(stats, a.ttfbMs, `answer ${st.askIndex}`, n);
    if (a.status !== 200) throw new Error(`answer ${st.askIndex}: ${a.status} ${a.text.slice(0, 200)}`);
    state = JSON.parse(a.text).state;
    if (!state.streaming?.playlistUrl) resumeStart = null;
  }
  // A session that stops short without an error status is a failure too (not silently fewer requests).
  if (state.status !== "COMPLETED") throw new Error(`session ended ${state.status} at ask ${state.streaming?.askIndex ?? "?"}: ${JSON.stringify(state).slice(0, 200)}`);
}

function serverRss(pid: number | null): string {
  if (!pid) return "unknown (pass --server-pid)";
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const rss = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    const hwm = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return `RSS ${(Number(rss) / 1024).toFixed(0)} MiB (peak ${(Number(hwm) / 1024).toFixed(0)} MiB)`;
  } catch {
    return `cannot read /proc/${pid}/status`;
  }
}

/** The study's human row (refreshed by the server's job runner, debounced): its session count once it has them all, or after 30 s. */
async function waitForHumanRow(studyId: string, completed: number): Promise<string> {
  const { db } = await import("@/lib/db/prisma");
  const started = performance.now();
  let n = 0;
  while (performance.now() - started < 30_000) {
    const run = await db.modelRun.findFirst({ where: { source: `study:${studyId}`, kind: "HUMAN" }, select: { aggregates: true } });
    n = Number((run?.aggregates as { n_sessions?: number } | null)?.n_sessions ?? 0);
    if (n >= completed) break;
    await sleep(500);
  }
  const jobs = await db.backgroundJob.groupBy({ by: ["state"], where: { kind: "study.human-run" }, _count: { _all: true } });
  const byState = jobs.map((j) => `${j._count._all} ${j.state.toLowerCase()}`).join(", ");
  return `${n} of ${completed} completed sessions, ${((performance.now() - started) / 1000).toFixed(1)} s after the last answer (study.human-run jobs: ${byState || "none"})`;
}

async function runSegmentBench(): Promise<void> {
  console.log("\nsegmenting benchmark (scripts/bench-segment.ts: 10-minute 1080p, 8 cuts):");
  await new Promise<void>((resolve) => {
    const child = spawn("npx", ["tsx", "--conditions=react-server", "scripts/bench-segment.ts"], { stdio: ["ignore", "pipe", "inherit"] });
    child.stdout.on("data", (d: Buffer) => {
      const lines = d.toString().split("\n").filter((l) => l && !l.startsWith("  seg-"));
      if (lines.length) console.log(lines.join("\n"));
    });
    child.on("close", () => resolve());
  });
}

/** The scratch PostgreSQL database of this run, dropped at the end unless --keep-db. */
let scratchPg: import("@/lib/db/scratch-database").ScratchPgDatabase | null = null;

async function dropScratchPg(): Promise<void> {
  if (!scratchPg) return;
  const { db } = await import("@/lib/db/prisma");
  await db.$disconnect();
  await scratchPg.drop();
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.countQueries) (await import("./bench/query-counter")).installQueryCounter();
  const { cpuReport, loadAverage, machineCpuSeconds, pidsCpuSeconds, postgresCpuSeconds, startBenchCluster } = await import("./cluster/bench-cluster");
  const deployment = args.cluster > 0 ? await startBenchCluster(args.cluster, args.proxy ?? "nginx") : null;
  if (deployment) {
    args.url = deployment.url;
    console.log(`cluster: ${deployment.describe()}`);
  } else if (!args.url) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "playhead-bench-baseline-"));
    process.env.PLAYHEAD_DATA_DIR = path.join(dir, "data");
    process.env.NEXTAUTH_SECRET ||= "playhead-bench-secret";
    const { applyMigrations } = await import("@/lib/db/migrate");
    if (args.db === "postgresql") {
      const { createScratchPgDatabase } = await import("@/lib/db/scratch-database");
      scratchPg = await createScratchPgDatabase("playhead_bench");
      process.env.DATABASE_URL = scratchPg.url;
      console.log(`scratch PostgreSQL database ${scratchPg.name} (dropped at the end; --keep-db keeps it)`);
      await applyMigrations({ provider: "postgresql", url: process.env.DATABASE_URL });
    } else {
      process.env.DATABASE_URL = `file:${path.join(dir, "bench.db")}`;
      await applyMigrations({ provider: "sqlite", url: process.env.DATABASE_URL });
      if (args.db === "sqlite-wal") {
        const { db } = await import("@/lib/db/prisma");
        await db.$queryRawUnsafe("PRAGMA journal_mode=WAL");
        await db.$queryRawUnsafe("PRAGMA synchronous=NORMAL");
      }
    }
  }
  if (args.processes > 1 && !args.proxy) throw new Error("--processes N needs --proxy nginx|haproxy in front of them");
  const locals = args.url || args.mode !== "process" ? [] : await Promise.all(Array.from({ length: args.processes }, () => startServerProcess()));
  const localUrls = locals.map((l) => l.url);
  const proxy = locals.length && args.proxy ? await startProxy(args.proxy, localUrls) : null;
  const target = args.url ?? proxy?.url ?? localUrls[0] ?? null;
  const modeLine = args.url
    ? `HTTP to ${args.url} (external server)`
    : args.mode === "process"
      ? `separate server process (scripts/bench/route-server.ts, plain Node HTTP server mounting the route handlers) at ${localUrls.join(", ")}${proxy ? `, behind ${proxy.name} at ${proxy.url}` : ""}, scratch ${args.db} database`
      : `in-process route handlers (clients and handlers share one process), scratch ${args.db} database`;
  console.log(`mode: ${modeLine}`);
  console.log(`setting up a streaming study...`);
  const { studyId, asks } = await setUpStudy();
  const stats: Stats = { entry: [], busyRetries: 0, byRoute: new Map(), ttfbAt: [], ttfb: [], resume: [], answer: [], playlist: [], init: [], errors: [], refused: 0, refusedBy: {}, slow: [], startedAt: performance.now() };
  const trace = target ? (await import("./bench/client-trace")).startClientTrace(stats.startedAt) : null;
  const client = !target ? await inProcessClient() : args.client === "fetch" ? fetchClient(target) : nodeHttpClient(target, trace?.record);
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  const before = locals.length ? await serversStats(localUrls, true) : null;
  const cpuBefore = deployment ? deployment.sample() : args.serverPids.length > 1 ? pidsCpuSeconds(args.serverPids) : null;
  const loadBefore = loadAverage();
  const machineBefore = machineCpuSeconds();
  const ownCpuBefore = process.cpuUsage();
  const pgCpuBefore = scratchPg ? postgresCpuSeconds() : NaN;
  const proxyCpuBefore = proxy?.cpuSeconds() ?? 0;
  const pgWaits = scratchPg ? await (await import("./bench/pg-waits")).startPgWaitSampler(scratchPg.url) : null;
  const started = performance.now();
  // The machine's CPU at every 5 s edge of the run (stats.startedAt is the windows' origin).
  const machineTicks = [machineCpuSeconds()];
  const machineSampler = setInterval(() => machineTicks.push(machineCpuSeconds()), WINDOW_SEC * 1000);
  const results: PromiseSettledResult<void>[] = [];
  if (args.sequential) {
    for (let i = 0; i < args.participants; i++) results.push(...(await Promise.allSettled([participant(client, studyId, i, args, stats)])));
  } else {
    results.push(...(await Promise.allSettled(Array.from({ length: args.participants }, (_, i) => participant(client, studyId, i, args, stats)))));
  }
  clearInterval(sampler);
  clearInterval(machineSampler);
  const wall = (performance.now() - started) / 1000;
  const pgWaitLines = await pgWaits?.stop();
  const after = locals.length ? await serversStats(localUrls) : null;
  const proxyCpu = proxy ? proxy.cpuSeconds() - proxyCpuBefore : null;
  const cpuAfter = deployment ? deployment.sample() : args.serverPids.length > 1 ? pidsCpuSeconds(args.serverPids) : null;
  const loadAfter = loadAverage();
  const machineAfter = machineCpuSeconds();
  const ownCpu = process.cpuUsage(ownCpuBefore);
  const pgCpu = scratchPg ? postgresCpuSeconds() - pgCpuBefore : NaN;
  const clusterMemory = deployment?.memory();
  // (stats.errors is filled from the results below, after the deployment stops.)
  const clusterLogs = stats.refused || results.some((r) => r.status === "rejected") ? deployment?.errorLines(8) : undefined;
  const humanRow = locals.length ? await waitForHumanRow(studyId, args.participants - results.filter((r) => r.status === "rejected").length) : null;
  for (const l of locals) l.stop();
  await proxy?.stop();
  await deployment?.stop();
  for (const r of results) {
    if (r.status !== "rejected") continue;
    const e = r.reason as Error & { cause?: { code?: string; message?: string } };
    // Both clients keep the network error in `cause` (a refused or reset connection, a timeout).
    stats.errors.push(e?.cause ? `${e.message} (${e.cause.code ?? e.cause.message})` : String(e?.message ?? e));
  }
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const mib = (v: number) => `${(v / 2 ** 20).toFixed(0)} MiB`;
  console.log(
    `\nmode: ${deployment ? `cluster of ${args.cluster} instances behind ${args.proxy ?? "nginx"}, PostgreSQL, S3 (s3rver)` : args.url ? "external server" : args.mode === "process" ? `separate server process${proxy ? ` behind ${proxy.name}` : ""}` : "in-process"}, database ${deployment ? "postgresql" : args.url ? "(the server's)" : args.db}`,
  );
  console.log(`machine: ${os.cpus().length} cores; before the run ${loadBefore}; after ${loadAfter}`);
  const busy = (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total);
  console.log(
    `machine CPU         ${(busy * 100).toFixed(0)} % of all ${os.cpus().length} cores busy during the run; the bench's clients (this process${target ? `, ${args.client}` : ""}) ${((ownCpu.user + ownCpu.system) / 1e6).toFixed(1)} s${Number.isFinite(pgCpu) ? `; PostgreSQL (whole server) ${pgCpu.toFixed(1)} s` : ""}`,
  );
  console.log(
    `${args.participants} participants × ${asks} query points in ${wall.toFixed(1)} s (playback ×${args.speed}${args.speed === 1 ? ", real time" : ", STRESS: faster than real time"})`,
  );
  console.log(
    args.rampSec === 0 && args.thinkMs[1] === 0
      ? `load: LOCKSTEP (all participants start together and answer the instant a stretch ends: synchronized bursts, worst case)`
      : `load: arrivals spread over ${args.rampSec} s, think time ${args.thinkMs[0]}-${args.thinkMs[1]} ms before each answer (seed ${args.seed})`,
  );
  const refusedWhy = Object.entries(stats.refusedBy).map(([k, n]) => `${n}× ${k}`).join(", ");
  console.log(`segment requests: ${stats.ttfb.length} (${stats.refused} refused${refusedWhy ? `: ${refusedWhy}` : ""})`);
  console.log(`segment TTFB        p50 ${ms(pct(stats.ttfb, 50))}  p95 ${ms(pct(stats.ttfb, 95))}  max ${ms(Math.max(...stats.ttfb))}`);
  const busyWindows = busyByWindow(machineTicks);
  console.log(`segment TTFB p95 by when it was sent (${WINDOW_SEC} s windows): ${ttfbByWindow(stats.ttfbAt, WINDOW_SEC, busyWindows)}`);
  console.log(`saturation          ${saturationLine(stats.ttfbAt, busyWindows)}`);
  console.log(`answer-to-resume    p50 ${ms(pct(stats.resume, 50))}  p95 ${ms(pct(stats.resume, 95))}  (n=${stats.resume.length})`);
  console.log(`entry               arrival to a claimed session (enter, consent, claim): p50 ${ms(pct(stats.entry, 50))}  p95 ${ms(pct(stats.entry, 95))}  max ${ms(Math.max(...stats.entry))}; ${stats.busyRetries} retries after a busy front end (502/503/504)`);
  console.log(`slowest requests    ${stats.slow.map((r) => `${ms(r.ms)} ${r.what} (participant ${r.participant}, sent at ${r.sentAtSec.toFixed(1)} s)`).join("; ")}`);
  for (const line of trace?.lines() ?? []) console.log(line);
  for (const [name, v] of [["  answer POST", stats.answer], ["  playlist", stats.playlist], ["  init segment", stats.init]] as const) {
    console.log(`${name.padEnd(20)}p50 ${ms(pct(v, 50))}  p95 ${ms(pct(v, 95))}  (n=${v.length}, time to first byte)`);
  }
  console.log(`by route (time to first byte${args.sequential ? "; CPU of the process during the request: one request at a time, so the route's own cost" : ""}):`);
  for (const [route, { ttfb, cpu }] of [...stats.byRoute].sort(([a], [b]) => a.localeCompare(b))) {
    const mean = (v: number[]) => v.reduce((t, x) => t + x, 0) / v.length;
    const cpuText = args.sequential && cpu.length ? `  CPU p50 ${ms(pct(cpu, 50))} mean ${ms(mean(cpu))}` : "";
    console.log(`  ${route.padEnd(40)}p50 ${ms(pct(ttfb, 50))}  p95 ${ms(pct(ttfb, 95))}  mean ${ms(mean(ttfb))}${cpuText}  (n=${ttfb.length})`);
  }
  if (before && after) {
    const cpu = after.cpuMs - before.cpuMs;
    console.log(
      `server memory       RSS ${mib(after.rss)} (peak ${mib(after.peakRss)}, ${locals.length > 1 ? `${locals.length} server processes together` : "server process only"}); server CPU ${(cpu / 1000).toFixed(1)} s during the run (${((cpu / 1000 / wall) * 100).toFixed(0)}% of one core)`,
    );
    if (proxyCpu !== null) console.log(`proxy CPU           ${proxyCpu.toFixed(1)} s during the run (${((proxyCpu / wall) * 100).toFixed(0)}% of one core)`);
    if (after.loopDelayMaxMs !== undefined) console.log(`server event loop   delay p99 ${ms(after.loopDelayP99Ms ?? 0)}  max ${ms(after.loopDelayMaxMs)} (the longest the server could not answer anyone); longest request inside the server ${ms(after.handlingMaxMs ?? 0)}; longest wait from a connection's accept to its first request ${ms(after.acceptToRequestMaxMs ?? 0)}`);
  } else if (clusterMemory) {
    console.log(`server memory       ${clusterMemory}`);
  } else {
    console.log(
      args.url
        ? `server memory       ${serverRss(args.serverPid)}`
        : `server memory       RSS ${mib(process.memoryUsage().rss)} (peak ${mib(peakRss)}, in-process: includes the simulated clients)`,
    );
  }
  if (cpuBefore && cpuAfter) {
    console.log(`CPU during the run (${wall.toFixed(1)} s wall):`);
    for (const line of cpuReport(cpuBefore, cpuAfter, wall)) console.log(line);
  }
  if (stats.errors.length) {
    const kinds: Record<string, number> = {};
    for (const e of stats.errors) {
      const k = e.replace(/\{.*"code":"([a-z_]+)".*$/, "$1").replace(/reference \w+/, "");
      kinds[k] = (kinds[k] ?? 0) + 1;
    }
    console.log(`participants that failed, by first error: ${Object.entries(kinds).map(([k, n]) => `${n}× ${k}`).join(", ")}`);
  }
  if (clusterLogs) console.log(`server errors logged by the instances (last few):\n${clusterLogs}`);
  if (stats.errors.length) console.log(`errors (${stats.errors.length}): ${stats.errors.slice(0, 5).join(" | ")}`);
  if (humanRow) console.log(`human row           ${humanRow}`);
  if (pgWaitLines) console.log(`database backends   (pg_stat_activity every 100 ms during the run) ${pgWaitLines.join("\n                    ")}`);
  if (args.countQueries) {
    console.log(`\ndatabase statements per request (${args.db === "postgresql" ? "PostgreSQL: each one a round trip" : "SQLite"}; BEGIN counted, COMMIT counted as a statement):`);
    const counter = await import("./bench/query-counter");
    for (const line of counter.queryCountLines()) console.log(`  ${line}`);
    const slowest = counter.querySqlLines();
    if (slowest.length) console.log(`\nslowest statements in total (BENCH_QUERY_TIMES=1; call to result, includes waiting):\n${slowest.map((l) => `  ${l}`).join("\n")}`);
  }
  const verdict = burstVerdict(stats);
  console.log(`\ntarget (issue 21.1: segment TTFB p95 < ${TARGET.ttfbP95Ms} ms, max < ${TARGET.ttfbMaxMs} ms, answer-to-resume p95 < ${TARGET.resumeP95Ms} ms, 0 refused, no errors):`);
  for (const line of verdict.lines) console.log(`  ${line}`);
  console.log(`${verdict.pass ? "PASS" : "FAIL"} ${args.participants} participants over ${args.rampSec} s, ${deployment ? `cluster of ${args.cluster} on postgresql` : args.url ? "external server" : args.db}`);
  if (!args.keepDb) await dropScratchPg();
  if (!args.skipSegment) await runSegmentBench();
  process.exit(stats.errors.length ? 1 : 0);
}

main().catch((e: unknown) => {
  console.error(`bench-baseline: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
  process.exit(1);
});
