/**
 * Human-baseline load benchmark: N concurrent participants (default 50) stream a VCBench-style
 * session (8 query points) and answer, against a running server or, without one, against the
 * route handlers in-process. Prints segment TTFB p50/p95, answer-to-resume latency p50/p95
 * (answer POST → next stretch's first segment: POST (returns the new state) + playlist + init +
 * segment), and
 * server memory; then runs the segmenting benchmark (scripts/bench-segment.ts: a 10-minute
 * 1080p video cut at 8 points, vs real time).
 *
 *   npm run bench:baseline                                   in-process, scratch SQLite database
 *   npm run bench:baseline -- --url http://localhost:3000 [--server-pid PID]
 *        (DATABASE_URL and PLAYHEAD_DATA_DIR must be the server's: the study is set up directly
 *         in its database and data directory, participants then go through HTTP)
 *   options: --participants N  --speed S (playback time divided by S; default 20)  --skip-segment
 *            --db sqlite|sqlite-wal|postgresql (in-process: scratch database kind; sqlite-wal switches
 *            the scratch SQLite file to WAL journaling; postgresql needs PG_ADMIN_URL or the local server)
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

type Args = {
  url: string | null;
  participants: number;
  speed: number;
  skipSegment: boolean;
  serverPid: number | null;
  db: "sqlite" | "sqlite-wal" | "postgresql";
};

function parseArgs(argv: string[]): Args {
  const a: Args = { url: null, participants: 50, speed: 20, skipSegment: false, serverPid: null, db: "sqlite" };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const v = argv[i + 1];
    if (k === "--url") (a.url = v.replace(/\/+$/, "")), i++;
    else if (k === "--participants") (a.participants = Number(v)), i++;
    else if (k === "--speed") (a.speed = Number(v)), i++;
    else if (k === "--server-pid") (a.serverPid = Number(v)), i++;
    else if (k === "--skip-segment") a.skipSegment = true;
    else if (k === "--db" && (v === "sqlite" || v === "sqlite-wal" || v === "postgresql")) (a.db = v), i++;
    else throw new Error(`unknown option ${k}`);
  }
  return a;
}

type Res = { status: number; headers: Headers; text: string; ttfbMs: number };
type Req = { method?: string; cookie?: string; json?: unknown };
type Client = (path: string, req?: Req) => Promise<Res>;

function pct(values: number[], p: number): number {
  if (!values.length) return NaN;
  const s = [...values].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

function httpClient(base: string): Client {
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
  const { NextRequest } = await import("next/server");
  const routes: [RegExp, string, () => Promise<Record<string, unknown>>, string[]][] = [
    [/^\/api\/studies\/([^/]+)\/enter$/, "GET", () => import("@/app/api/studies/[studyId]/enter/route"), ["studyId"]],
    [/^\/api\/studies\/([^/]+)\/consent$/, "POST", () => import("@/app/api/studies/[studyId]/consent/route"), ["studyId"]],
    [/^\/api\/sessions\/([^/]+)\/claim$/, "POST", () => import("@/app/api/sessions/[id]/claim/route"), ["id"]],
    [/^\/api\/sessions\/([^/]+)\/playlist\.m3u8$/, "GET", () => import("@/app/api/sessions/[id]/playlist.m3u8/route"), ["id"]],
    [/^\/api\/sessions\/([^/]+)\/answers$/, "POST", () => import("@/app/api/sessions/[id]/answers/route"), ["id"]],
    [/^\/api\/sessions\/([^/]+)$/, "GET", () => import("@/app/api/sessions/[id]/route"), ["id"]],
    [/^\/api\/segments\/([^/]+)\/([^/]+)$/, "GET", () => import("@/app/api/segments/[sessionId]/[index]/route"), ["sessionId", "index"]],
  ];
  return async (p, req = {}) => {
    const url = new URL(p, "http://localhost:3000");
    const method = req.method ?? (req.json === undefined ? "GET" : "POST");
    for (const [re, m, load, names] of routes) {
      const match = re.exec(url.pathname);
      if (!match || m !== method) continue;
      const handler = (await load())[method] as (r: unknown, c: unknown) => Promise<Response>;
      const headers = new Headers();
      if (req.cookie) headers.set("cookie", req.cookie);
      if (req.json !== undefined) headers.set("content-type", "application/json");
      const request = new NextRequest(url, { method, headers, body: req.json === undefined ? undefined : JSON.stringify(req.json) });
      const params = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1])]));
      const t = performance.now();
      const res = await handler(request, { params: Promise.resolve(params) });
      const ttfbMs = performance.now() - t;
      return { status: res.status, headers: res.headers, text: await res.text(), ttfbMs };
    }
    throw new Error(`no route for ${method} ${url.pathname}`);
  };
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
    { projectId: project.id, name: `bench ${stamp}`, protocol: "STREAMING", settings: { participantsPerVideo: null, capPerParticipant: 1, enforceRealtime: false, segmentSeconds: 2 } },
    admin.id,
  );
  await setStudyItems(study.id, { items: [{ itemId: item.id, attentionCheck: false }] }, admin.id);
  await openStudy(study.id, admin.id);
  return { studyId: study.id, asks: frames.length };
}

type Stats = { ttfb: number[]; resume: number[]; errors: string[]; refused: number };

async function participant(client: Client, studyId: string, n: number, speed: number, stats: Stats): Promise<void> {
  const entered = await client(`/api/studies/${studyId}/enter?PROLIFIC_PID=BENCH${n}x${Date.now().toString(36)}`);
  const cookie = entered.headers.getSetCookie?.()[0]?.split(";")[0] ?? "";
  if (entered.status !== 303 || !cookie) throw new Error(`enter: ${entered.status} ${entered.text.slice(0, 200)}`);
  const consent = await client(`/api/studies/${studyId}/consent`, { method: "POST", cookie });
  const sessionId = JSON.parse(consent.text).sessionId as string;
  const tabId = `benchtab${n}aaaa`;
  let state = JSON.parse((await client(`/api/sessions/${sessionId}/claim`, { cookie, json: { tabId } })).text);
  let resumeStart: number | null = null;
  while (state.status === "ACTIVE" && state.streaming?.askIndex !== null) {
    const st = state.streaming;
    if (st.playlistUrl) {
      const pl = await client(st.playlistUrl, { cookie });
      const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(pl.text)?.[1];
      const uris = pl.text.split("\n").filter((l: string) => l.startsWith("/api/segments/"));
      if (init) await client(init, { cookie });
      for (const [i, uri] of uris.entries()) {
        const r = await client(uri, { cookie });
        if (r.status !== 200) stats.refused += 1;
        stats.ttfb.push(r.ttfbMs);
        if (i === 0 && resumeStart !== null) stats.resume.push(performance.now() - resumeStart);
      }
      await new Promise((r) => setTimeout(r, (st.stretch.durationSec * 1000) / speed));
    }
    resumeStart = performance.now();
    const a = await client(`/api/sessions/${sessionId}/answers`, { cookie, json: { askIndex: st.askIndex, tabId, version: state.version, answer: st.askIndex } });
    if (a.status !== 200) throw new Error(`answer ${st.askIndex}: ${a.status} ${a.text.slice(0, 200)}`);
    state = JSON.parse(a.text).state;
    if (!state.streaming?.playlistUrl) resumeStart = null;
  }
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

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (!args.url) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "playhead-bench-baseline-"));
    process.env.PLAYHEAD_DATA_DIR = path.join(dir, "data");
    process.env.NEXTAUTH_SECRET ||= "playhead-bench-secret";
    const { applyMigrations } = await import("@/lib/db/migrate");
    if (args.db === "postgresql") {
      const pg = (await import("pg")).default;
      const { pgAdminUrl } = await import("@/lib/db/scratch-database");
      const { pgConfigFromUrl } = await import("@/lib/db/database-url");
      const name = `playhead_bench_${Date.now().toString(36)}`;
      const admin = new pg.Client(pgConfigFromUrl(pgAdminUrl()));
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      await admin.end();
      const url = new URL(pgAdminUrl());
      url.pathname = `/${name}`;
      process.env.DATABASE_URL = url.toString();
      console.log(`scratch PostgreSQL database ${name} (drop it when done)`);
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
  console.log(`setting up a streaming study (${args.url ? `server ${args.url}` : `in-process route handlers, scratch ${args.db} database`})...`);
  const { studyId, asks } = await setUpStudy();
  const client = args.url ? httpClient(args.url) : await inProcessClient();
  const stats: Stats = { ttfb: [], resume: [], errors: [], refused: 0 };
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  const started = performance.now();
  const results = await Promise.allSettled(Array.from({ length: args.participants }, (_, i) => participant(client, studyId, i, args.speed, stats)));
  clearInterval(sampler);
  const wall = (performance.now() - started) / 1000;
  for (const r of results) if (r.status === "rejected") stats.errors.push(String((r.reason as Error)?.message ?? r.reason));
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(`\n${args.participants} participants × ${asks} query points in ${wall.toFixed(1)} s (playback ×${args.speed})`);
  console.log(`segment requests: ${stats.ttfb.length} (${stats.refused} refused)`);
  console.log(`segment TTFB        p50 ${ms(pct(stats.ttfb, 50))}  p95 ${ms(pct(stats.ttfb, 95))}  max ${ms(Math.max(...stats.ttfb))}`);
  console.log(`answer-to-resume    p50 ${ms(pct(stats.resume, 50))}  p95 ${ms(pct(stats.resume, 95))}  (n=${stats.resume.length})`);
  console.log(
    args.url
      ? `server memory       ${serverRss(args.serverPid)}`
      : `server memory       RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB (peak ${(peakRss / 2 ** 20).toFixed(0)} MiB, in-process: includes the simulated clients)`,
  );
  if (stats.errors.length) console.log(`errors (${stats.errors.length}): ${stats.errors.slice(0, 5).join(" | ")}`);
  if (!args.skipSegment) await runSegmentBench();
  process.exit(stats.errors.length ? 1 : 0);
}

main().catch((e: unknown) => {
  console.error(`bench-baseline: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
  process.exit(1);
});
