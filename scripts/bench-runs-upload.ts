/**
 * Server-side figure for the VCBench reader: a 1,000,000-point VCBench run uploaded through the
 * runs API.
 *
 *   npm run --silent bench:runs-upload [-- --points N] [--providers sqlite,postgresql] [--uploads 2]
 *
 * For each database provider (a scratch database, migrated) a child process bound to it:
 * 1. writes the synthetic truth and unified prediction files of `npm run bench:metrics`
 *    (scripts/bench/vcbench-synthetic.ts; 1 M query points in about 212,500 questions) and
 *    imports the truth as a VCBench project (lib/benchmarks/import-project.ts; timed, not a
 *    target);
 * 2. uploads the prediction file through the route handler (POST /api/projects/[projectId]/runs,
 *    called in process with an API token) `--uploads` times (default 2: the first loads and
 *    compiles the code); the handler answers once the run is parsed, scored and stored, so its
 *    time is the time to scored;
 * 3. reports each upload's time, the handler's phase timings (load truth, parse, score, write)
 *    and the process's peak resident memory before the first upload (after the import) and
 *    after the uploads, and the run's overall GPA against the command-line scorer's on the
 *    same files (they must agree).
 * Figures only; nothing is asserted. The machine's load average is printed: on a shared machine
 * times are only meaningful when it is low.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { runBenchChild, writeBenchFigures } from "./bench/bench-child";


type Figures = {
  points: number;
  questions: number;
  predictionBytes: number;
  importMs: number;
  uploads: { ms: number; timings: Record<string, number>; problems: number }[];
  peakRssAfterImportMb: number;
  peakRssAfterUploadsMb: number;
  serverGpa: number | null;
  cliGpa: number | null;
};

async function child(points: number, uploads: number): Promise<void> {
  const { generateVcbenchFiles } = await import("./bench/vcbench-synthetic");
  const { NextRequest } = await import("next/server");
  const { db } = await import("@/lib/db/prisma");
  const { importBenchmarkFile } = await import("@/lib/benchmarks/import-project");
  const { hashSecretToken, newSecretToken, tokenDisplayPrefix } = await import("@/lib/auth/secret-token");
  const { POST: upload } = await import("@/app/api/projects/[projectId]/runs/route");
  const { runScore } = await import("@/lib/score-cli/dispatch");

  const dir = mkdtempSync(path.join(os.tmpdir(), "playhead-bench-runs-"));
  try {
    const files = generateVcbenchFiles(dir, points);
    const admin = await db.user.create({ data: { email: "bench@example.org", name: "Bench", role: "ADMIN" } });
    const token = newSecretToken("ph_");
    await db.apiToken.create({ data: { userId: admin.id, name: "bench", tokenHash: hashSecretToken(token), prefix: tokenDisplayPrefix(token) } });
    const t0 = performance.now();
    const imported = await importBenchmarkFile({ kind: "VCBENCH", file: files.truth, projectName: "bench runs upload", actorId: admin.id });
    const importMs = performance.now() - t0;
    if (imported.errors.length) throw new Error(`import failed: ${imported.errors[0].message}`);
    const project = await db.project.findUniqueOrThrow({ where: { name: "bench runs upload" } });
    const peakAfterImport = process.resourceUsage().maxRSS / 1024;

    const body = readFileSync(files.preds);
    const out: Figures["uploads"] = [];
    let serverGpa: number | null = null;
    for (let i = 1; i <= uploads; i++) {
      const req = new NextRequest(new URL(`/api/projects/${project.id}/runs?name=${encodeURIComponent(`bench run ${i}`)}`, "http://localhost:3000"), {
        method: "POST",
        body,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream", "x-file-name": "preds_unified.jsonl" },
      } as never);
      const u0 = performance.now();
      const res = await upload(req, { params: Promise.resolve({ projectId: project.id }) });
      const text = await res.text();
      const ms = performance.now() - u0;
      if (!res.ok) throw new Error(`upload ${i}: HTTP ${res.status} ${text.slice(0, 300)}`);
      const json = JSON.parse(text) as { timings: Record<string, number>; aggregates: { problem_counts?: Record<string, number>; metrics?: { overall?: Record<string, number | null> } } };
      const problems = Object.values(json.aggregates.problem_counts ?? {}).reduce((a, b) => a + b, 0);
      out.push({ ms, timings: json.timings, problems });
      const overall = json.aggregates.metrics?.overall ?? {};
      serverGpa = typeof overall.gpa === "number" ? overall.gpa : null;
    }
    const peakAfterUploads = process.resourceUsage().maxRSS / 1024;

    let cliStdout = "";
    const vcbench = await import("@/lib/score-cli/vcbench");
    await runScore(["--benchmark", "vcbench", "--truth", files.truth, "--preds", files.preds, "--json"], { vcbench }, { stdout: (t) => void (cliStdout += t), stderr: () => {} });
    const cli = JSON.parse(cliStdout) as { overall?: { gpa?: number } };
    const figures: Figures = {
      points,
      questions: files.questions,
      predictionBytes: statSync(files.preds).size,
      importMs,
      uploads: out,
      peakRssAfterImportMb: peakAfterImport,
      peakRssAfterUploadsMb: peakAfterUploads,
      serverGpa,
      cliGpa: cli.overall?.gpa ?? null,
    };
    writeBenchFigures(figures);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await db.$disconnect();
  }
}

function runChild(url: string, dataDir: string, points: number, uploads: number): Promise<Figures> {
  return runBenchChild<Figures>("bench-runs-upload.ts", ["--points", String(points), "--uploads", String(uploads)], { DATABASE_URL: url, PLAYHEAD_DATA_DIR: dataDir, PLAYHEAD_RESCORE_LOOP: "off" });
}

function report(provider: string, f: Figures): string {
  const ms = (x: number) => `${(x / 1000).toFixed(2)} s`;
  const lines = [
    `── ${provider} ── ${f.points.toLocaleString("en")} query points in ${f.questions.toLocaleString("en")} questions; prediction file ${(f.predictionBytes / 1e6).toFixed(1)} MB (load average ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} CPUs)`,
    `import of the truth: ${ms(f.importMs)}`,
  ];
  f.uploads.forEach((u, i) => {
    const t = u.timings;
    const phases = Object.entries(t)
      .map(([k, v]) => `${k} ${ms(v)}`)
      .join(", ");
    lines.push(`upload ${i + 1}${i === 0 ? " (first: loads the code)" : ""}: time to scored ${ms(u.ms)} (${phases}); ${u.problems} problems`);
  });
  lines.push(`peak RSS of the server process: ${f.peakRssAfterImportMb.toFixed(0)} MB after the import, ${f.peakRssAfterUploadsMb.toFixed(0)} MB after the uploads`);
  lines.push(`overall GPA: server ${f.serverGpa} vs command-line scorer ${f.cliGpa} (${f.serverGpa === f.cliGpa ? "equal" : "DIFFERENT"})`);
  return lines.join("\n");
}

async function parent(providers: string[], points: number, uploads: number): Promise<void> {
  const { withScratchDatabase } = await import("@/lib/db/scratch-database");
  const { applyMigrations } = await import("@/lib/db/migrate");
  for (const provider of providers) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "playhead-bench-runs-data-"));
    try {
      const figures = await withScratchDatabase(provider as "sqlite" | "postgresql", async (target) => {
        await applyMigrations(target);
        return runChild(target.url, dataDir, points, uploads);
      });
      process.stdout.write(report(provider, figures) + "\n");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

const { values } = parseArgs({
  options: { child: { type: "boolean" }, providers: { type: "string" }, points: { type: "string" }, uploads: { type: "string" } },
  strict: true,
});
const points = Math.max(1, Number(values.points ?? 1_000_000) || 1_000_000);
const uploads = Math.max(1, Number(values.uploads ?? 2) || 2);
if (values.child) await child(points, uploads);
else await parent((values.providers ?? "sqlite").split(",").map((s) => s.trim()).filter(Boolean), points, uploads);

export {};
