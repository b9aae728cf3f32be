/**
 * Benchmark of the project report (issue 22): builds the report — results table with 95 %
 * bootstrap intervals (1000 resamples), figures (SVG + 300 dpi PNG), methods, per-item CSVs,
 * truth export, manifest — and its zip for a synthetic VCBench project of 10 model runs, 3
 * streaming studies of 200 participants each and 10,000 items, on a scratch SQLite database.
 *
 *   npm run bench:report [-- --items 10000 --runs 10 --studies 3 --participants 200]
 *
 * Prints the time of each build (target < 5 s): the first one ("cold": every interval computed)
 * and a second one ("warm": the leaderboard's interval cache filled), with the machine's load.
 * BENCH_PARTS=1 also times each part; BENCH_PROFILE=1 prints the functions with the most CPU
 * self time in the cold build.
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { items: { type: "string" }, runs: { type: "string" }, studies: { type: "string" }, participants: { type: "string" }, keep: { type: "string" } }, strict: true });
const ITEMS = Number(values.items ?? 10_000);
const RUNS = Number(values.runs ?? 10);
const STUDIES = Number(values.studies ?? 3);
const PARTICIPANTS = Number(values.participants ?? 200);
const SUBTYPES = ["O1-Snap", "O1-Delta", "O2-Unique", "O2-Gain", "E1-Action", "E1-Transit", "E2-Episode", "E2-Periodic"];
const DURATION = 600;
const PER_VIDEO = Math.max(1, Math.floor(ITEMS / PARTICIPANTS));
const perSession = PER_VIDEO;

// --keep DIR: build the project in DIR once and reuse it on later runs (the data are deterministic).
const dir = values.keep ? path.resolve(values.keep) : mkdtempSync(path.join(os.tmpdir(), "playhead-bench-report-"));
mkdirSync(dir, { recursive: true });
const reuse = values.keep !== undefined && existsSync(path.join(dir, "bench.db"));
process.env.PLAYHEAD_DATA_DIR = dir;
process.env.DATABASE_URL = `file:${path.join(dir, "bench.db")}`;

/** Deterministic pseudo-random numbers (the data are the same on every run). */
let state = 12345;
const rand = () => {
  state = (state * 1103515245 + 12345) % 2 ** 31;
  return state / 2 ** 31;
};

async function main() {
  const { applyMigrations } = await import("@/lib/db/migrate");
  await applyMigrations({ provider: "sqlite", url: process.env.DATABASE_URL! });
  const { db } = await import("@/lib/db/prisma");
  const t0 = performance.now();
  if (!reuse) await createProject();
  const project = await db.project.findUniqueOrThrow({ where: { slug: "bench-report" } });
  // The intervals are computed again on every run (cold), also on a kept database.
  await db.derivedResult.deleteMany({});
  const setup = performance.now() - t0;
  await measure(project, setup);
  await db.$disconnect();
}

async function createProject() {
  const { db } = await import("@/lib/db/prisma");
  const { tableFromItems } = await import("@/lib/scoring/item-table");
  const { updateHumanRun } = await import("@/lib/studies/human-run");
  const chunked = async <T>(rows: T[], write: (part: T[]) => Promise<unknown>) => {
    for (let i = 0; i < rows.length; i += 2000) await write(rows.slice(i, i + 2000));
  };
  const project = await db.project.create({ data: { name: "Bench report", slug: "bench-report", benchmark: "VCBENCH", settings: { native: { fileKind: "vcbench_eval" } }, truthVersion: 1 } });
  // One video per PER_VIDEO items (a participant's session is one video, as in a real study).
  const videos = Array.from({ length: Math.ceil(ITEMS / PER_VIDEO) }, (_, v) => ({
    id: `video${String(v).padStart(5, "0")}`,
    sha256: randomUUID(), originalName: `bench-${v}.mp4`, storageKey: randomUUID(), originalFile: "o.mp4", playbackFile: "p.mp4", sizeBytes: 1n, mimeType: "video/mp4", container: "mp4",
    videoCodec: "h264", width: 2, height: 2, durationSec: DURATION, avgFrameRate: "30/1", nominalFrameRate: "30/1", frameCount: DURATION * 30, firstPtsSec: 0, timeBase: "1/30", variableFrameRate: false, ptsFile: "pts.bin",
  }));
  await db.video.createMany({ data: videos });
  const videoOf = (i: number) => videos[Math.floor(i / PER_VIDEO)].id;
  const items = Array.from({ length: ITEMS }, (_, i) => ({
    id: `item${String(i).padStart(6, "0")}`,
    subtype: SUBTYPES[i % SUBTYPES.length],
    truth: [1 + Math.floor(rand() * 5), 2 + Math.floor(rand() * 5)],
    times: [Math.floor(rand() * DURATION * 0.5), Math.floor(DURATION * 0.5 + rand() * DURATION * 0.49)],
  }));
  await chunked(items, (part) =>
    db.item.createMany({
      data: part.map((it, j) => ({ id: it.id, projectId: project.id, externalId: it.id, ordinal: j, format: "count", question: "How many?", presentation: {}, labels: { subtype: it.subtype }, videoRef: `RoomTour3D/bench-${Math.floor(j / PER_VIDEO)}.mp4`, videoId: videoOf(Number(it.id.slice(4))) })),
    }),
  );
  await chunked(items, (part) => db.itemTruth.createMany({ data: part.map((it) => ({ itemId: it.id, answer: it.truth, source: { occurrence_times: it.times } })) }));
  await chunked(items.flatMap((it) => it.times.map((t, o) => ({ itemId: it.id, ordinal: o, timeSec: t }))), (part) => db.queryPoint.createMany({ data: part }));
  const qpIds = new Map((await db.queryPoint.findMany({ select: { id: true, itemId: true, ordinal: true } })).map((q) => [`${q.itemId}#${q.ordinal}`, q.id]));

  // Model runs: stored tables (as lib/runs writes them) and per-item scores.
  for (let r = 0; r < RUNS; r++) {
    const skill = 0.3 + (r / RUNS) * 0.5;
    const scores = items.map((it) => {
      const gpa = rand() < skill ? 1 : 0;
      return { itemId: it.id, subtype: it.subtype, scores: { gpa, moc: rand() < skill ? 1 : 0, uda: rand() < skill ? 1 : 0, n_queries: 2, n_valid: 2, correct: gpa } };
    });
    const table = tableFromItems("VCBENCH", "reference", scores.map((s) => ({ format: "count", labels: { subtype: s.subtype }, scores: s.scores })));
    const run = await db.modelRun.create({
      data: { projectId: project.id, name: `Model ${r + 1}`, kind: "MODEL", source: `model-${r + 1}.jsonl`, status: "DONE", truthVersion: 1, aggregates: { table, counts: { items: ITEMS, predicted: ITEMS, scored: ITEMS, missing: 0, invalid: 0 } }, problems: [], scoredAt: new Date() },
    });
    await chunked(scores, (part) => db.runItemResult.createMany({ data: part.map((s) => ({ runId: run.id, itemId: s.itemId, raw: [], parsed: [], valid: true, scores: s.scores })) }));
  }

  // Streaming studies: participants with one completed session each over ITEMS / PARTICIPANTS items, with answers.
  for (let s = 0; s < STUDIES; s++) {
    const study = await db.study.create({ data: { projectId: project.id, name: `Study ${s + 1}`, protocol: "STREAMING", status: "OPEN", settings: { crowdPlatforms: ["prolific"] } } });
    await chunked(items, (part) => db.studyItem.createMany({ data: part.map((it) => ({ studyId: study.id, itemId: it.id })) }));
    const users = Array.from({ length: PARTICIPANTS }, () => ({ id: randomUUID(), email: `p-${randomUUID()}@bench.local`, role: "PARTICIPANT" as const }));
    await db.user.createMany({ data: users });
    const participants = users.map((u, i) => ({ id: randomUUID(), studyId: study.id, userId: u.id, externalSource: i % 10 === 0 ? null : "prolific", externalId: i % 10 === 0 ? null : `pid-${i}`, consentedAt: new Date(), finishedAt: new Date() }));
    await db.studyParticipant.createMany({ data: participants });
    const sessions = participants.map((p, i) => {
      const mine = items.slice(i * perSession, (i + 1) * perSession);
      const scored = mine.map((it) => {
        const parsed = it.truth.map((t) => (rand() < 0.85 ? t : t + 1));
        const gpa = parsed.every((p2, k) => p2 === it.truth[k]) ? 1 : 0;
        return [it.id, { itemId: it.id, raw: parsed, parsed, valid: true, scores: { gpa, moc: gpa, uda: gpa, correct: gpa } }] as const;
      });
      return { id: randomUUID(), studyId: study.id, participantId: p.id, videoId: videoOf(i * perSession), status: "COMPLETED" as const, signingKey: randomUUID(), finishedAt: new Date(), scores: { items: Object.fromEntries(scored), aggregate: {} }, flags: i % 25 === 0 ? { attention_failed: ["att"] } : {}, mine };
    });
    await chunked(sessions, (part) => db.baselineSession.createMany({ data: part.map(({ mine: _mine, ...s }) => s) }));
    const answers = sessions.flatMap((s) =>
      s.mine.flatMap((it) => it.times.map((t, o) => ({ sessionId: s.id, itemId: it.id, queryPointId: qpIds.get(`${it.id}#${o}`) ?? null, answerKey: `${it.id}#${o}`, value: it.truth[o], latencyMs: 2000 + Math.floor(rand() * 8000), positionSec: t }))),
    );
    await chunked(answers, (part) => db.answer.createMany({ data: part }));
    await updateHumanRun(study.id);
  }
}

async function measure(project: { id: string }, setup: number) {
  const { db } = await import("@/lib/db/prisma");
  const { buildReport, reportZip } = await import("@/lib/report/build-report");
  const { withCpuProfile } = await import("./bench/cpu-profile");
  const load = () => loadavg().map((x) => x.toFixed(2)).join(" ");
  console.log(`bench:report  VCBench project: ${ITEMS} items, ${RUNS} model runs, ${STUDIES} streaming studies x ${PARTICIPANTS} participants (${perSession} items each); 1000 bootstrap resamples`);
  console.log(`  setup (not counted)   ${(setup / 1000).toFixed(1)} s${reuse ? " (kept database reused)" : ""}`);
  if (process.env.BENCH_PARTS) {
    const { buildLeaderboard } = await import("@/lib/leaderboard/build-leaderboard");
    const { studyResults } = await import("@/lib/studies/results");
    const { positionAccuracy } = await import("@/lib/report/position-accuracy");
    const { loadAgreementData } = await import("@/lib/review/dashboard-loader");
    const time = async (name: string, f: () => Promise<unknown>) => {
      const t = performance.now();
      const failed = await f().then(() => "", (e: Error) => ` (failed: ${e.message.split("\n")[0].slice(0, 400)})`);
      console.log(`  part ${name.padEnd(28)} ${((performance.now() - t) / 1000).toFixed(2)} s${failed}`);
    };
    await time("leaderboard, no CI", () => buildLeaderboard(project.id, { ci: false }));
    await time("leaderboard + CI (cold)", () => buildLeaderboard(project.id, { ci: true, bootstrap: { seed: 99 } }));
    await time("leaderboard + CI (warm)", () => buildLeaderboard(project.id, { ci: true, bootstrap: { seed: 99 } }));
    const studies = await db.study.findMany({ select: { id: true, name: true } });
    await time("study results x3", async () => {
      for (const st of studies) await studyResults(st.id);
    });
    await time("positions x3", async () => {
      const cache = new Map();
      for (const st of studies) await positionAccuracy(st, { seed: 0, resamples: 1000, level: 0.95 }, cache);
    });
    await time("agreement", () => loadAgreementData(project.id));
    const { exportProjectFile } = await import("@/lib/projects/project-export");
    await time("truth export", () => exportProjectFile({ id: project.id }));
    const { perItemCsv } = await import("@/lib/report/per-item-csv");
    await time("per-item rows read", () => db.runItemResult.findMany({ select: { runId: true, itemId: true, valid: true, scores: true } }));
    const rows = await db.runItemResult.findMany({ select: { runId: true, itemId: true, valid: true, scores: true } });
    await time("per-item CSVs", async () => {
      const by = new Map<string, { itemId: string; valid: boolean; scores: Record<string, unknown> }[]>();
      for (const r of rows) {
        const list = by.get(r.runId) ?? [];
        list.push({ itemId: r.itemId, valid: r.valid, scores: r.scores as Record<string, unknown> });
        by.set(r.runId, list);
      }
      for (const list of by.values()) perItemCsv(list);
    });
    const { svgToPng } = await import("@/lib/report/svg-to-png");
    const preview = await buildReport(project.id, { files: false, seed: 99 });
    await time(`PNG x${preview.figures.length}`, async () => {
      for (const f of preview.figures) svgToPng(f.svg);
    });
  }
  for (const label of ["cold", "warm"]) {
    const before = load();
    const c0 = process.cpuUsage();
    const t = performance.now();
    const { report, zip } = await withCpuProfile(label === "cold" && Boolean(process.env.BENCH_PROFILE), "the cold build", async () => {
      const built = await buildReport(project.id, { files: true, subtypes: true });
      return { report: built, zip: reportZip(built) };
    });
    const wall = performance.now() - t;
    const cpu = process.cpuUsage(c0);
    console.log(
      `  build + zip (${label})   ${(wall / 1000).toFixed(2)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU  (target < 5 s; ${report.table.rows.length} rows, ${report.figures.length} figures, ${report.files.length} files, zip ${(zip.length / 1e6).toFixed(1)} MB)  load before ${before}, after ${load()}`,
    );
  }
  const t = performance.now();
  await buildReport(project.id, { files: false, subtypes: true });
  console.log(`  tab preview (warm)    ${((performance.now() - t) / 1000).toFixed(2)} s wall (no PNG, no files)`);
}

try {
  await main();
} finally {
  if (!values.keep) rmSync(dir, { recursive: true, force: true });
}
