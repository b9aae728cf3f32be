import { db, testDb } from "@/tests/support/test-db";
import { spawnSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as leaderboardRoute } from "@/app/api/projects/[projectId]/leaderboard/route";
import { GET as reportRoute } from "@/app/api/projects/[projectId]/report/route";
import { POST as uploadRoute } from "@/app/api/projects/[projectId]/runs/route";
import { GET as runDetailRoute } from "@/app/api/projects/[projectId]/runs/[runId]/route";
import { PATCH as studyPatchRoute } from "@/app/api/studies/[studyId]/route";
import { AgreementCharts } from "@/app/(app)/projects/[projectId]/agreement/_components/agreement-charts";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { BarChartFigure } from "@/lib/charts/bar-chart-figure";
import { buildReport } from "@/lib/report/build-report";
import { importBenchmarkFile } from "@/lib/benchmarks/import-project";
import { seedDemoAccounts, seedDemoFormProjects, seedDemoProject } from "@/lib/demo/seed-demo";
import { seedDemoDoubleReview } from "@/lib/demo/seed-double-review";
import { seedDemoJudging } from "@/lib/demo/seed-judging";
import { seedDemoMembers } from "@/lib/demo/seed-members";
import type { LeaderboardData } from "@/lib/leaderboard/types";
import type { Manifest } from "@/lib/report/manifest";
import type { ResultsTable } from "@/lib/report/results-table";
import type { AnnotationDocument } from "@/lib/annotation/document";
import { compareAnnotations } from "@/lib/review/compare";
import { loadAgreementData } from "@/lib/review/dashboard-loader";
import { headlineAgreementFigures } from "@/lib/review/headline-figures";
import { toStoredAgreement } from "@/lib/review/stored-agreement";
import { e1Doc } from "@/lib/review/test-docs";
import { updateHumanRun } from "@/lib/studies/human-run";
import { refreshHumanRuns } from "@/tests/support/human-runs";
import { studyResults } from "@/lib/studies/results";
import { call, makeRequest, routeContext } from "@/tests/support/requests";
import { addMembers } from "@/tests/support/members";
import { createTestUser, type TestUser } from "@/tests/support/users";
import { annotationProject } from "./annotation-helpers";

/**
 * The project report (issue 22): its tables hold the leaderboard API's numbers (every value and
 * interval bound, LaTeX / Markdown / CSV, both interval styles) for the demo projects and a
 * project with uploaded model runs and a human study; the methods paragraph's counts are the
 * study's records (an attention-check failure, a participant who left, one who ran out of time);
 * the zip holds exactly the files the manifest lists, with their hashes; only the project's
 * reviewers (admins, reviewer members) get it.
 */
const fx = (...p: string[]) => path.join(process.cwd(), "tests/fixtures", ...p);
let admin: TestUser;
let reviewer: TestUser;
let annotator: TestUser;
let participant: TestUser;
let otherReviewer: TestUser;
let vc: string;
let otherProject: string;
let studyId: string;
let reviewProjectId: string;
const projects: string[] = [];

const report = (projectId: string, as: TestUser | null, query: Record<string, string> = {}) => call(reportRoute, "/x", { as, params: { projectId }, query });
const leaderboard = async (projectId: string, seed = 0): Promise<LeaderboardData> => {
  const res = await call(leaderboardRoute, "/x", { as: admin, params: { projectId }, query: { ci: "1", seed: String(seed) } });
  expect(res.status).toBe(200);
  return res.json;
};

async function participantWithSession(
  study: { id: string; projectVideo: string },
  source: string | null,
  session: { status: "COMPLETED" | "ACTIVE" | "ABANDONED"; flags?: object; scores?: object | null },
) {
  const user = await createTestUser({ role: "PARTICIPANT" });
  const p = await db.studyParticipant.create({
    data: { studyId: study.id, userId: user.id, externalSource: source, externalId: source ? `pid-${randomUUID().slice(0, 8)}` : null, consentedAt: new Date() },
  });
  await db.baselineSession.create({
    data: {
      studyId: study.id,
      participantId: p.id,
      videoId: study.projectVideo,
      status: session.status,
      signingKey: randomUUID(),
      finishedAt: session.status === "ACTIVE" ? null : new Date(),
      flags: (session.flags ?? {}) as never,
      scores: (session.scores ?? null) as never,
    },
  });
}

beforeAll(async () => {
  admin = await createTestUser({ role: "ADMIN" });
  reviewer = await createTestUser({ role: "REVIEWER" });
  annotator = await createTestUser({ role: "ANNOTATOR" });
  participant = await createTestUser({ role: "PARTICIPANT" });
  otherReviewer = await createTestUser({ role: "REVIEWER" });
  // The demo projects, as `npm run seed` makes them (accounts, forms, members, double review, judge queues).
  await seedDemoAccounts(db, "demo-password-1");
  await seedDemoProject(db);
  await seedDemoFormProjects(db);
  await seedDemoMembers(db);
  await seedDemoDoubleReview(db);
  await seedDemoJudging(db);
  projects.push(...(await db.project.findMany({ select: { id: true } })).map((p) => p.id));

  // A VCBench project with uploaded model runs and a human-baseline study.
  const out = await importBenchmarkFile({ kind: "VCBENCH", file: fx("vcbench", "vcbench_data.jsonl"), projectName: "Report VC" });
  expect(out.errors).toEqual([]);
  vc = (await db.project.findUniqueOrThrow({ where: { name: "Report VC" } })).id;
  await addMembers(vc, reviewer, annotator, participant);
  for (const [file, name] of [["preds-unified.jsonl", "model_a & {b}"], ["preds-per-point.jsonl", "model per point"]]) {
    const res = await call(uploadRoute, "/x", { method: "POST", body: readFileSync(fx("vcbench", file), "utf8"), query: { name }, params: { projectId: vc }, as: admin });
    expect(res.status, res.text).toBe(201);
  }
  const items = await db.item.findMany({ where: { projectId: vc }, include: { truth: true } });
  const video = await db.video.create({
    data: {
      sha256: randomUUID(), originalName: "v.mp4", storageKey: randomUUID(), originalFile: "o.mp4", playbackFile: "p.mp4", sizeBytes: 1n, mimeType: "video/mp4", container: "mp4",
      videoCodec: "h264", width: 2, height: 2, durationSec: 60, avgFrameRate: "30/1", nominalFrameRate: "30/1", frameCount: 1800, firstPtsSec: 0, timeBase: "1/30", variableFrameRate: false, ptsFile: "pts.bin",
    },
  });
  const study = await db.study.create({ data: { projectId: vc, name: "Stream study", protocol: "STREAMING", status: "OPEN", settings: { crowdPlatforms: ["prolific", "mturk"] } } });
  studyId = study.id;
  await db.studyItem.createMany({ data: items.map((i) => ({ studyId, itemId: i.id })) });
  const scored = (correct: boolean) => ({
    items: Object.fromEntries(items.slice(0, 3).map((i) => [i.id, { itemId: i.id, raw: i.truth!.answer, parsed: i.truth!.answer, valid: true, scores: { gpa: correct ? 1 : 0, moc: 1, uda: 1, correct: correct ? 1 : 0 } }])),
    aggregate: {},
  });
  const s = { id: studyId, projectVideo: video.id };
  await participantWithSession(s, "prolific", { status: "COMPLETED", scores: scored(true) });
  // Excluded / flagged participants created here: failed an attention check, left (incomplete), ran out of time.
  await participantWithSession(s, "prolific", { status: "COMPLETED", scores: scored(false), flags: { attention_failed: ["att-1"] } });
  await participantWithSession(s, null, { status: "ACTIVE" });
  await participantWithSession(s, "mturk", { status: "ABANDONED", flags: { time_limit: true } });
  await updateHumanRun(studyId);
  projects.push(vc);

  // A double-reviewed project: one item agreed, one disputed then resolved by a reviewer, one disputed.
  const ann = await createTestUser({ role: "ANNOTATOR" });
  const bob = await createTestUser({ role: "ANNOTATOR" });
  const rp = await annotationProject("VCBENCH", ["e1", "e2", "e3"].map((externalId) => ({ externalId, labels: { subtype: "E1-Action" } })), [reviewer, ann, bob]);
  reviewProjectId = rp.projectId;
  const docs: [AnnotationDocument, AnnotationDocument, "AGREED" | "RESOLVED" | "DISPUTED", AnnotationDocument | null][] = [
    [e1Doc([10, 50], [100]), e1Doc([11, 50], [100]), "AGREED", e1Doc([10, 50], [100])],
    [e1Doc([20], [100]), e1Doc([20, 80], [100]), "RESOLVED", e1Doc([20, 80], [100])],
    [e1Doc([30, 90], [120]), e1Doc([60], [120]), "DISPUTED", null],
  ];
  for (const [i, [a, b, status, final]] of docs.entries()) {
    const ids: string[] = [];
    for (const [round, [user, doc]] of [[ann, a] as const, [bob, b] as const].entries()) {
      const task = await db.task.create({ data: { projectId: reviewProjectId, itemId: rp.itemIds[i], userId: user.id, kind: "ANNOTATE", round: round + 1, status: "SUBMITTED", timeSpentMs: 60_000, submittedAt: new Date() } });
      ids.push((await db.annotation.create({ data: { itemId: rp.itemIds[i], authorId: user.id, taskId: task.id, data: doc as never, status: "SUBMITTED", submittedAt: new Date() } })).id);
    }
    await db.adjudication.create({
      data: {
        itemId: rp.itemIds[i],
        projectId: reviewProjectId,
        kind: "double",
        status,
        annotationIds: ids,
        agreement: toStoredAgreement([ann.id, bob.id], ids, compareAnnotations([a, b], { fps: 30, frameCount: 300 })) as never,
        resolution: (final ?? undefined) as never,
        resolvedAt: final ? new Date() : null,
        resolvedById: status === "RESOLVED" ? reviewer.id : null,
      },
    });
  }

  otherProject = (await db.project.findFirstOrThrow({ where: { id: { notIn: [vc] }, slug: "demo-forms-tocbench" } })).id;
  await addMembers(otherProject, otherReviewer);
}, 300_000);

/** "12.3 ± 1.2" / "12.3 [11.1, 13.5]" / "12.3" → numbers as printed. */
function cellNumbers(cell: string): { value: string; pm?: string; lower?: string; upper?: string } | null {
  const c = cell.replace(/\\textbf\{(.*)\}/, "$1").replace(/\*\*(.*)\*\*/, "$1").replace("$\\pm$", "±").trim();
  if (c === "--" || c === "–") return null;
  let m = /^(-?[\d.]+) ± (-?[\d.]+)$/.exec(c);
  if (m) return { value: m[1], pm: m[2] };
  m = /^(-?[\d.]+) \[(-?[\d.]+), (-?[\d.]+)\]$/.exec(c);
  if (m) return { value: m[1], lower: m[2], upper: m[3] };
  m = /^(-?[\d.]+)$/.exec(c);
  if (m) return { value: m[1] };
  throw new Error(`unreadable cell ${JSON.stringify(cell)}`);
}

describe(`project report (${testDb.provider})`, () => {
  it("LaTeX, Markdown and CSV tables: every number is the leaderboard API's, for every demo project and a project with models and humans", async () => {
    let checked = 0;
    for (const projectId of projects) {
      const lb = await leaderboard(projectId, 3);
      const summary = await report(projectId, admin, { format: "json", subtypes: "1", seed: "3" });
      expect(summary.status, summary.text).toBe(200);
      const table: ResultsTable = summary.json.table;
      const byRun = new Map(lb.rows.map((r) => [r.runId, r]));
      expect(new Set(table.rows.map((r) => r.runId))).toEqual(new Set(lb.rows.map((r) => r.runId)));
      const decimals = (unit: string) => (unit === "percent" ? 1 : 2);
      for (const style of ["pm", "bracket"]) {
        const latex = (await report(projectId, admin, { format: "latex", style, subtypes: "1", seed: "3" })).text;
        const markdown = (await report(projectId, admin, { format: "markdown", style, subtypes: "1", seed: "3" })).text;
        const texRows = latex.split("\n").filter((l) => l.endsWith(" \\\\") && !l.startsWith("System") && !l.startsWith(" &"));
        const mdRows = markdown.split("\n").filter((l) => l.startsWith("| ") && !l.startsWith("| System") && !l.startsWith("| ---"));
        expect(texRows.length).toBe(table.rows.length);
        expect(mdRows.length).toBe(table.rows.length);
        table.rows.forEach((row, i) => {
          const api = byRun.get(row.runId)!;
          const tex = texRows[i].slice(0, -3).split(" & ").slice(1);
          const md = mdRows[i].slice(2, -2).split(" | ").slice(1);
          table.columns.forEach((c, j) => {
            for (const cell of [tex[j], md[j]]) {
              const got = cellNumbers(cell);
              const v = api.values[c.key];
              if (v === null || v === undefined) {
                expect(got).toBeNull();
                continue;
              }
              const d = decimals(c.unit);
              expect(got!.value).toBe(v.toFixed(d));
              const ci = api.ci?.[c.key];
              if (!ci) continue;
              checked++;
              if (style === "pm") expect(got!.pm).toBe(((ci.upper - ci.lower) / 2).toFixed(d));
              else expect([got!.lower, got!.upper]).toEqual([ci.lower.toFixed(d), ci.upper.toFixed(d)]);
            }
          });
        });
      }
      const csv = parseCsv((await report(projectId, admin, { format: "csv", subtypes: "1", seed: "3" })).text) as string[][];
      expect(csv.length - 1).toBe(table.rows.length);
      const r6 = (v: number | null | undefined) => (v === null || v === undefined ? "" : String(Math.round(v * 1e6) / 1e6));
      for (const line of csv.slice(1)) {
        const api = byRun.get(line[2])!;
        table.columns.forEach((c, j) => {
          expect(line.slice(4 + 4 * j, 7 + 4 * j)).toEqual([r6(api.values[c.key]), r6(api.ci?.[c.key]?.lower), r6(api.ci?.[c.key]?.upper)]);
        });
      }
    }
    expect(checked).toBeGreaterThan(20);
  }, 600_000);

  it("human rows read 'Human (n = participants)', names are escaped, the best model value is bold", async () => {
    const latex = (await report(vc, admin, { format: "latex" })).text;
    expect(latex).toContain("Human (n = 2) &");
    expect(latex).toContain("model\\_a \\& \\{b\\}");
    expect(latex).toMatch(/\\textbf\{/);
  });

  it("methods paragraph: the counts are the study's records; failed attention checks flagged and kept, or excluded (the study setting), with the human row's n and score", async () => {
    const results = await studyResults(studyId);
    const parts = await db.studyParticipant.findMany({ where: { studyId }, include: { sessions: true } });
    const completedSessions = await db.baselineSession.count({ where: { studyId, status: "COMPLETED" } });
    // A study stored before the setting existed keeps failed attention checks in its human row.
    expect(results.study.settings.excludeFailedAttention).toBe(false);
    const text: string = (await report(vc, admin, { format: "json" })).json.methods;
    expect(parts.length).toBe(4);
    expect(text).toContain(`we recruited ${parts.length} [1] participants (2 [1] via Prolific, 1 [1] via Playhead accounts, 1 [1] via Amazon Mechanical Turk)`);
    const queryPoints = await db.queryPoint.count({ where: { item: { projectId: vc } } });
    expect(text).toContain(`playback paused at each query point (${queryPoints} [1] query points in total)`);
    expect(text).toContain(`Participants completed ${completedSessions} [1] of ${results.summary.sessions} [1] sessions`);
    expect(text).toContain("the human row counts the 2 [1] participants with a completed session");
    expect(text).toContain("Not counted: 1 [1] participant left without completing a session and 1 [1] ran out of the study's time limit.");
    expect(text).toContain("1 [1] participant failed at least one attention check (flagged, kept in the baseline).");
    expect(text).toContain(`[1] http://localhost:3000/admin/studies/${studyId}`.replace("http://localhost:3000", ""));
    // The streaming study's answers by query-point position are a figure.
    expect((await report(vc, admin, { format: "json" })).json.figures.map((f: { name: string }) => f.name)).toContain("figure-accuracy-by-position");
    const run = await db.modelRun.findFirstOrThrow({ where: { source: `study:${studyId}` } });
    expect((run.aggregates as { n_participants: number }).n_participants).toBe(2);
    const humanRow = async () => (await leaderboard(vc)).rows.find((r) => r.runId === run.id)!;
    const kept = await humanRow();
    // One participant answered everything right, the one who failed the attention check everything wrong.
    expect(kept.values["overall.gpa"]).toBeCloseTo(50, 9);
    expect((await report(vc, admin, { format: "latex" })).text).toContain("Human (n = 2) &");

    const setExclusion = async (on: boolean) => {
      const res = await call(studyPatchRoute, "/x", { as: admin, method: "PATCH", json: { settings: { excludeFailedAttention: on } }, params: { studyId } });
      expect(res.status, res.text).toBe(200);
      await refreshHumanRuns();
    };
    try {
      // The study excludes them: the human row loses that participant (n and score), the results
      // page says so, the methods paragraph counts each exclusion reason.
      await setExclusion(true);
      const excluded = await humanRow();
      expect(excluded.values["overall.gpa"]).toBeCloseTo(100, 9);
      const aggregates = (await db.modelRun.findUniqueOrThrow({ where: { id: run.id } })).aggregates as { n_participants: number; n_excluded_attention: number };
      expect(aggregates).toMatchObject({ n_participants: 1, n_excluded_attention: 1 });
      const after = await studyResults(studyId);
      expect(after.summary.excludedParticipants).toBe(1);
      expect(after.participants.filter((p) => p.excluded === "failed an attention check").length).toBe(1);
      const excludedText: string = (await report(vc, admin, { format: "json" })).json.methods;
      expect(excludedText).toContain("the human row counts the 1 [1] participant with a completed session and no failed attention check.");
      expect(excludedText).toContain("Excluded: 1 [1] participant failed at least one attention check, 1 [1] left without completing a session and 1 [1] ran out of the study's time limit.");
      expect(excludedText).not.toContain("kept in the baseline");
      const latex = (await report(vc, admin, { format: "latex" })).text;
      expect(latex).toContain("Human (n = 1) &");
      expect(latex).toContain("100.0");
    } finally {
      await setExclusion(false);
    }
    expect((await humanRow()).values["overall.gpa"]).toBeCloseTo(50, 9);
  });

  it("the manifest lists each run's uploaded file (SHA-256 of the bytes sent, size, name) apart from Playhead's per-item CSV; runs without one say why", async () => {
    // Bytes a text reading would change: a BOM and CRLF line ends.
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(readFileSync(fx("vcbench", "preds-unified.jsonl"), "utf8").trim().split("\n").join("\r\n") + "\r\n")]);
    const up = await call(uploadRoute, "/x", { method: "POST", body, headers: { "content-type": "application/octet-stream", "x-file-name": "hashed%20preds.jsonl" }, query: { name: "hashed upload" }, params: { projectId: vc }, as: admin });
    expect(up.status, up.text).toBe(201);
    const runId: string = up.json.run.id;
    // A run uploaded before Playhead recorded files.
    const legacy = await call(uploadRoute, "/x", { method: "POST", body: readFileSync(fx("vcbench", "preds-per-point.jsonl")), query: { name: "legacy upload" }, params: { projectId: vc }, as: admin });
    expect(legacy.status, legacy.text).toBe(201);
    await db.modelRun.update({ where: { id: legacy.json.run.id }, data: { fileSha256: null, fileBytes: null, fileName: null } });
    try {
      const res = await reportRoute(await makeRequest("/x", { as: admin }), routeContext({ projectId: vc }));
      expect(res.status).toBe(200);
      const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
      const manifest = JSON.parse(new TextDecoder().decode(files["manifest.json"])) as Manifest;
      const entry = manifest.runs.find((r) => r.id === runId)!;
      expect(entry.uploadedFile).toEqual({ name: "hashed preds.jsonl", bytes: body.length, sha256: createHash("sha256").update(body).digest("hex") });
      // The run's own API shows the same file.
      const detail = await call(runDetailRoute, "/x", { as: admin, params: { projectId: vc, runId } });
      expect(detail.status, detail.text).toBe(200);
      expect(detail.json.run.uploadedFile).toEqual(entry.uploadedFile);
      expect(entry.uploadedFileMissing).toBeNull();
      // The per-item CSV Playhead wrote, labelled apart, hashed as the zip holds it.
      expect(entry.perItemCsv!.sha256).toBe(createHash("sha256").update(files[entry.perItemCsv!.file]).digest("hex"));
      expect(entry.perItemCsv!.sha256).not.toBe(entry.uploadedFile!.sha256);
      const old = manifest.runs.find((r) => r.id === legacy.json.run.id)!;
      expect(old.uploadedFile).toBeNull();
      expect(old.uploadedFileMissing).toMatch(/uploaded before Playhead recorded/);
      const human = manifest.runs.find((r) => r.source === `study:${studyId}`)!;
      expect(human.uploadedFile).toBeNull();
      expect(human.uploadedFileMissing).toMatch(/study's sessions/);
    } finally {
      await db.modelRun.deleteMany({ where: { id: { in: [runId, legacy.json.run.id] } } });
    }
  }, 120_000);

  it("the report's figures are the pages' chart component: the zip's SVG is renderToStaticMarkup of it, and the Agreement tab draws the same agreement figure", async () => {
    const built = await buildReport(vc, { seed: 0, files: false });
    expect(built.figures.length).toBeGreaterThan(0);
    for (const f of built.figures) expect(f.svg, f.name).toBe(renderToStaticMarkup(createElement(BarChartFigure, { spec: f.spec })));
    const res = await reportRoute(await makeRequest("/x", { as: reviewer }), routeContext({ projectId: reviewProjectId }));
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const zipped = new TextDecoder().decode(files["figures/figure-agreement.svg"]);
    const { dashboard, names } = await loadAgreementData(reviewProjectId);
    const page = renderToStaticMarkup(createElement(AgreementCharts, { figures: dashboard.figures, rates: dashboard.disputedRates, throughput: dashboard.throughput, names }));
    const agreementCard = page.slice(page.indexOf('data-testid="chart-agreement"'));
    expect(agreementCard.slice(agreementCard.indexOf("<svg"), agreementCard.indexOf("</svg>") + 6)).toBe(zipped);
    // What it shows: one bar per kind's headline figure, each with its interval whisker.
    const bars = (zipped.match(/class="visx-bar bar-chart-bar"/g) ?? []).length;
    expect(bars).toBe(headlineAgreementFigures(dashboard.figures).filter((f) => Number.isFinite(f.estimate)).length);
    expect(bars).toBeGreaterThan(0);
  }, 120_000);

  it("methods paragraph of the double-review demo: k passes, items compared, disputed and adjudicated, from the agreement dashboard", async () => {
    const id = (await db.project.findFirstOrThrow({ where: { slug: "demo-double-review" } })).id;
    const adjudications = await db.adjudication.count({ where: { projectId: id, kind: "double" } });
    const text: string = (await report(id, admin, { format: "json" })).json.methods;
    if (adjudications === 0) expect(text).toContain("no human-baseline study and no double-reviewed items");
    else expect(text).toMatch(/each item was annotated independently by \d+ \[\d+\] annotators/);
  });

  it("methods paragraph of a double-reviewed project: items compared, disputed, adjudicated and κ per kind are the agreement dashboard's", async () => {
    const dashboard = (await loadAgreementData(reviewProjectId)).dashboard;
    const json = (await report(reviewProjectId, reviewer, { format: "json" })).json;
    const text: string = json.methods;
    expect(text).toContain("each item was annotated independently by 2 [1] annotators (blind passes); 3 [1] items were compared.");
    const disputed = dashboard.disputedRates.reduce((n, r) => n + r.disputed, 0);
    expect(disputed).toBe(2);
    expect(text).toContain(`${disputed} [1] items were disputed; 1 [1] was adjudicated by a reviewer.`);
    const kappa = dashboard.figures.find((f) => f.scope === "project" && f.statistic === "binnedKappa")!;
    expect(text).toContain(`timestamps binned κ ${kappa.estimate.toFixed(3)} [1] [${kappa.lower.toFixed(3)} [1], ${kappa.upper.toFixed(3)} [1]] over ${kappa.items} [1] items`);
    expect(text).toContain("threshold κ ≥ 0.80 [2] configured");
    expect(json.figures.map((f: { name: string }) => f.name)).toContain("figure-agreement");
  });

  it("the zip holds exactly the files its manifest lists (with their hashes), the manifest and its seed", async () => {
    const res = await reportRoute(await makeRequest("/x", { as: reviewer, query: { seed: "5", style: "bracket" } }), routeContext({ projectId: vc }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const manifest = JSON.parse(new TextDecoder().decode(files["manifest.json"])) as Manifest;
    expect(Object.keys(files).sort()).toEqual([...manifest.files.map((f) => f.path), "manifest.json"].sort());
    for (const f of manifest.files) expect(createHash("sha256").update(files[f.path]).digest("hex"), f.path).toBe(f.sha256);
    expect(manifest.bootstrap).toMatchObject({ seed: 5, resamples: 1000, level: 0.95 });
    expect(manifest.table.intervalStyle).toBe("bracket");
    expect(manifest.runs.filter((r) => r.kind === "MODEL").every((r) => r.perItemCsv && files[r.perItemCsv.file] && r.uploadedFile?.sha256)).toBe(true);
    expect(manifest.truth.file && files[manifest.truth.file]).toBeTruthy();
    expect(Object.keys(files)).toEqual(expect.arrayContaining(["results.tex", "results.md", "results.csv", "methods.md", "methods.txt", "data/leaderboard.csv"]));
    const pngs = Object.keys(files).filter((f) => f.endsWith(".png"));
    expect(pngs.length).toBeGreaterThan(0);
    expect(pngs.length).toBe(Object.keys(files).filter((f) => f.startsWith("figures/") && f.endsWith(".svg")).length);
    // 300 dpi: the pHYs chunk says 11811 pixels per metre.
    const png = files[pngs[0]];
    const phys = Buffer.from(png).indexOf("pHYs");
    expect(Buffer.from(png).readUInt32BE(phys + 4)).toBe(11811);
  }, 120_000);

  it("npm run report writes the zip's files into --out (and the zip with --zip): the same tables as the API", async () => {
    const out = mkdtempSync(path.join(os.tmpdir(), "playhead-report-cli-"));
    try {
      const slug = (await db.project.findUniqueOrThrow({ where: { id: vc } })).slug;
      const r = spawnSync("npm", ["run", "--silent", "report", "--", "--project", slug, "--out", out, "--zip", "--json", "--seed", "3", "--subtypes"], {
        cwd: process.cwd(),
        env: { ...process.env, DATABASE_URL: testDb.url, PLAYHEAD_DATA_DIR: testDb.dataDir },
        encoding: "utf8",
        timeout: 280_000,
      });
      expect(r.status, r.stderr).toBe(0);
      const summary = JSON.parse(r.stdout.trim().split("\n").pop()!);
      const manifest = JSON.parse(readFileSync(path.join(out, "manifest.json"), "utf8")) as Manifest;
      expect(summary.files).toBe(manifest.files.length + 1);
      for (const f of manifest.files) expect(createHash("sha256").update(readFileSync(path.join(out, f.path))).digest("hex"), f.path).toBe(f.sha256);
      expect(readdirSync(out)).toContain(`${slug}-report.zip`);
      expect(readFileSync(path.join(out, "results.csv"), "utf8")).toBe((await report(vc, admin, { format: "csv", seed: "3", subtypes: "1" })).text);
      const bad = spawnSync("npm", ["run", "--silent", "report", "--", "--project", "no-such-project", "--out", out], {
        cwd: process.cwd(),
        env: { ...process.env, DATABASE_URL: testDb.url, PLAYHEAD_DATA_DIR: testDb.dataDir },
        encoding: "utf8",
        timeout: 280_000,
      });
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain("no-such-project");
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 300_000);

  it("refuses outsiders, participants, annotators and reviewers of another project", async () => {
    expect((await report(vc, null, { format: "json" })).status).toBe(401);
    expect((await report(vc, participant, { format: "json" })).status).toBe(403);
    expect((await report(vc, annotator, { format: "json" })).status).toBe(403);
    expect((await report(vc, otherReviewer, { format: "json" })).status).toBe(404);
    const outsider = await createTestUser({ role: "REVIEWER" });
    expect((await report(vc, outsider, { format: "json" })).status).toBe(404);
    expect((await report(vc, outsider)).status).toBe(404);
    expect((await report(vc, reviewer, { format: "json" })).status).toBe(200);
    expect((await report(otherProject, otherReviewer, { format: "json" })).status).toBe(200);
  });
});
