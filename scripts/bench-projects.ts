/**
 * End-to-end benchmark of projects, runs and leaderboards on the real annotation files.
 *
 *   npm run --silent bench:projects [-- --providers sqlite,postgresql] [--runs 50] [--json]
 *
 * For each database provider (a scratch database via lib/db/scratch-database.ts, migrated with
 * lib/db/migrate.ts; PostgreSQL on PG_ADMIN_URL, default postgresql://postgres@127.0.0.1:5432)
 * a child process, bound to that database:
 * 1. imports the full VCBench (`vcbench_data.jsonl`), TOC-Bench (`answer_final.json`) and
 *    EC-Bench (`dataset.csv`) files from ../shared/datasets with lib/benchmarks/import-project.ts
 *    (target < 5 s each);
 * 2. generates a full-size synthetic model run for each (seeded: right with some probability,
 *    else a nearby/wrong answer) and uploads it through the API route handler
 *    (POST /api/projects/[projectId]/runs, called in process with an API token) — the
 *    handler's time is the server time (target < 1 s; the first call, which loads and compiles
 *    the code, is reported separately);
 * 3. adds runs up to `--runs` (default 50) per project and times the leaderboard route handler
 *    (GET /api/projects/[projectId]/leaderboard; target < 500 ms), plus the same with ?ci=1.
 * Skips cleanly, with a message, when the dataset files are absent.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { csvText } from "@/lib/csv/write-csv";
import { createRng } from "@/lib/metrics/bootstrap";
import type { TruthItem } from "@/lib/runs/types";
import { runBenchChild, writeBenchFigures } from "./bench/bench-child";

const ROOT = process.cwd();
const DATASETS = path.resolve(process.env.PLAYHEAD_DATASETS ?? path.join(ROOT, "..", "shared", "datasets"));
const FILES = {
  VCBENCH: path.join(DATASETS, "vcbench", "vcbench_data.jsonl"),
  TOCBENCH: path.join(DATASETS, "toc-bench", "answer_final.json"),
  ECBENCH: path.join(DATASETS, "ec-bench", "dataset.csv"),
} as const;
type Kind = keyof typeof FILES;

type ProjectFigures = {
  kind: Kind;
  items: number;
  importMs: number;
  /** The import's consistency report: warning count per code. */
  warnings: Record<string, number>;
  uploadColdMs: number;
  uploadWarmMs: number[];
  uploadPhases: Record<string, number>;
  runs: number;
  leaderboardColdMs: number;
  leaderboardMs: number[];
  leaderboardCiMs: number;
  primary: string;
  primaryValue: number | null;
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};

// ───────────────────────────── child: one database ─────────────────────────────

async function child(runsPerProject: number): Promise<void> {
  const { NextRequest } = await import("next/server");
  const { db } = await import("@/lib/db/prisma");
  const { importBenchmarkFile } = await import("@/lib/benchmarks/import-project");
  const { hashSecretToken, newSecretToken, tokenDisplayPrefix } = await import("@/lib/auth/secret-token");
  const { POST: upload } = await import("@/app/api/projects/[projectId]/runs/route");
  const { GET: leaderboard } = await import("@/app/api/projects/[projectId]/leaderboard/route");
  const { uploadRun } = await import("@/lib/runs/score-run");
  const { loadTruthIndex } = await import("@/lib/runs/truth-index");

  const admin = await db.user.create({ data: { email: "bench@example.org", name: "Bench", role: "ADMIN" } });
  const token = newSecretToken("ph_");
  await db.apiToken.create({ data: { userId: admin.id, name: "bench", tokenHash: hashSecretToken(token), prefix: tokenDisplayPrefix(token) } });

  const call = async (handler: (r: InstanceType<typeof NextRequest>, c: { params: Promise<{ projectId: string }> }) => Promise<Response>, url: string, projectId: string, init: RequestInit = {}) => {
    const req = new NextRequest(new URL(url, "http://localhost:3000"), { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) } } as never);
    const t0 = performance.now();
    const res = await handler(req, { params: Promise.resolve({ projectId }) });
    const body = await res.text();
    const ms = performance.now() - t0;
    if (!res.ok) throw new Error(`${init.method ?? "GET"} ${url}: HTTP ${res.status} ${body.slice(0, 300)}`);
    return { ms, body };
  };

  const out: ProjectFigures[] = [];
  for (const kind of Object.keys(FILES) as Kind[]) {
    const file = FILES[kind];
    if (!existsSync(file)) {
      process.stderr.write(`[bench] ${kind}: ${file} is absent; skipped\n`);
      continue;
    }
    const t0 = performance.now();
    const imported = await importBenchmarkFile({ kind, file, projectName: `bench ${kind}`, actorId: admin.id });
    const importMs = performance.now() - t0;
    if (imported.errors.length) throw new Error(`${kind} import failed: ${imported.errors[0].message}`);
    const project = await db.project.findUniqueOrThrow({ where: { name: `bench ${kind}` } });
    const truth = await loadTruthIndex(project.id, kind);
    const uploadOnce = async (seed: number, name: string) => {
      const pred = syntheticPredictions(kind, truth.items, seed);
      const q = new URLSearchParams({ name });
      const r = await call(upload, `/api/projects/${project.id}/runs?${q}`, project.id, {
        method: "POST",
        body: pred.text,
        headers: { "content-type": "application/octet-stream", "x-file-name": pred.fileName },
      });
      return { ms: r.ms, json: JSON.parse(r.body) as { timings: Record<string, number>; aggregates: { table: Record<string, number | null> } } };
    };
    const cold = await uploadOnce(1, "synthetic model 1");
    const warm: { ms: number; json: { timings: Record<string, number>; aggregates: { table: Record<string, number | null> } } }[] = [];
    for (let s = 2; s <= 4; s++) warm.push(await uploadOnce(s, `synthetic model ${s}`));
    for (let s = 5; s <= runsPerProject; s++) {
      const pred = syntheticPredictions(kind, truth.items, s);
      await uploadRun({ project: project.id, name: `synthetic model ${s}`, text: pred.text, fileName: pred.fileName, actorId: admin.id });
    }
    const runs = await db.modelRun.count({ where: { projectId: project.id } });
    const lbCold = await call(leaderboard, `/api/projects/${project.id}/leaderboard`, project.id);
    const lbTimes: number[] = [];
    for (let i = 0; i < 7; i++) lbTimes.push((await call(leaderboard, `/api/projects/${project.id}/leaderboard`, project.id)).ms);
    const ci = await call(leaderboard, `/api/projects/${project.id}/leaderboard?ci=1`, project.id);
    const lb = JSON.parse(lbCold.body) as { primary: string; rows: { name: string; values: Record<string, number | null> }[] };
    const phases: Record<string, number> = {};
    for (const k of Object.keys(warm[0].json.timings)) phases[k] = median(warm.map((w) => w.json.timings[k]));
    out.push({
      kind,
      items: imported.items,
      importMs,
      warnings: imported.warnings.reduce<Record<string, number>>((acc, w) => ({ ...acc, [w.code]: (acc[w.code] ?? 0) + 1 }), {}),
      uploadColdMs: cold.ms,
      uploadWarmMs: warm.map((w) => w.ms),
      uploadPhases: phases,
      runs,
      leaderboardColdMs: lbCold.ms,
      leaderboardMs: lbTimes,
      leaderboardCiMs: ci.ms,
      primary: lb.primary,
      primaryValue: lb.rows.find((r) => r.name === "synthetic model 1")?.values[lb.primary] ?? null,
    });
  }
  writeBenchFigures(out);
  await db.$disconnect();
}

// ───────────────────────────── synthetic predictions ─────────────────────────────

/**
 * Synthetic full-size model predictions in each benchmark's native format, generated from the
 * truth with a seeded generator (lib/metrics bootstrap's mulberry32): 30-50 % of answers right
 * (depending on the seed), the rest near misses.
 */
function syntheticPredictions(kind: "VCBENCH" | "TOCBENCH" | "ECBENCH", items: readonly TruthItem[], seed: number): { text: string; fileName: string } {
  const rng = createRng(seed);
  const p = 0.3 + 0.2 * ((seed % 7) / 6);
  if (kind === "VCBENCH") {
    const lines = items.map((it) => {
      const counts = Array.isArray(it.answer) ? (it.answer as number[]) : [];
      const predictions = counts.map((c) => (rng.nextFloat() < p ? c : Math.max(0, c + rng.nextInt(5) - 2)));
      return JSON.stringify({ id: it.externalId, query_times: it.queryPoints.map((q) => q.timeSec), predictions });
    });
    return { text: lines.join("\n") + "\n", fileName: `vcbench_preds_${seed}.jsonl` };
  }
  if (kind === "TOCBENCH") {
    const letters = ["A", "B", "C", "D"];
    const lines = items.map((it) => {
      let answer: unknown;
      const right = rng.nextFloat() < p;
      if (it.format.startsWith("ordering")) {
        const order = Array.isArray(it.answer) ? [...(it.answer as string[])] : [];
        if (!right) for (let i = order.length - 1; i > 0; i--) { const j = rng.nextInt(i + 1); [order[i], order[j]] = [order[j], order[i]]; }
        answer = order;
      } else if (it.format === "numerical") answer = right ? it.answer : ["2", "3", "4", "5 or more"][rng.nextInt(4)];
      else if (it.format === "sp") answer = right ? it.answer : letters[rng.nextInt(2)];
      else answer = right ? it.answer : letters[rng.nextInt(4)];
      return JSON.stringify({ qa_id: it.externalId, model: `synthetic-${seed}`, format: it.format, extracted_answer: answer });
    });
    return { text: lines.join("\n") + "\n", fileName: `toc_preds_${seed}.jsonl` };
  }
  const hms = (t: number) => `${Math.floor(t / 3600)}:${String(Math.floor((t % 3600) / 60)).padStart(2, "0")}:${String(Math.floor(t % 60)).padStart(2, "0")}`;
  const rows: string[][] = [["question_id", "video_id", "model_A", "model_clips"]];
  for (const it of items) {
    const truth = typeof it.answer === "string" ? it.answer : String(it.answer ?? "");
    let answer = truth;
    if (rng.nextFloat() >= p) {
      if (it.format === "counting") answer = String(Math.max(0, (Number.parseInt(truth, 10) || 0) + rng.nextInt(5) - 2));
      else answer = truth.split(",").slice(0, Math.max(1, rng.nextInt(3))).join(",");
    }
    const clips = it.spans.map(([s, e]) => `[${hms(Math.max(0, s - rng.nextInt(10)))},${hms(e + rng.nextInt(10))}]`).join(", ");
    rows.push([it.externalId, it.videoRef, answer, clips]);
  }
  return { text: csvText(rows), fileName: `ec_preds_${seed}.csv` };
}

// ───────────────────────────── parent ─────────────────────────────

function runChild(url: string, dataDir: string, runs: number): Promise<ProjectFigures[]> {
  return runBenchChild<ProjectFigures[]>("bench-projects.ts", ["--runs", String(runs)], { DATABASE_URL: url, PLAYHEAD_DATA_DIR: dataDir });
}

function report(provider: string, figures: ProjectFigures[]): string {
  const f = (ms: number) => `${ms.toFixed(0)} ms`;
  const lines = [`── ${provider} ──`];
  for (const p of figures) {
    const warm = median(p.uploadWarmMs);
    const lb = median(p.leaderboardMs);
    lines.push(
      `${p.kind.padEnd(9)} ${String(p.items).padStart(5)} items | import ${f(p.importMs).padStart(8)} ${p.importMs < 5000 ? "ok" : "SLOW"} (< 5 s)` +
        ` | upload+score via API: first ${f(p.uploadColdMs)}, then median ${f(warm)} ${warm < 1000 ? "ok" : "SLOW"} (< 1 s; load ${f(p.uploadPhases.load)}, parse ${f(p.uploadPhases.parse)}, score ${f(p.uploadPhases.score)}, write ${f(p.uploadPhases.write)})` +
        ` | leaderboard ${p.runs} runs: median ${f(lb)} ${lb < 500 ? "ok" : "SLOW"} (< 500 ms; first ${f(p.leaderboardColdMs)}), with ?ci=1 ${f(p.leaderboardCiMs)}` +
        ` | ${p.primary} of run 1 = ${p.primaryValue === null ? "-" : p.primaryValue.toFixed(1)}`,
    );
    const w = Object.entries(p.warnings ?? {}).sort((a, b) => b[1] - a[1]);
    lines.push(`${"".padEnd(9)} consistency report: ${w.reduce((n, [, c]) => n + c, 0)} warnings${w.length ? ` (${w.map(([code, c]) => `${code} ${c}`).join(", ")})` : ""}`);
  }
  return lines.join("\n");
}

async function parent(providers: string[], runs: number, json: boolean): Promise<number> {
  const present = (Object.keys(FILES) as Kind[]).filter((k) => existsSync(FILES[k]));
  if (present.length === 0) {
    process.stdout.write(`bench:projects skipped: none of the dataset files is present under ${DATASETS} (set PLAYHEAD_DATASETS to their folder).\n`);
    return 0;
  }
  const { withScratchDatabase } = await import("@/lib/db/scratch-database");
  const { applyMigrations } = await import("@/lib/db/migrate");
  const results: Record<string, ProjectFigures[] | { skipped: string }> = {};
  for (const provider of providers) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "playhead-bench-projects-"));
    try {
      results[provider] = await withScratchDatabase(provider as "sqlite" | "postgresql", async (target) => {
        const t0 = performance.now();
        await applyMigrations(target);
        process.stderr.write(`[bench] ${provider}: migrated a scratch database in ${(performance.now() - t0).toFixed(0)} ms\n`);
        return runChild(target.url, dataDir, runs);
      });
    } catch (error) {
      const message = (error as Error).message;
      if (provider === "postgresql" && /ECONNREFUSED|connect|password|does not exist/i.test(message)) {
        results[provider] = { skipped: `PostgreSQL unavailable (${message.split("\n")[0]})` };
      } else throw error;
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    const r = results[provider];
    if (!json) process.stdout.write(("skipped" in r ? `── ${provider} ── skipped: ${r.skipped}` : report(provider, r)) + "\n");
  }
  if (json) process.stdout.write(JSON.stringify(results) + "\n");
  return 0;
}

const { values } = parseArgs({
  options: { child: { type: "boolean" }, providers: { type: "string" }, runs: { type: "string" }, json: { type: "boolean" } },
  strict: true,
});
const runs = Math.max(4, Number(values.runs ?? 50) || 50);
if (values.child) await child(runs);
else process.exitCode = await parent((values.providers ?? "sqlite,postgresql").split(",").map((s) => s.trim()).filter(Boolean), runs, values.json === true);

export {};
