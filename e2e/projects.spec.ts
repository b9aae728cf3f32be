import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { displayedFrameIndex } from "./support/frame-index";
import { signIn } from "./support/sign-in";

/**
 * Projects and items through the UI: create a project by importing a small VCBench file (dry run
 * with its consistency report, then import), re-import reports "no changes", a broken file shows
 * its errors by line, the catalogue filters in the database, an item shows its video with the
 * query-point timeline (click seeks to the point's frame) or "video pending", truth for staff only.
 */

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const MINI = fixture("projects-vcbench-mini.jsonl");
const BROKEN = fixture("projects-vcbench-broken.jsonl");
const projectName = `E2E VCBench ${Date.now()}`;

test.describe.configure({ mode: "serial" });

async function checkFile(page: Page, file: string, name: string) {
  await page.goto("/projects/new");
  await page.getByLabel("Benchmark", { exact: true }).selectOption("VCBENCH");
  await page.getByLabel("Project name").fill(name);
  await page.getByLabel("Benchmark file").setInputFiles(file);
  await page.getByRole("button", { name: "Check file (dry run)" }).click();
}

test.describe("projects and items", () => {
  let catalogueUrl = "";

  test("an admin creates a project from a benchmark file: dry run, consistency report, import", async ({ page }) => {
    await signIn(page, "ADMIN");
    await page.goto("/projects");
    await page.getByRole("link", { name: "New project" }).click();
    await expect(page).toHaveURL(/\/projects\/new$/);

    // Hold the dry-run answer a moment so the progress bar can be seen.
    const dryRunUrl = (url: URL) => url.pathname === "/api/projects" && url.searchParams.get("dryRun") === "1";
    await page.route(dryRunUrl, async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await page.getByLabel("Benchmark", { exact: true }).selectOption("VCBENCH");
    await page.getByLabel("Project name").fill(projectName);
    await page.getByLabel("Benchmark file").setInputFiles(MINI);
    await page.getByRole("button", { name: "Check file (dry run)" }).click();
    await expect(page.getByTestId("upload-progress")).toBeVisible();

    const report = page.getByTestId("import-report");
    await expect(report).toBeVisible();
    await page.unroute(dryRunUrl);
    await expect(page.getByText("Dry run passed")).toBeVisible();
    await expect(report.getByTestId("report-count-items")).toHaveText("6");
    await expect(report.getByTestId("report-count-query-points")).toHaveText("16");
    await expect(report.getByTestId("report-count-videos-referenced")).toHaveText("5");
    await expect(report.getByTestId("report-count-videos-in-the-library")).toHaveText("2");
    await expect(report.getByTestId("report-count-would-create")).toHaveText("6");
    await expect(report.getByTestId("report-errors")).toHaveCount(0);
    const warnings = report.getByTestId("report-warnings");
    await warnings.getByText("count_disagrees_with_rule").click();
    const row = warnings.getByRole("row").filter({ hasText: "e2e-03" });
    await expect(row.getByRole("cell").first()).toHaveText("3");
    await expect(warnings.getByText("query_times_out_of_order")).toBeVisible();

    // Nothing is written by the dry run.
    const before = await page.request.get("/api/projects");
    expect((await before.json()).projects.map((p: { name: string }) => p.name)).not.toContain(projectName);

    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByText(/: 6 created, 0 updated, 0 unchanged/)).toBeVisible();
    await page.getByRole("link", { name: "Open catalogue" }).click();
    await expect(page).toHaveURL(/\/projects\/[^/]+\/items$/);
    catalogueUrl = new URL(page.url()).pathname;
    await expect(page.getByTestId("items-count")).toHaveText("Items 1–6 of 6");
    await expect(page).toHaveTitle(`Items · ${projectName} · Playhead`);

    // Reviewers and annotators see only the projects they are members of: add the demo ones.
    await page.getByRole("navigation", { name: "Project sections" }).getByRole("link", { name: "Settings" }).click();
    for (const [who, role] of [["reviewer@playhead.local", "Reviewer"], ["annotator@playhead.local", "Annotator"]] as const) {
      const add = page.getByLabel("Add a member");
      const option = add.locator("option", { hasText: `<${who}>` });
      await add.selectOption((await option.getAttribute("value"))!);
      await expect(page.getByLabel("Role", { exact: true })).toHaveValue(role.toUpperCase());
      await page.getByRole("button", { name: "Add", exact: true }).click();
      await expect(page.getByRole("table", { name: "Members" }).getByRole("row").filter({ hasText: who })).toBeVisible();
      await expect(page.getByLabel(`Project role of ${who}`)).toHaveValue(role.toUpperCase());
    }
  });

  test("the same file again reports no changes; a broken file shows its errors by line and cannot be imported", async ({ page }) => {
    await signIn(page, "ADMIN");
    await checkFile(page, MINI, projectName);
    await expect(page.getByText("No changes", { exact: true })).toBeVisible();
    await expect(page.getByTestId("import-outcome")).toContainText("No changes");
    await expect(page.getByRole("button", { name: "Import", exact: true })).toHaveCount(0);

    await checkFile(page, BROKEN, `${projectName} broken`);
    await expect(page.getByRole("alert").filter({ hasText: "cannot be imported" })).toBeVisible();
    const errors = page.getByTestId("report-errors");
    await expect(errors).toBeVisible();
    const first = errors.getByRole("row").filter({ hasText: "query_points.count[0]" });
    await expect(first).toContainText("b-02");
    await expect(first.getByRole("cell").first()).toHaveText("2");
    await expect(errors.getByRole("row").filter({ hasText: "malformed_json" }).getByRole("cell").first()).toHaveText("3");
    await expect(page.getByRole("button", { name: "Import", exact: true })).toHaveCount(0);
  });

  test("the catalogue filters by label, video and text on the server", async ({ page }) => {
    await signIn(page, "REVIEWER");
    await page.goto(catalogueUrl);
    await expect(page.getByTestId("items-count")).toHaveText("Items 1–6 of 6");

    await page.getByLabel("Subtype").selectOption("O1-Snap");
    await expect(page).toHaveURL(/label\.subtype=O1-Snap/);
    await expect(page.getByTestId("items-count")).toHaveText("Items 1–2 of 2 matching the filters");

    await page.getByLabel("Video", { exact: true }).selectOption("pending");
    await expect(page.getByTestId("items-count")).toHaveText("Items 1–1 of 1 matching the filters");
    await expect(page.getByTestId("item-row")).toHaveCount(1);
    await expect(page.getByTestId("item-row")).toContainText("e2e-06");

    await page.getByRole("button", { name: "Clear all" }).click();
    await expect(page.getByTestId("items-count")).toHaveText("Items 1–6 of 6");

    await page.getByLabel("Search", { exact: true }).fill("push-ups");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByTestId("items-count")).toHaveText("Items 1–1 of 1 matching the filters");
    await expect(page.getByTestId("item-row")).toContainText("e2e-04");

    await page.getByLabel("Source dataset").selectOption("Demo");
    await expect(page.getByTestId("items-count")).toHaveText("No items matching the filters");
  });

  test("an item shows its video with the query-point timeline; clicking a point seeks to its frame", async ({ page }) => {
    await signIn(page, "ADMIN");
    await page.goto(catalogueUrl);
    await page.getByRole("link", { name: "e2e-01", exact: true }).click();
    await expect(page.getByTestId("item-question")).toHaveText("How many squares are visible at this moment?");
    await expect(page.getByTestId("item-truth")).toBeVisible();
    await expect(page.getByTestId("item-labels")).toContainText("O1-Snap");
    await expect(page.getByTestId("video-player")).toBeVisible();
    await expect(page.getByTestId("timeline-point")).toHaveCount(3);

    const video = "[data-testid=video-player] video";
    await expect.poll(() => page.evaluate((sel) => (document.querySelector(sel) as HTMLVideoElement | null)?.readyState ?? 0, video), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await page.getByRole("button", { name: /^Query point 2 at 5 s, frame 150/ }).click();
    await expect.poll(() => displayedFrameIndex(page, video), { timeout: 15_000 }).toBe(150);
    await expect.poll(async () => Number(await page.getByTestId("timeline-playhead").getAttribute("data-time"))).toBeCloseTo(5, 1);
    await page.getByRole("button", { name: /^Query point 3 at 8 s, frame 240/ }).click();
    await expect.poll(() => displayedFrameIndex(page, video), { timeout: 15_000 }).toBe(240);
  });

  test("an item without its video says so; annotators see no truth anywhere on the page; participants are refused", async ({ page, browser }) => {
    await signIn(page, "ANNOTATOR");
    await page.goto(catalogueUrl);
    await page.getByRole("link", { name: "e2e-03", exact: true }).click();
    await expect(page.getByTestId("video-pending")).toContainText("Video pending: RoomTour3D/pending-a.mp4");
    await expect(page.getByTestId("timeline-point")).toHaveCount(3);
    await expect(page.getByTestId("item-question")).toBeVisible();
    await expect(page.getByTestId("item-truth")).toHaveCount(0);
    await expect(page.getByRole("table", { name: "Query points" }).getByRole("columnheader", { name: "Truth" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Check file (dry run)" })).toHaveCount(0);
    // Nor in the page's HTML and RSC payload, nor in its API: the item's counts (its truth) never reach an annotator.
    const itemUrl = new URL(page.url()).pathname;
    const html = await (await page.request.get(itemUrl)).text();
    const rsc = await (await page.request.get(itemUrl, { headers: { RSC: "1" } })).text();
    for (const text of [html, rsc]) {
      expect(text).toContain("e2e-03");
      expect(text).not.toMatch(/"answer"|occurrence_times|Ground truth|"detail":"truth/);
    }
    const api = await page.request.get(`/api${itemUrl}`);
    expect(api.status()).toBe(200);
    const body = await api.json();
    expect(body.truthVisible).toBe(false);
    expect(body.item).not.toHaveProperty("truth");

    // A reviewer member sees the truth on the same page.
    const reviewerContext = await browser.newContext();
    const reviewer = await reviewerContext.newPage();
    await signIn(reviewer, "REVIEWER");
    await reviewer.goto(itemUrl);
    await expect(reviewer.getByTestId("item-truth")).toBeVisible();
    // (The same payload check would see it: the reviewer's payload carries the truth.)
    expect(await (await reviewer.request.get(itemUrl, { headers: { RSC: "1" } })).text()).toMatch(/"detail":"truth/);
    await reviewerContext.close();

    const context = await browser.newContext();
    const other = await context.newPage();
    await signIn(other, "PARTICIPANT");
    await other.goto(catalogueUrl);
    await expect(other).toHaveURL(/\/forbidden/);
    const refused = await other.request.get(`/api${catalogueUrl}`);
    expect(refused.status()).toBe(403);
    expect(await refused.text()).not.toContain("count_disagrees");
    await context.close();
  });
});
