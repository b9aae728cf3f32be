/**
 * `npm run bench:annotate -- --part adjudicate`: the adjudication view opening an item with 500
 * marks per side (issue 12: first paint < 1 s). A 40 s 30 fps video (1,200 frames, generated once
 * into data/bench/) is added to the e2e data's demo VCBench project as an E1-Action item with two
 * SUBMITTED annotations of 500 marks each (by the two demo annotators) that dispute (a third of the
 * marks one frame apart, a tenth of each side alone: a few hundred differences), compared as the
 * k-th submit does and stored as a DISPUTED Adjudication claimed by the demo reviewer. In Chromium,
 * signed in as the reviewer, /review/adjudications/:id is opened `--runs` times; each run prints
 * the times from navigation start to (1) the first contentful paint, (2) the difference list's
 * first row in the DOM, (3) the lanes' first paint (`data-painted-at` of adjudication-lanes, set
 * the frame after the timeline canvases drew). Also prints the sizes of the page's HTML (with its
 * RSC payload) and of GET /api/adjudications/:id. Target: lanes painted < 1000 ms.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { openSession, pct, startServer } from "./browser-session";

const DATA_DIR = "data/e2e";
const VIDEO = "data/bench/forty-seconds-30fps.mp4";
const EXTERNAL_ID = "bench-adjudicate-500";
const MARKS = 500;

/** A's marks at odd frames 1..999; B's: a third one frame later, every tenth moved past A's range (unmatched on both sides). */
export function benchMarks(): { a: number[]; b: number[] } {
  const a = Array.from({ length: MARKS }, (_, i) => 2 * i + 1);
  const b = a.map((f, i) => (i % 10 === 0 ? 1001 + 2 * (i / 10) : i % 3 === 0 ? f + 1 : f));
  return { a, b };
}

async function ensureAdjudication(): Promise<string> {
  process.env.PLAYHEAD_DATA_DIR = DATA_DIR;
  process.env.DATABASE_URL = `file:${DATA_DIR}/playhead.db`;
  const { db } = await import("@/lib/db/prisma");
  const { ffmpegPath } = await import("@/lib/video/tool-paths");
  const { compareAnnotations } = await import("@/lib/review/compare");
  const { toStoredAgreement } = await import("@/lib/review/stored-agreement");
  const { e1Doc } = await import("@/lib/review/test-docs");
  if (!existsSync(VIDEO)) {
    mkdirSync(path.dirname(VIDEO), { recursive: true });
    execFileSync(ffmpegPath(), ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=30", "-t", "40", "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", "-pix_fmt", "yuv420p", VIDEO]);
  }
  const { ingestVideo } = await import("@/lib/video-library/ingest-video");
  const video = (await ingestVideo({ file: VIDEO, mode: "copy" }, { displayName: "forty-seconds-30fps.mp4", via: "import" })).video;
  const project = await db.project.findFirst({ where: { benchmark: "VCBENCH", items: { some: { externalId: { startsWith: "demo-" } } } }, select: { id: true } });
  const users = await db.user.findMany({ where: { email: { in: ["annotator@playhead.local", "annotator2@playhead.local", "reviewer@playhead.local"] } }, select: { id: true, email: true, role: true } });
  const by = (email: string) => users.find((u) => u.email === email);
  const [ua, ub, reviewer] = [by("annotator@playhead.local"), by("annotator2@playhead.local"), by("reviewer@playhead.local")];
  if (!project || !ua || !ub || !reviewer) throw new Error("the e2e data has no demo VCBench project / demo annotators / reviewer: run scripts/e2e-prepare.sh");
  await db.projectMember.upsert({ where: { projectId_userId: { projectId: project.id, userId: reviewer.id } }, create: { projectId: project.id, userId: reviewer.id, role: "REVIEWER" }, update: {} });
  const existing = await db.item.findFirst({ where: { projectId: project.id, externalId: EXTERNAL_ID }, select: { id: true } });
  if (existing) {
    const row = await db.adjudication.findFirst({ where: { itemId: existing.id }, select: { id: true } });
    await db.$disconnect();
    if (row) return row.id;
    throw new Error(`${EXTERNAL_ID} exists without an adjudication: rerun scripts/e2e-prepare.sh`);
  }
  const ordinal = (await db.item.count({ where: { projectId: project.id } })) + 1;
  const item = await db.item.create({
    data: { projectId: project.id, externalId: EXTERNAL_ID, ordinal, format: "count", question: "How many actions so far? (adjudication benchmark)", presentation: {}, labels: { subtype: "E1-Action" }, videoRef: "forty-seconds-30fps.mp4", videoId: video.id },
    select: { id: true },
  });
  const { a, b } = benchMarks();
  const queries = [300, 600, 900, 1150];
  const docs = [e1Doc(a, queries, "a"), e1Doc(b, queries, "b")];
  const annotationIds: string[] = [];
  for (const [j, user] of [ua, ub].entries()) {
    const task = await db.task.create({ data: { projectId: project.id, itemId: item.id, userId: user.id, kind: "ANNOTATE", mode: "blank", round: j + 1, status: "SUBMITTED" } });
    const ann = await db.annotation.create({ data: { itemId: item.id, authorId: user.id, taskId: task.id, data: docs[j] as never, status: "SUBMITTED", version: 2, submittedAt: new Date() } });
    annotationIds.push(ann.id);
  }
  const comparison = compareAnnotations(docs, { fps: 30, frameCount: video.frameCount });
  const row = await db.adjudication.create({
    data: {
      itemId: item.id,
      projectId: project.id,
      kind: "double",
      status: "DISPUTED",
      annotationIds,
      agreement: toStoredAgreement([ua.id, ub.id], annotationIds, comparison) as never,
      claimedById: reviewer.id,
      claimedAt: new Date(),
    },
  });
  await db.$disconnect();
  return row.id;
}

export type AdjudicateBenchResult = { runs: { fcp: number; listRow: number; lanesPainted: number }[]; htmlBytes: number; apiBytes: number; differences: number };

/** Records when the difference list's first row enters the DOM (ms since navigation start). */
const LIST_OBSERVER = `
  new MutationObserver((_, obs) => {
    if (document.querySelector('[data-testid="difference-list"] li')) { window.__listRowAt = performance.now(); obs.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
`;

export async function runAdjudicateBench(o: { runs: number }): Promise<AdjudicateBenchResult> {
  const adjudicationId = await ensureAdjudication();
  const server = await startServer();
  const session = await openSession(server.base, "reviewer@playhead.local");
  const { page } = session;
  try {
    await page.context().addInitScript({ content: LIST_OBSERVER });
    const url = `/review/adjudications/${adjudicationId}`;
    const api = await page.request.get(`/api/adjudications/${adjudicationId}`);
    if (!api.ok()) throw new Error(`GET /api/adjudications/${adjudicationId}: ${api.status()} ${await api.text()}`);
    const apiBody = await api.body();
    const differences = (JSON.parse(apiBody.toString("utf8")) as { differences: unknown[] }).differences.length;
    const htmlBytes = (await (await page.request.get(url)).body()).length;
    const runs: AdjudicateBenchResult["runs"] = [];
    for (let r = 0; r < o.runs + 1; r++) {
      await page.goto(url, { waitUntil: "commit" });
      await page.waitForFunction(() => !!document.querySelector('[data-testid="adjudication-lanes"]')?.getAttribute("data-painted-at") && (window as unknown as { __listRowAt?: number }).__listRowAt !== undefined, undefined, {
        timeout: 60_000,
      });
      const m = await page.evaluate(() => ({
        fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
        listRow: (window as unknown as { __listRowAt: number }).__listRowAt,
        lanesPainted: Number(document.querySelector('[data-testid="adjudication-lanes"]')!.getAttribute("data-painted-at")),
      }));
      if (r > 0) runs.push(m); // the first run warms the server's route
    }
    const col = (k: keyof AdjudicateBenchResult["runs"][number]) => runs.map((x) => x[k]);
    const fmt = (v: number[]) => `p50 ${pct(v, 50).toFixed(0)} ms, max ${Math.max(...v).toFixed(0)} ms`;
    console.log(`adjudicate: ${MARKS} marks per side, ${differences} differences; page HTML ${(htmlBytes / 1024).toFixed(1)} KiB, GET /api/adjudications/:id ${(apiBody.length / 1024).toFixed(1)} KiB`);
    console.log(`adjudicate: navigation start → first contentful paint: ${fmt(col("fcp"))}`);
    console.log(`adjudicate: navigation start → first difference row in the DOM: ${fmt(col("listRow"))}`);
    console.log(`adjudicate: navigation start → lanes painted: ${fmt(col("lanesPainted"))} (target < 1000 ms) over ${runs.length} runs`);
    return { runs, htmlBytes, apiBytes: apiBody.length, differences };
  } finally {
    await session.close();
    server.stop();
  }
}
