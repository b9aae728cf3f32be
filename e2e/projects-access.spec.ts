import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E_PASSWORD } from "./support/accounts";
import { signIn, signInWithEmail } from "./support/sign-in";

/**
 * Every project page in Chromium as each demo role, as a reviewer and an annotator who are not
 * members of the demo project, and signed out: the page each gets (the page itself, Next's 404
 * page, /forbidden, sign-in), its tab title, and whether the ground truth is anywhere in what the
 * browser received — the HTML and the RSC payload (lib/projects/access.ts: admins and reviewer
 * members see truth; annotators never on these pages; non-members do not see the project at all).
 * Also: the truth version is one number — the overview, the leaderboard and the item page agree.
 */

const stamp = Date.now();
const OUTSIDERS = {
  reviewer: { email: `outside-reviewer-${stamp}@example.org`, name: "Olga Outsider", role: "REVIEWER" },
  annotator: { email: `outside-annotator-${stamp}@example.org`, name: "Otto Outsider", role: "ANNOTATOR" },
} as const;

type Viewer = "ADMIN" | "REVIEWER" | "ANNOTATOR" | "outside reviewer" | "outside annotator" | "PARTICIPANT" | "signed out";
type Outcome = "page" | "404" | "forbidden" | "sign-in";

/** Truth as it would reach the browser: the truth card, the timeline's per-point truth, the drill-down truth. */
const TRUTH = /data-testid="item-truth"|"detail":"truth |data-testid="drill-truth"|Native annotation \(source\)/;

const demo = { id: "", name: "", itemId: "", itemExternalId: "", runId: "", runName: `Access check ${stamp}`, videoId: "" };

async function signInAs(page: Page, email: string): Promise<void> {
  await signInWithEmail(page, email);
}

async function pageAs(browser: Browser, viewer: Viewer): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  if (viewer === "signed out") return page;
  if (viewer === "outside reviewer") await signInAs(page, OUTSIDERS.reviewer.email);
  else if (viewer === "outside annotator") await signInAs(page, OUTSIDERS.annotator.email);
  else await signIn(page, viewer);
  return page;
}

type PageCase = { name: string; path: () => string; title: () => string; outcome: Record<Viewer, Outcome>; truth: Viewer[] };

const all = (o: Outcome, others: Partial<Record<Viewer, Outcome>> = {}): Record<Viewer, Outcome> => ({
  ADMIN: o,
  REVIEWER: o,
  ANNOTATOR: o,
  "outside reviewer": o,
  "outside annotator": o,
  PARTICIPANT: "forbidden",
  "signed out": "sign-in",
  ...others,
});
/** Read pages: admins and members; non-members get the 404 page. */
const read = all("page", { "outside reviewer": "404", "outside annotator": "404" });

function cases(): PageCase[] {
  const base = () => `/projects/${demo.id}`;
  return [
    { name: "projects", path: () => "/projects", title: () => "Projects", outcome: all("page"), truth: [] },
    { name: "overview", path: base, title: () => `Overview · ${demo.name}`, outcome: read, truth: [] },
    { name: "items", path: () => `${base()}/items`, title: () => `Items · ${demo.name}`, outcome: read, truth: [] },
    { name: "item", path: () => `${base()}/items/${demo.itemId}`, title: () => `${demo.itemExternalId} · Items · ${demo.name}`, outcome: read, truth: ["ADMIN", "REVIEWER"] },
    { name: "runs", path: () => `${base()}/runs`, title: () => `Runs · ${demo.name}`, outcome: read, truth: [] },
    { name: "run", path: () => `${base()}/runs/${demo.runId}`, title: () => `${demo.runName} · Runs · ${demo.name}`, outcome: read, truth: [] },
    {
      name: "upload predictions",
      path: () => `${base()}/runs/new`,
      title: () => `Upload predictions · Runs · ${demo.name}`,
      outcome: { ...read, ANNOTATOR: "forbidden", "outside annotator": "forbidden" },
      truth: [],
    },
    { name: "leaderboard", path: () => `${base()}/leaderboard`, title: () => `Leaderboard · ${demo.name}`, outcome: read, truth: [] },
    {
      name: "leaderboard item",
      path: () => `${base()}/leaderboard/items/${demo.itemId}`,
      title: () => `${demo.itemExternalId} · Leaderboard · ${demo.name}`,
      outcome: { ...read, ANNOTATOR: "forbidden", "outside annotator": "forbidden" },
      truth: ["ADMIN", "REVIEWER"],
    },
    { name: "settings", path: () => `${base()}/settings`, title: () => `Settings · ${demo.name}`, outcome: all("forbidden", { ADMIN: "page" }), truth: [] },
    // demo-vfr.mp4 is used by the demo project only (demo-cfr30.mp4 also by the answer-form projects, which the outsiders are members of).
    { name: "video of the demo project", path: () => `/videos/${demo.videoId}`, title: () => "demo-vfr.mp4 · Videos", outcome: read, truth: [] },
  ];
}

test.describe.configure({ mode: "serial" });

test.describe("project pages by role and membership", () => {
  test.beforeAll(async ({ browser }) => {
    const page = await pageAs(browser, "ADMIN");
    for (const o of Object.values(OUTSIDERS)) {
      const res = await page.request.post("/api/admin/users", { data: { ...o, password: E2E_PASSWORD } });
      expect(res.status(), await res.text()).toBe(201);
    }
    const projects = (await (await page.request.get("/api/projects")).json()).projects as { id: string; name: string; slug: string }[];
    const p = projects.find((x) => x.slug === "demo-streaming-counting")!;
    demo.id = p.id;
    demo.name = p.name;
    // The outsiders are members of another demo project: membership elsewhere opens nothing here.
    const other = projects.find((x) => x.slug === "demo-forms-tocbench")!;
    for (const o of Object.values(OUTSIDERS)) {
      expect((await page.request.post(`/api/projects/${other.id}/members`, { data: { email: o.email, role: o.role } })).status()).toBe(201);
    }
    const items = (await (await page.request.get(`/api/projects/${demo.id}/items?q=cfr30`)).json()).items as { id: string; externalId: string; videoId: string }[];
    const item = items.find((i) => i.videoId)!;
    demo.itemId = item.id;
    demo.itemExternalId = item.externalId;
    const videos = (await (await page.request.get("/api/videos?q=demo-vfr")).json()).videos as { id: string; originalName: string }[];
    demo.videoId = videos.find((v) => v.originalName === "demo-vfr.mp4")!.id;
    // A run to open: the item's truth as predictions (VCBench unified records).
    const detail = (await (await page.request.get(`/api/projects/${demo.id}/items/${item.id}`)).json()).item;
    const record = { id: item.externalId, query_times: detail.queryPoints.map((q: { timeSec: number }) => q.timeSec), predictions: detail.truth.answer };
    const up = await page.request.post(`/api/projects/${demo.id}/runs?name=${encodeURIComponent(demo.runName)}&format=native`, {
      data: JSON.stringify(record) + "\n",
      headers: { "content-type": "application/octet-stream", "x-file-name": "preds.jsonl" },
    });
    expect(up.status(), await up.text()).toBe(201);
    demo.runId = (await up.json()).run.id;
    await page.context().close();
  });

  const viewers: Viewer[] = ["ADMIN", "REVIEWER", "ANNOTATOR", "outside reviewer", "outside annotator", "PARTICIPANT", "signed out"];
  for (const viewer of viewers) {
    test(`as ${viewer}`, async ({ browser }) => {
      const page = await pageAs(browser, viewer);
      const seen: string[] = [];
      for (const c of cases()) {
        const response = await page.goto(c.path());
        const url = new URL(page.url());
        const outcome: Outcome = url.pathname === "/forbidden" ? "forbidden" : url.pathname === "/sign-in" ? "sign-in" : response?.status() === 404 ? "404" : "page";
        const html = await page.content();
        const rsc = outcome === "page" ? await (await page.request.get(c.path(), { headers: { RSC: "1" } })).text() : "";
        const truth = TRUTH.test(html) || TRUTH.test(rsc);
        seen.push(`${c.name}: ${outcome}${truth ? " +truth" : ""}`);
        expect.soft(outcome, `${viewer} → ${c.name}`).toBe(c.outcome[viewer]);
        expect.soft(truth, `${viewer} → ${c.name}: truth in the page`).toBe(c.truth.includes(viewer));
        if (outcome === "page") {
          expect.soft(response?.status(), `${viewer} → ${c.name}`).toBe(200);
          await expect.soft(page, `${viewer} → ${c.name}: tab title`).toHaveTitle(`${c.title()} · Playhead`);
        } else {
          // A page the viewer may not open never names the project.
          expect.soft(html.includes(demo.name), `${viewer} → ${c.name}: project named`).toBe(false);
          if (outcome === "404") await expect.soft(page).toHaveTitle(/^(Not found|404[^·]*)( · Playhead)?$/);
        }
      }
      // The list shows the demo project to admins and members only.
      if (viewer !== "PARTICIPANT" && viewer !== "signed out") {
        await page.goto("/projects");
        const listed = await page.getByRole("table", { name: "Projects" }).getByRole("link", { name: demo.name, exact: true }).count();
        expect.soft(listed, `${viewer}: demo project listed`).toBe(viewer.startsWith("outside") ? 0 : 1);
      }
      test.info().annotations.push({ type: "pages", description: seen.join("; ") });
      await page.context().close();
    });
  }

  test("the truth version is one number: overview, leaderboard and item page agree", async ({ browser }) => {
    const page = await pageAs(browser, "REVIEWER");
    await page.goto(`/projects/${demo.id}`);
    const overview = (await page.getByTestId("stat-truth-version").textContent())!.trim();
    expect(Number(overview)).toBeGreaterThanOrEqual(1);
    await page.goto(`/projects/${demo.id}/leaderboard`);
    await expect(page.getByText(`truth version ${overview} ·`, { exact: false })).toBeVisible();
    await page.goto(`/projects/${demo.id}/items/${demo.itemId}`);
    await expect(page.getByTestId("item-truth-version")).toHaveText(overview);
    await page.goto(`/projects/${demo.id}/leaderboard/items/${demo.itemId}`);
    await expect(page.getByText(`Current at the project's truth version ${overview}.`)).toBeVisible();
    await page.context().close();
  });
});

