/**
 * `npm run bench:annotate -- --part autosave`: the autosave round trip under load. N annotators
 * (default 50) each hold a VCBench E1 task on a generated demo video in a scratch SQLite database
 * (the app's settings: WAL, synchronous NORMAL); the route handlers run in a separate server process
 * (scripts/bench/annotation-server.ts) and every annotator autosaves over HTTP what the workspace
 * sends: the whole document with one more mark each time, based on the version the previous save
 * returned, every ~1 s (the workspace's debounce; uniform 600-1400 ms, first saves spread over 1 s).
 * Prints the PUT round trip p50 / p95 / max, saves per second and refusals (any non-200 fails
 * the run). Options: --annotators N  --saves N (per annotator, default 30)  --lockstep (no pause
 * between saves: a worst case, not a person).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export type AutosaveOptions = { annotators: number; saves: number; lockstep: boolean };

const pct = (values: number[], p: number) => {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

async function startServer(env: NodeJS.ProcessEnv): Promise<{ url: string; stop: () => void }> {
  // Its own process group, so stopping it stops npx's children too.
  const child = spawn("npx", ["tsx", "--conditions=react-server", "scripts/bench/annotation-server.ts"], { env, stdio: ["ignore", "pipe", "inherit"], detached: true });
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on("exit", (code) => reject(new Error(`bench server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => {
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        child.kill("SIGTERM");
      }
    },
  };
}

export async function runAutosaveBench(o: AutosaveOptions): Promise<{ p95: number }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "playhead-bench-annotate-"));
  process.env.PLAYHEAD_DATA_DIR = path.join(dir, "data");
  process.env.DATABASE_URL = `file:${path.join(dir, "bench.db")}`;
  process.env.NEXTAUTH_SECRET ||= "playhead-bench-secret";
  const { applyMigrations } = await import("@/lib/db/migrate");
  await applyMigrations({ provider: "sqlite", url: process.env.DATABASE_URL });
  const { db } = await import("@/lib/db/prisma");
  const { generateInto, miniDemoSpec } = await import("@/lib/video/video-test-fixtures");
  const { ingestVideo } = await import("@/lib/video-library/ingest-video");
  const { encode } = await import("next-auth/jwt");
  const { sessionCookieName } = await import("@/lib/auth/session-cookie");
  const { env } = await import("@/lib/config/env");

  console.log(`autosave: setting up ${o.annotators} annotators with a VCBench E1 task each (scratch SQLite, WAL)...`);
  const file = await generateInto(dir, miniDemoSpec("cfr30", 300));
  const video = (await ingestVideo({ file, mode: "copy" }, { displayName: "bench.mp4", via: "import" })).video;
  const project = await db.project.create({ data: { name: "Bench annotate", slug: "bench-annotate", benchmark: "VCBENCH", settings: {} } });
  const people: { cookie: string; taskId: string }[] = [];
  for (let i = 0; i < o.annotators; i++) {
    const user = await db.user.create({ data: { email: `bench-annotator-${i}@example.org`, name: `Annotator ${i}`, role: "ANNOTATOR" } });
    await db.projectMember.create({ data: { projectId: project.id, userId: user.id, role: "ANNOTATOR" } });
    const item = await db.item.create({
      data: { projectId: project.id, externalId: `q${i}`, ordinal: i, format: "count", question: "How many times?", presentation: {}, labels: { subtype: "E1-Action" }, videoRef: "bench.mp4", videoId: video.id },
    });
    const task = await db.task.create({ data: { projectId: project.id, itemId: item.id, userId: user.id, kind: "ANNOTATE", mode: "blank" } });
    const jwt = await encode({ token: { sub: user.id, id: user.id, role: "ANNOTATOR", sv: 0 }, secret: env().authSecret, maxAge: 3600 });
    people.push({ cookie: `${sessionCookieName()}=${jwt}`, taskId: task.id });
  }
  await db.$disconnect();
  const server = await startServer({ ...process.env });
  const latencies: number[] = [];
  const failures: string[] = [];
  const frames = video.frameCount;
  const fps = frames / video.durationSec;
  try {
    const opened = await Promise.all(
      people.map(async (p) => {
        const r = await fetch(`${server.url}/api/annotate/tasks/${p.taskId}`, { headers: { cookie: p.cookie } });
        if (r.status !== 200) throw new Error(`open task: ${r.status} ${await r.text()}`);
        const payload = (await r.json()) as { annotation: { id: string; version: number; data: Record<string, unknown> } };
        return payload.annotation;
      }),
    );
    const ptsTimes = await (async () => {
      const { readVideoPts } = await import("@/lib/video-library/video-files");
      const { videoTimingOf } = await import("@/lib/annotation/video-timing");
      return videoTimingOf(await readVideoPts(video, "playback"));
    })();
    const stats = async () => (await (await fetch(`${server.url}/__bench/stats`)).json()) as { rss: number; cpuMs: number };
    const before = await stats();
    const started = performance.now();
    await Promise.all(
      people.map(async (p, i) => {
        const a = opened[i];
        let version = a.version;
        const moments: unknown[] = [];
        if (!o.lockstep) await sleep(Math.random() * 1000);
        for (let s = 0; s < o.saves; s++) {
          const frame = (i * 7 + s * 13) % frames;
          moments.push({ id: `m${s}`, at: { frame, sec: ptsTimes.secOfFrame(frame) }, label: "", comment: "" });
          const body = JSON.stringify({ baseVersion: version, clientSaveId: `bench-${i}-${s}-${Date.now()}`, data: { ...a.data, moments } });
          const t0 = performance.now();
          const r = await fetch(`${server.url}/api/annotations/${a.id}`, { method: "PUT", headers: { cookie: p.cookie, "content-type": "application/json" }, body });
          const text = await r.text();
          latencies.push(performance.now() - t0);
          if (r.status !== 200) {
            failures.push(`${r.status} ${text.slice(0, 200)}`);
            break;
          }
          version = (JSON.parse(text) as { version: number }).version;
          if (!o.lockstep) await sleep(600 + Math.random() * 800);
        }
      }),
    );
    const wall = (performance.now() - started) / 1000;
    const after = await stats();
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    console.log(`autosave: ${o.annotators} concurrent annotators × ${o.saves} saves (${o.lockstep ? "LOCKSTEP: no pause between saves, worst case" : "one save every 0.6-1.4 s each, the workspace's debounce"}), ${fps.toFixed(0)} fps video of ${frames} frames`);
    console.log(`autosave round trip (PUT /api/annotations/:id, HTTP to a separate server process, SQLite WAL):`);
    console.log(`  p50 ${ms(pct(latencies, 50))}  p95 ${ms(pct(latencies, 95))}  max ${ms(Math.max(...latencies))}  n=${latencies.length}  ${(latencies.length / wall).toFixed(1)} saves/s`);
    console.log(`  server CPU ${((after.cpuMs - before.cpuMs) / latencies.length).toFixed(1)} ms per save (${(((after.cpuMs - before.cpuMs) / 1000 / wall) * 100).toFixed(0)}% of one core); server RSS ${(after.rss / 2 ** 20).toFixed(0)} MiB; machine load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores (other processes share them)`);
    console.log(`  target p95 < 100 ms: ${pct(latencies, 95) < 100 ? "met" : "NOT met"}; refused saves: ${failures.length}`);
    if (failures.length) {
      console.log(`  first refusal: ${failures[0]}`);
      process.exitCode = 1;
    }
    return { p95: pct(latencies, 95) };
  } finally {
    server.stop();
    setTimeout(() => rmSync(dir, { recursive: true, force: true }), 500).unref();
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
