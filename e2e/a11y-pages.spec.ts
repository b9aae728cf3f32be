import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { demoFormProjects } from "@/lib/demo/demo-form-items";
import { demoItems } from "@/lib/demo/demo-items";
import type { AccountRole } from "./support/accounts";
import { axeViolations, SERIOUS } from "./support/axe";
import { acceptConsent, DEMO_PROJECT, itemIds, openStudy, projectIdByName, sessionIdFromUrl } from "./support/baseline";
import { createJudgeRuns, DEMO_DOUBLE_PROJECT, demoAdjudicationIds, type JudgeRuns } from "./support/review-ids";
import { signIn } from "./support/sign-in";
import { openWorkspace } from "./support/workspace";

/**
 * Issue 19.13: axe-core over every page of the app, with 0 serious or critical violations. The
 * pages are found by walking app/**\/page.tsx, so a new page without an entry in VISITS fails the
 * first test; each entry opens the page with real ids from the seeded e2e database (demo projects,
 * the demo double review, the demo annotator's tasks: scripts/e2e-prepare.sh) or made here through
 * the API (judge runs, studies, an invitation), as the role that uses it, in the states worth
 * checking (the workspace of every demo project's kind; the participant's study link, consent,
 * streaming and free-rewatch sessions).
 */

const APP = path.join(process.cwd(), "app");

/** The route of every app/**\/page.tsx: route groups "(x)" dropped, e.g. "/annotate/[taskId]". */
function pageRoutes(dir = APP): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...pageRoutes(full));
    else if (name === "page.tsx") {
      const segments = path.relative(APP, dir).split(path.sep).filter((s) => s && !/^\(.*\)$/.test(s));
      out.push(`/${segments.join("/")}`);
    }
  }
  return out.sort();
}

type Ids = {
  demoProjectId: string;
  doubleProjectId: string;
  demoItemId: string;
  videoId: string;
  /** One of the demo annotator's tasks per kind (benchmark, VCBench subtype). */
  tasks: { kind: string; taskId: string }[];
  feedbackAnnotationId: string;
  adjudicationId: string;
  judge: JudgeRuns;
  streamingStudyId: string;
  freeStudyId: string;
  landingStudyId: string;
  inviteUrl: string;
};

type Visit = {
  role: AccountRole | null;
  path: string;
  /** What the check looks at, when one path is checked in several states. */
  label?: string;
  /** Waits until the page shows what is to be checked (after goto). */
  ready?: (page: Page) => Promise<void>;
};

const main = async (page: Page) => {
  await expect(page.locator("main, [role=main]").first()).toBeVisible();
};
const waitFor = (testId: string) => async (page: Page) => {
  await expect(page.getByTestId(testId).first()).toBeVisible({ timeout: 20_000 });
};
const playerReady = async (page: Page) => {
  await expect(page.getByTestId("player-status")).toHaveText(/paused/, { timeout: 20_000 });
};

/** Every page: who opens it, at which ids. */
const VISITS: Record<string, (ids: Ids) => Visit[]> = {
  "/": () => [
    { role: "ADMIN", path: "/" },
    { role: "ANNOTATOR", path: "/" },
  ],
  "/sign-in": () => [{ role: null, path: "/sign-in" }],
  "/invite/[token]": (ids) => [{ role: null, path: new URL(ids.inviteUrl).pathname }],
  "/forbidden": () => [{ role: "ANNOTATOR", path: "/forbidden" }],
  "/account/tokens": () => [{ role: "ADMIN", path: "/account/tokens" }],
  "/annotate": () => [{ role: "ANNOTATOR", path: "/annotate" }],
  "/annotate/[taskId]": (ids) =>
    ids.tasks.map((t) => ({ role: "ANNOTATOR" as const, path: `/annotate/${t.taskId}`, label: t.kind, ready: (page: Page) => openWorkspace(page, t.taskId) })),
  "/annotate/feedback/[annotationId]": (ids) => [{ role: "ANNOTATOR", path: `/annotate/feedback/${ids.feedbackAnnotationId}`, ready: waitFor("feedback-verdict") }],
  "/review": () => [{ role: "REVIEWER", path: "/review" }],
  "/review/adjudications/[id]": (ids) => [
    {
      role: "REVIEWER",
      path: `/review/adjudications/${ids.adjudicationId}`,
      ready: async (page) => {
        await waitFor("adjudication-view")(page);
        await playerReady(page);
      },
    },
  ],
  "/review/judge": () => [{ role: "REVIEWER", path: "/review/judge" }],
  "/review/judge/runs/[runId]/vsas": (ids) => [
    {
      role: "REVIEWER",
      path: `/review/judge/runs/${ids.judge.vsas.runId}/vsas`,
      ready: async (page) => {
        await waitFor("vsas-grader")(page);
        await playerReady(page);
      },
    },
  ],
  "/review/judge/runs/[runId]/ec": (ids) => [{ role: "REVIEWER", path: `/review/judge/runs/${ids.judge.ec.runId}/ec`, ready: waitFor("ec-matcher") }],
  "/projects": () => [{ role: "ADMIN", path: "/projects" }],
  "/projects/new": () => [{ role: "ADMIN", path: "/projects/new" }],
  "/projects/[projectId]": (ids) => [{ role: "ADMIN", path: `/projects/${ids.demoProjectId}` }],
  "/projects/[projectId]/items": (ids) => [{ role: "ADMIN", path: `/projects/${ids.demoProjectId}/items` }],
  "/projects/[projectId]/items/[itemId]": (ids) => [{ role: "ADMIN", path: `/projects/${ids.demoProjectId}/items/${ids.demoItemId}` }],
  "/projects/[projectId]/settings": (ids) => [{ role: "ADMIN", path: `/projects/${ids.demoProjectId}/settings` }],
  "/projects/[projectId]/workflow": (ids) => [{ role: "ADMIN", path: `/projects/${ids.doubleProjectId}/workflow` }],
  "/projects/[projectId]/agreement": (ids) => [{ role: "ADMIN", path: `/projects/${ids.doubleProjectId}/agreement`, ready: waitFor("agreement-charts") }],
  "/projects/[projectId]/report": (ids) => [
    { role: "ADMIN", path: `/projects/${ids.judge.ec.projectId}/report`, ready: waitFor("report-table") },
    { role: "ADMIN", path: `/projects/${ids.doubleProjectId}/report`, ready: waitFor("report-provenance") },
  ],
  "/projects/[projectId]/qualification": (ids) => [{ role: "ADMIN", path: `/projects/${ids.doubleProjectId}/qualification` }],
  "/projects/[projectId]/runs": (ids) => [{ role: "ADMIN", path: `/projects/${ids.judge.ec.projectId}/runs` }],
  "/projects/[projectId]/runs/new": (ids) => [{ role: "ADMIN", path: `/projects/${ids.judge.ec.projectId}/runs/new` }],
  "/projects/[projectId]/runs/[runId]": (ids) => [{ role: "ADMIN", path: `/projects/${ids.judge.ec.projectId}/runs/${ids.judge.ec.runId}` }],
  "/projects/[projectId]/leaderboard": (ids) => [{ role: "ADMIN", path: `/projects/${ids.judge.ec.projectId}/leaderboard` }],
  "/projects/[projectId]/leaderboard/items/[itemId]": (ids) => [{ role: "ADMIN", path: `/projects/${ids.judge.ec.projectId}/leaderboard/items/${ids.judge.ec.itemId}` }],
  "/admin/users": () => [{ role: "ADMIN", path: "/admin/users" }],
  "/admin/audit": () => [{ role: "ADMIN", path: "/admin/audit" }],
  "/admin/jobs": () => [{ role: "ADMIN", path: "/admin/jobs" }],
  "/admin/studies": () => [{ role: "ADMIN", path: "/admin/studies" }],
  "/admin/studies/[studyId]": (ids) => [
    { role: "ADMIN", path: `/admin/studies/${ids.streamingStudyId}`, label: "streaming study" },
    { role: "ADMIN", path: `/admin/studies/${ids.freeStudyId}`, label: "free-rewatch study" },
  ],
  "/videos": () => [{ role: "ADMIN", path: "/videos" }],
  "/videos/upload": () => [{ role: "ADMIN", path: "/videos/upload" }],
  "/videos/[id]": (ids) => [{ role: "ADMIN", path: `/videos/${ids.videoId}`, ready: playerReady }],
  // The participant's pages: the study link, then its consent (after "Take part"), the streaming and
  // the free-rewatch sessions (joined here: consent accepted), and the done page.
  "/s/[studyId]": (ids) => [
    { role: "PARTICIPANT", path: `/s/${ids.landingStudyId}`, label: "study link" },
    {
      role: "PARTICIPANT",
      path: `/s/${ids.landingStudyId}`,
      label: "consent",
      ready: async (page) => {
        const takePart = page.getByRole("link", { name: "Take part with this account" });
        if (await takePart.isVisible()) await takePart.click();
        await waitFor("consent-text")(page);
      },
    },
  ],
  "/s/[studyId]/session/[sessionId]": (ids) =>
    [
      { id: ids.streamingStudyId, label: "streaming session" },
      { id: ids.freeStudyId, label: "free-rewatch session" },
    ].map(({ id, label }) => ({
      role: "PARTICIPANT" as const,
      path: `/s/${id}`,
      label,
      ready: async (page: Page) => {
        const takePart = page.getByRole("link", { name: "Take part with this account" });
        if (await takePart.isVisible()) await takePart.click();
        if (!/\/session\//.test(page.url())) await acceptConsent(page, id);
        sessionIdFromUrl(page);
        await expect(page.locator('video[data-testid="baseline-video"]')).toHaveCount(1, { timeout: 20_000 });
      },
    })),
  "/s/[studyId]/done": (ids) => [{ role: "PARTICIPANT", path: `/s/${ids.streamingStudyId}/done` }],
};

/**
 * Best-practice rules (moderate / minor impact) checked on every page too: the issue found them in
 * the annotation workspace (headings that skip a level; a table header with no text).
 */
const ALSO_CHECKED = ["heading-order", "empty-table-header"];

let ids: Ids;
const contexts = new Map<AccountRole | "anonymous", BrowserContext>();

async function contextFor(browser: Browser, role: AccountRole | null): Promise<BrowserContext> {
  const key = role ?? "anonymous";
  let context = contexts.get(key);
  if (!context) {
    context = await browser.newContext();
    if (role) {
      const page = await context.newPage();
      await signIn(page, role);
      await page.close();
    }
    contexts.set(key, context);
  }
  return context;
}

async function collectIds(browser: Browser): Promise<Ids> {
  const admin = (await contextFor(browser, "ADMIN")).request;
  const annotator = (await contextFor(browser, "ANNOTATOR")).request;
  const reviewer = (await contextFor(browser, "REVIEWER")).request;
  const demoProjectId = await projectIdByName(admin, DEMO_PROJECT);
  const doubleProjectId = await projectIdByName(admin, DEMO_DOUBLE_PROJECT);
  const demoItemId = (await itemIds(admin, demoProjectId)).values().next().value as string;
  const videos = (await (await admin.get("/api/videos")).json()) as { videos: { id: string; originalName: string }[] };
  const videoId = videos.videos.find((v) => v.originalName === "demo-cfr30.mp4")!.id;

  // One task per kind of the demo annotator's queue: benchmark, and the VCBench subtype of demo items.
  const subtypes = new Map(demoItems().map((i) => [i.externalId, i.subtype]));
  const queue = (await (await annotator.get("/api/me/tasks")).json()) as { tasks: { id: string; kind: string; project: { name: string; benchmark: string }; item: { externalId: string } }[] };
  const byKind = new Map<string, string>();
  for (const t of queue.tasks) {
    // CUSTOM (Playhead-format) items have no annotation document: the workspace refuses them.
    if (t.kind !== "ANNOTATE" || t.project.name === DEMO_DOUBLE_PROJECT || t.project.benchmark === "CUSTOM") continue;
    const kind = t.project.benchmark === "VCBENCH" ? `VCBENCH ${subtypes.get(t.item.externalId) ?? "?"}` : t.project.benchmark;
    if (!byKind.has(kind)) byKind.set(kind, t.id);
  }
  const tasks = [...byKind].map(([kind, taskId]) => ({ kind, taskId }));

  const feedbackList = ((await (await annotator.get("/api/me/feedback")).json()) as { feedback: { annotationId: string }[] }).feedback;
  expect(feedbackList.length, "the demo annotator has feedback on the demo double review's agreed item").toBeGreaterThan(0);
  const [adjudicationId] = await demoAdjudicationIds(reviewer, "DISPUTED");
  const judge = await createJudgeRuns(admin, `a11y-${Date.now()}`);

  const forms = demoFormProjects();
  const study = async (protocol: "STREAMING" | "FREE_REWATCH") => {
    const spec = forms.find((p) => p.protocol === protocol)!;
    const projectId = await projectIdByName(admin, spec.name);
    const items = await itemIds(admin, projectId);
    return openStudy(admin, { projectId, protocol, itemIds: spec.items.map((i) => items.get(i.externalId)!) });
  };
  const invite = await admin.post("/api/admin/users/invites", { data: { email: `a11y-${Date.now()}@playhead.local`, role: "ANNOTATOR" } });
  expect(invite.status(), await invite.text()).toBe(201);
  const inviteBody = (await invite.json()) as { url: string };
  return {
    demoProjectId,
    doubleProjectId,
    demoItemId,
    videoId,
    tasks,
    feedbackAnnotationId: feedbackList[0].annotationId,
    adjudicationId,
    judge,
    streamingStudyId: await study("STREAMING"),
    freeStudyId: await study("FREE_REWATCH"),
    landingStudyId: await study("FREE_REWATCH"),
    inviteUrl: inviteBody.url,
  };
}

test("every page of the app has an entry in the accessibility walk", () => {
  const routes = pageRoutes();
  expect(routes.length).toBeGreaterThan(30);
  expect(routes.filter((r) => !(r in VISITS)), "pages without an entry").toEqual([]);
  expect(Object.keys(VISITS).filter((r) => !routes.includes(r)), "entries without a page").toEqual([]);
});

test.describe("axe-core on every page", () => {
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(240_000);
    ids = await collectIds(browser);
  });
  test.afterAll(async () => {
    for (const c of contexts.values()) await c.close();
    contexts.clear();
  });

  for (const route of Object.keys(VISITS)) {
    test(`${route}: no serious or critical violation, headings in order, no empty table header`, async ({ browser }) => {
      test.setTimeout(180_000);
      const visits = VISITS[route](ids);
      expect(visits.length, `${route} is visited`).toBeGreaterThan(0);
      if (route === "/annotate/[taskId]") {
        // The demo projects' kinds: VCBench O1-Snap / O2-Unique / E1-Transit, TOC-Bench, VSTAT, EC-Bench, VSAS.
        expect(ids.tasks.map((t) => t.kind).sort()).toEqual(expect.arrayContaining(["ECBENCH", "TOCBENCH", "VCBENCH E1-Transit", "VCBENCH O1-Snap", "VCBENCH O2-Unique", "VSAS", "VSTAT"]));
      }
      const problems: string[] = [];
      for (const v of visits) {
        const context = await contextFor(browser, v.role);
        const page = await context.newPage();
        try {
          const res = await page.goto(v.path);
          expect(res?.status(), `${v.path} answers`).toBeLessThan(400);
          await (v.ready ?? main)(page);
          const found = await axeViolations(page);
          for (const f of found) {
            if ((SERIOUS as readonly string[]).includes(f.impact) || ALSO_CHECKED.includes(f.rule)) problems.push(`${v.path}${v.label ? ` (${v.label})` : ""}: ${f.line}`);
          }
        } finally {
          await page.close();
        }
      }
      expect(problems, `axe violations on ${route}`).toEqual([]);
    });
  }
});
