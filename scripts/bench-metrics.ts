/**
 * End-to-end performance check of the VCBench scorer on 1,000,000 query points.
 *
 *   npm run bench:metrics [-- --points N] [--runs R] [--keep]
 *
 * 1. writes a synthetic, deterministic truth file (vcbench_data.jsonl format, subtype mix
 *    and record shape like the real file) and a unified prediction file covering every
 *    query point (about 1 % invalid answers) into a temporary directory;
 * 2. bundles `scripts/score.ts` once with esbuild (`score:build`);
 * 3. runs `node <bundle> --benchmark vcbench ... --per-question <file> --json --timings`
 *    (pinned to one CPU with `taskset` when available) as a child
 *    process R times (default 5; read, parse, score, write per-question results) and
 *    reports each run's wall time, CPU time, peak resident memory (from
 *    `/usr/bin/time -v` when available, otherwise by polling VmHWM in /proc/<pid>/status)
 *    and the scorer's own phase times, then the best and median wall time and the largest
 *    peak RSS. The machine's load average is printed too: on a shared machine wall times are
 *    only meaningful when it is low (and vary by 20 % or more from minute to minute there).
 * Figures only; nothing is asserted. Reference figures quoted by the project brief for
 * `compute_metrics.py` on such a file: about 9.5 s and 335 MB; the target is < 0.95 s and
 * < 167 MB on one core.
 */
import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { buildScoreBundle } from "./score-build";

const args = process.argv.slice(2);
const pointsArg = args.indexOf("--points");
const TOTAL_POINTS = pointsArg >= 0 ? Number(args[pointsArg + 1]) : 1_000_000;
const KEEP = args.includes("--keep");
const runsArg = args.indexOf("--runs");
const RUNS = runsArg >= 0 ? Math.max(1, Number(args[runsArg + 1])) : 5;

/** Deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Subtype mix of the real file (questions per 1,000).
const MIX: Array<[string, string, number, string]> = [
  ["O1-Snap", "O1", 81, "How many chairs are visible at this moment?"],
  ["O1-Delta", "O1", 98, "How many plants have appeared in the past 4 seconds?"],
  ["O2-Unique", "O2", 289, "How many different chairs have appeared so far?"],
  ["O2-Gain", "O2", 78, "How many chairs that have never appeared before have appeared in the past 3.0 seconds?"],
  ["E1-Action", "E1", 203, "How many times has the protagonist passed through a door so far?"],
  ["E1-Transit", "E1", 48, "How many scene transitions have occurred so far?"],
  ["E2-Periodic", "E2", 56, "How many complete cycles of the action have been completed so far?"],
  ["E2-Episode", "E2", 147, "How many complete cooking episodes have been finished so far?"],
];
const CUM: number[] = [];
MIX.reduce((s, m) => (CUM.push(s + m[2]), s + m[2]), 0);

const r1 = (x: number) => Math.round(x * 10) / 10;

function generate(dir: string): { truth: string; preds: string; questions: number } {
  const truthPath = join(dir, "vcbench_data.jsonl");
  const predsPath = join(dir, "preds_unified.jsonl");
  const ft = openSync(truthPath, "w");
  const fp = openSync(predsPath, "w");
  const rand = rng(20240611);
  let tBuf = "";
  let pBuf = "";
  let points = 0;
  let q = 0;
  while (points < TOTAL_POINTS) {
    const pick = rand() * 1000;
    const m = MIX[CUM.findIndex((c) => pick < c)];
    const [subtype, type, , question] = m;
    let n = subtype === "O1-Delta" || subtype === "O2-Gain" ? 1 : 3 + Math.floor(rand() * 6);
    n = Math.min(n, TOTAL_POINTS - points);
    const duration = 30 + rand() * 600;
    const times: number[] = [];
    for (let i = 0; i < n; i++) times.push(r1(((i + 0.5 + rand() * 0.4) * duration) / n));
    let occ: unknown;
    const counts: number[] = [];
    if (subtype === "O1-Snap") {
      occ = times;
      for (let i = 0; i < n; i++) counts.push(Math.floor(rand() * 6));
    } else if (subtype === "O1-Delta" || subtype === "O2-Gain") {
      const end = Math.round(times[0]);
      occ = { start: [Math.max(0, end - 2 - Math.floor(rand() * 4))], end: [end] };
      times[0] = end;
      counts.push(1 + Math.floor(rand() * 3));
    } else {
      const k = 2 + Math.floor(rand() * 16);
      const moments: number[] = [];
      for (let i = 0; i < k; i++) moments.push(r1(rand() * duration));
      moments.sort((a, b) => a - b);
      if (subtype.startsWith("E2")) {
        occ = { start: moments.map((t) => r1(Math.max(0, t - 3))), end: moments };
      } else occ = moments;
      for (const t of times) counts.push(moments.filter((x) => x <= t).length);
    }
    const id = String(q).padStart(7, "0");
    tBuf +=
      JSON.stringify({
        id,
        source_dataset: "RoomTour3D",
        video_path: `video_${(q * 7919) % 100003}.mp4`,
        question,
        counting_type: type,
        counting_subtype: subtype,
        occurrence_times: occ,
        query_points: { time: times, count: counts },
      }) + "\n";
    const preds = counts.map((c) => {
      const u = rand();
      if (u < 0.01) return null;
      if (u < 0.5) return c;
      return Math.max(0, c + Math.round((rand() - 0.5) * 6));
    });
    pBuf += JSON.stringify({ id, query_times: times, predictions: preds, gts: counts }) + "\n";
    if (tBuf.length > 1 << 20) { writeSync(ft, tBuf); tBuf = ""; }
    if (pBuf.length > 1 << 20) { writeSync(fp, pBuf); pBuf = ""; }
    points += n;
    q += 1;
  }
  writeSync(ft, tBuf);
  writeSync(fp, pBuf);
  closeSync(ft);
  closeSync(fp);
  return { truth: truthPath, preds: predsPath, questions: q };
}

type Run = { wallMs: number; cpuMs: number | null; peakRssKb: number | null; code: number | null; stdout: string; stderr: string; method: string };

function runWithGnuTime(cmd: string[]): Run {
  const t0 = performance.now();
  const r = spawnSync("/usr/bin/time", ["-v", ...cmd], { encoding: "utf8", maxBuffer: 1 << 28 });
  const wallMs = performance.now() - t0;
  const m = /Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr ?? "");
  const e = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/.exec(r.stderr ?? "");
  const elapsed = e ? (e[1] !== undefined ? (Number(e[1]) * 60 + Number(e[2])) * 60 + Number(e[3]) : Number(e[2]) * 60 + Number(e[3])) * 1000 : wallMs;
  const u = /User time \(seconds\): ([\d.]+)/.exec(r.stderr ?? "");
  const sy = /System time \(seconds\): ([\d.]+)/.exec(r.stderr ?? "");
  const cpuMs = u && sy ? (Number(u[1]) + Number(sy[1])) * 1000 : null;
  return { wallMs: elapsed, cpuMs, peakRssKb: m ? Number(m[1]) : null, code: r.status, stdout: r.stdout ?? "", stderr: r.stderr ?? "", method: "/usr/bin/time -v" };
}

async function runWithPolling(cmd: string[]): Promise<Run> {
  const t0 = performance.now();
  const child = spawn(cmd[0], cmd.slice(1), { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  let peak: number | null = null;
  const poll = setInterval(() => {
    try {
      const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"));
      if (m) peak = Math.max(peak ?? 0, Number(m[1]));
    } catch {
      /* process gone */
    }
  }, 5);
  const code: number | null = await new Promise((res) => child.on("close", (c) => res(c)));
  clearInterval(poll);
  return { wallMs: performance.now() - t0, cpuMs: null, peakRssKb: peak, code, stdout, stderr, method: "polling /proc/<pid>/status VmHWM (lower bound)" };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "playhead-bench-"));
  try {
    const g0 = performance.now();
    const files = generate(dir);
    const mb = (p: string) => (statSync(p).size / 1e6).toFixed(1);
    process.stdout.write(
      `generated ${TOTAL_POINTS.toLocaleString("en")} query points in ${files.questions.toLocaleString("en")} questions ` +
        `(truth ${mb(files.truth)} MB, predictions ${mb(files.preds)} MB) in ${((performance.now() - g0) / 1000).toFixed(1)} s\n`,
    );
    const bundle = await buildScoreBundle(join(dir, "score.mjs"));
    const perQuestion = join(dir, "per_question.jsonl");
    // "On one core": the scorer (and V8's helper threads) pinned to one CPU when taskset exists.
    const pin = existsSync("/usr/bin/taskset") ? ["/usr/bin/taskset", "-c", String(cpus().length - 1)] : [];
    if (pin.length) process.stdout.write(`scorer pinned to CPU ${cpus().length - 1} (taskset)\n`);
    const cmd = [...pin, process.execPath, bundle, "--benchmark", "vcbench", "--truth", files.truth, "--preds", files.preds, "--per-question", perQuestion, "--json", "--timings"];
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = existsSync("/usr/bin/time") ? runWithGnuTime(cmd) : await runWithPolling(cmd);
      if (run.code !== 0) {
        process.stderr.write(`scorer failed (exit ${run.code}):\n${run.stderr.slice(0, 2000)}\n`);
        process.exitCode = 1;
        return;
      }
      runs.push(run);
      process.stdout.write(
        `run ${i + 1}: wall ${(run.wallMs / 1000).toFixed(3)} s, cpu ${run.cpuMs !== null ? (run.cpuMs / 1000).toFixed(3) + " s" : "n/a"}, ` +
          `peak RSS ${run.peakRssKb !== null ? (run.peakRssKb / 1024).toFixed(1) + " MB" : "unknown"} (load average ${loadavg()[0].toFixed(2)} on ${cpus().length} CPUs)\n` +
          `       ${/^timings: .*$/m.exec(run.stderr)?.[0] ?? "timings: not reported"}\n`,
      );
    }
    const walls = runs.map((r) => r.wallMs).sort((a, b) => a - b);
    const best = walls[0];
    const median = walls[Math.floor((walls.length - 1) / 2)];
    const peaks = runs.map((r) => r.peakRssKb).filter((x): x is number => x !== null);
    const out = JSON.parse(runs[0].stdout.trim().split("\n").pop() ?? "{}") as { overall?: Record<string, unknown> };
    const perQuestionLines = readFileSync(perQuestion, "utf8").split("\n").filter(Boolean).length;
    process.stdout.write(
      `scorer (node ${bundle.split("/").pop()}, one process${pin.length ? " on one CPU" : ""}, best of ${RUNS}): wall ${(best / 1000).toFixed(3)} s (median ${(median / 1000).toFixed(3)} s), ` +
        `peak RSS ${peaks.length ? (Math.max(...peaks) / 1024).toFixed(1) + " MB" : "unknown"} [${runs[0].method}]\n` +
        `per-question results: ${perQuestionLines.toLocaleString("en")} lines written to ${KEEP ? perQuestion : "a temporary file"}\n` +
        `overall: ${JSON.stringify(out.overall)}\n` +
        `targets: wall < 0.95 s, peak RSS < 167 MB (reference compute_metrics.py: ~9.5 s, ~335 MB)\n`,
    );
    if (KEEP) process.stdout.write(`files kept in ${dir}\n`);
  } finally {
    if (!KEEP) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
