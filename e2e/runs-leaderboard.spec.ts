import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { addDemoMembers } from "./support/members";
import { signIn } from "./support/sign-in";

/**
 * Model runs and the leaderboard through the UI: import a small VCBench project, upload a run in
 * the native prediction format (with planted problems), read the run's page (aggregates equal to
 * the command-line scorer's, the problems listed), the leaderboard (model rows, columns ×100,
 * sorting, 95 % intervals, charts, per-item drill-down for staff who may see truth only), CSV and
 * JSON exports; an API token created in the UI uploads a run over REST until it is revoked; a
 * TOC-Bench project shows the paper's chance row.
 */

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const MINI = fixture("projects-vcbench-mini.jsonl");
const PREDS = fixture("runs-vcbench-preds.jsonl");
const TOC = fixture("runs-tocbench-answer_final.json");
const TOC_PREDS = fixture("runs-tocbench-preds.jsonl");
const stamp = Date.now();
const projectName = `E2E runs ${stamp}`;
const RUN = "Model A (UI upload)";
const RUN_B = "Model B (all zeros)";

test.describe.configure({ mode: "serial" });

/** The command-line scorer (lib/score-cli) on the same files: the reference for the server's numbers. */
function cliScores(benchmark: string, truth: string, preds: string) {
  const root = path.resolve(fileURLToPath(new URL("..", import.meta.url)));
  const r = spawnSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "scripts/score.ts", "--benchmark", benchmark, "--truth", truth, "--preds", preds, "--json"], {
    cwd: root,
    encoding: "utf8",
  });
  if (r.status !== 0 && !r.stdout.trim().startsWith("{")) throw new Error(`score CLI failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

const x100 = (v: number) => (v * 100).toFixed(1);

async function importProject(request: APIRequestContext, kind: string, name: string, file: string): Promise<string> {
  const res = await request.post(`/api/projects?kind=${kind}&name=${encodeURIComponent(name)}`, {
    data: readFileSync(file),
    headers: { "content-type": "application/octet-stream", "x-file-name": encodeURIComponent(path.basename(file)) },
  });
  expect(res.status(), await res.text()).toBe(201);
  const list = await (await request.get("/api/projects")).json();
  return list.projects.find((p: { name: string }) => p.name === name).id;
}

async function uploadRunApi(request: APIRequestContext, projectId: string, name: string, body: string | Buffer, headers: Record<string, string> = {}) {
  return request.post(`/api/projects/${projectId}/runs?name=${encodeURIComponent(name)}&format=native`, {
    data: body,
    headers: { "content-type": "application/octet-stream", ...headers },
  });
}

const row = (page: Page, name: string) => page.locator(`[data-testid=leaderboard-row][data-run-name="${name}"]`);
const cell = (page: Page, name: string, key: string) => row(page, name).locator(`[data-column="${key}"] [data-testid=cell-value]`);

test.describe("runs and leaderboard", () => {
  let projectId = "";
  let runUrl = "";
  const cli = cliScores("vcbench", MINI, PREDS);

  test("an admin uploads a run through the UI; its page shows the scores and the problems", async ({ page }) => {
    await signIn(page, "ADMIN");
    projectId = await importProject(page.request, "vcbench", projectName, MINI);
    await addDemoMembers(page.request, projectId, ["REVIEWER", "ANNOTATOR"]);

    // The overview links to runs and leaderboard.
    await page.goto(`/projects/${projectId}`);
    const sections = page.getByRole("navigation", { name: "Project sections" });
    await expect(sections.getByRole("link", { name: "Leaderboard" })).toHaveAttribute("href", `/projects/${projectId}/leaderboard`);
    await sections.getByRole("link", { name: "Runs" }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/runs$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(projectName);
    await expect(page.getByText("No runs yet: upload a prediction file.")).toBeVisible();
    await page.getByRole("link", { name: "Upload predictions" }).click();

    await page.getByLabel("Prediction file").setInputFiles(PREDS);
    await page.getByLabel("Run name").fill(RUN);
    await page.getByLabel("Format").selectOption("native");
    await page.getByRole("button", { name: "Upload and score" }).click();
    const done = page.getByRole("status").filter({ hasText: `Run “${RUN}” scored` });
    await expect(done).toBeVisible();
    await expect(done).toContainText("5 of 6 items scored");
    await done.getByRole("link", { name: "Open the run" }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/runs/(?!new$)[^/]+$`));
    runUrl = new URL(page.url()).pathname;

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(RUN);
    await expect(page).toHaveTitle(`${RUN} · Runs · ${projectName} · Playhead`);
    await expect(page.getByTestId("score-overall.gpa")).toHaveText(x100(cli.overall.gpa));
    await expect(page.getByTestId("score-overall.moc")).toHaveText(x100(cli.overall.moc));
    await expect(page.getByTestId("score-overall.uda")).toHaveText(x100(cli.overall.uda));
    await expect(page.getByTestId("score-E1-Transit.gpa")).toHaveText(x100(cli.by_subtype["E1-Transit"].gpa));
    const problems = page.getByTestId("run-problems");
    await expect(problems.getByRole("listitem")).toHaveCount(3);
    await expect(problems.getByRole("listitem").filter({ hasText: "unknown_id" })).toContainText('line 5: id "zz-unknown"');
    await expect(problems.getByRole("listitem").filter({ hasText: "invalid_answer" })).toContainText('line 3: answer "two" of "e2e-03"');
    await expect(problems.getByRole("listitem").filter({ hasText: "missing_prediction" })).toContainText("e2e-05");
  });

  test("the leaderboard: rows, columns ×100, sorting, intervals, charts, exports", async ({ page }) => {
    await signIn(page, "ADMIN");
    // A second model row, uploaded as the signed-in admin over the API.
    const zeros = readFileSync(MINI, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l))
      .map((r) => JSON.stringify({ id: r.id, query_times: r.query_points.time, predictions: r.query_points.time.map(() => 0) }))
      .join("\n");
    expect((await uploadRunApi(page.request, projectId, RUN_B, zeros)).status()).toBe(201);

    await page.goto(runUrl);
    await page.getByRole("link", { name: "Leaderboard →" }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/leaderboard$`));
    await expect(page).toHaveTitle(`Leaderboard · ${projectName} · Playhead`);
    const table = page.getByTestId("leaderboard-table");
    await expect(table.getByRole("columnheader", { name: "Overall" })).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "O1-Snap" })).toBeVisible();
    await expect(table.getByRole("button", { name: /^GPA/ }).first()).toBeVisible();
    await expect(cell(page, RUN, "overall.gpa")).toHaveText(x100(cli.overall.gpa));
    await expect(cell(page, RUN, "overall.uda")).toHaveText(x100(cli.overall.uda));
    await expect(cell(page, RUN, "O2-Unique.gpa")).toHaveText(x100(cli.by_subtype["O2-Unique"].gpa));
    // VCBench's paper reports no chance baseline: the page says so (TOC-Bench below has one).
    await expect(page.getByTestId("chance-note")).toBeVisible();

    // Sorted by overall GPA (best first); clicking the header reverses the order.
    const names = () => page.getByTestId("leaderboard-row").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-run-name")));
    expect(await names()).toEqual([RUN, RUN_B]);
    const gpaHeader = table.getByRole("button", { name: /^GPA/ }).first();
    await gpaHeader.click();
    await expect.poll(names).toEqual([RUN_B, RUN]);
    await expect(table.getByRole("columnheader", { name: /^GPA/ }).first()).toHaveAttribute("aria-sort", "ascending");

    // One chart per breakdown.
    const charts = page.getByTestId("breakdown-charts");
    await expect(charts.locator("figure")).toHaveCount(4);
    for (const title of ["Overall", "GPA by subtype", "MoC by subtype", "UDA by subtype"]) {
      await expect(charts.locator("figcaption", { hasText: new RegExp(`^${title}$`) })).toHaveCount(1);
    }
    await expect(charts.getByRole("img")).toHaveCount(4);
    // Two selected rows: two bars (one per row) for each of GPA, MoC and UDA in the overall chart.
    const overall = charts.getByRole("figure", { name: "Overall" });
    await expect(overall.locator("svg .bar-chart-bar")).toHaveCount(6);
    await expect(overall.locator("svg .visx-axis-left .visx-axis-tick text")).toHaveText(["0", "25", "50", "75", "100"]);

    // 95 % bootstrap intervals on demand.
    await expect(page.getByTestId("cell-interval")).toHaveCount(0);
    await page.getByRole("link", { name: "Show 95 % intervals" }).click();
    await expect(page).toHaveURL(/\?ci=1$/);
    const interval = row(page, RUN).locator('[data-column="overall.gpa"] [data-testid=cell-interval]');
    await expect(interval).toHaveText(/^\[\d+\.\d, \d+\.\d\]$/);
    const [lo, hi] = (await interval.textContent())!.slice(1, -1).split(", ").map(Number);
    expect(lo).toBeLessThanOrEqual(Number(x100(cli.overall.gpa)));
    expect(hi).toBeGreaterThanOrEqual(Number(x100(cli.overall.gpa)));
    expect(hi).toBeLessThanOrEqual(100);
    await expect(page.getByText(/bootstrap resamples of the items/)).toBeVisible();

    // CSV and JSON exports.
    const [csvDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    const csv = readFileSync(await csvDownload.path(), "utf8").trim().split(/\r\n/).map((l) => l.split(","));
    const head = csv[0];
    const gpaCol = head.indexOf("Overall GPA (x100)");
    expect(gpaCol).toBeGreaterThan(0);
    expect(head).toContain("Overall GPA (x100) CI low");
    const csvRow = csv.find((c) => c[1] === `"${RUN}"` || c[1] === RUN)!;
    expect(Number(csvRow[gpaCol])).toBeCloseTo(cli.overall.gpa * 100, 4);
    const [jsonDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export JSON" }).click()]);
    const json = JSON.parse(readFileSync(await jsonDownload.path(), "utf8"));
    const jsonRow = json.rows.find((r: { name: string }) => r.name === RUN);
    expect(jsonRow.values["overall.gpa"]).toBeCloseTo(cli.overall.gpa * 100, 6);
    expect(jsonRow.values["overall.moc"]).toBeCloseTo(cli.overall.moc * 100, 6);
    expect(json.rows.find((r: { name: string }) => r.name === RUN_B).values["overall.gpa"]).toBeLessThan(jsonRow.values["overall.gpa"]);
  });

  test("per-item drill-down: answer against truth for reviewers; refused to annotators and participants", async ({ page, browser }) => {
    await signIn(page, "REVIEWER");
    await page.goto(`/projects/${projectId}/leaderboard`);
    await page.getByRole("link", { name: "e2e-03", exact: true }).click();
    await expect(page).toHaveURL(/\/leaderboard\/items\/[^/]+$/);
    const drillUrl = new URL(page.url()).pathname;
    await expect(page.getByTestId("drill-truth")).toHaveText("[1,2,2]");
    const a = page.locator(`[data-testid=drill-row][data-run-name="${RUN}"]`);
    await expect(a.getByTestId("drill-answer")).toHaveText('[1,"two",2]');
    await expect(page.locator(`[data-testid=drill-row][data-run-name="${RUN_B}"]`).getByTestId("drill-answer")).toHaveText("[0,0,0]");
    const itemId = drillUrl.split("/").pop();

    for (const role of ["ANNOTATOR", "PARTICIPANT"] as const) {
      const context = await browser.newContext();
      const other = await context.newPage();
      await signIn(other, role);
      await other.goto(drillUrl);
      await expect(other).toHaveURL(/\/forbidden/);
      const api = await other.request.get(`/api/projects/${projectId}/leaderboard/items/${itemId}`);
      expect(api.status()).toBe(403);
      expect(await api.text()).not.toContain("two");
      if (role === "ANNOTATOR") {
        // Annotators see the leaderboard's aggregates, but no drill-down.
        await other.goto(`/projects/${projectId}/leaderboard`);
        await expect(row(other, RUN)).toBeVisible();
        await expect(other.getByText("Per-item drill-down")).toHaveCount(0);
      }
      await context.close();
    }
  });

  test("an API token created in the UI uploads a run over REST; revoked, it gets 401", async ({ page, playwright, baseURL }) => {
    await signIn(page, "REVIEWER");
    await page.goto("/account/tokens");
    const tokenName = `e2e runs ${stamp}`;
    await page.getByLabel("Name").fill(tokenName);
    await page.getByRole("button", { name: "Create token" }).click();
    const token = (await page.getByTestId("new-token").textContent())!.trim();
    expect(token).toMatch(/^ph_/);

    // A client without cookies: only the bearer token authenticates it.
    const api = await playwright.request.newContext({ baseURL });
    const auth = { authorization: `Bearer ${token}` };
    const res = await uploadRunApi(api, projectId, "Model C (REST)", readFileSync(PREDS), auth);
    expect(res.status(), await res.text()).toBe(201);
    const body = await res.json();
    expect(body.aggregates.metrics.overall.gpa).toBeCloseTo(cli.overall.gpa, 9);
    expect((await api.get(`/api/projects/${projectId}/leaderboard`, { headers: auth })).status()).toBe(200);

    page.once("dialog", (d) => void d.accept());
    const tokenRow = page.getByRole("row").filter({ hasText: tokenName });
    await tokenRow.getByRole("button", { name: "Revoke" }).click();
    await expect(tokenRow).toContainText("Revoked");
    const after = await uploadRunApi(api, projectId, "Model D (REST, revoked)", readFileSync(PREDS), auth);
    expect(after.status()).toBe(401);
    await api.dispose();

    await page.goto(`/projects/${projectId}/leaderboard`);
    await expect(row(page, "Model C (REST)")).toBeVisible();
    await expect(row(page, "Model D (REST, revoked)")).toHaveCount(0);
  });

  test("a TOC-Bench project shows the paper's chance row next to the model", async ({ page }) => {
    await signIn(page, "ADMIN");
    const tocId = await importProject(page.request, "tocbench", `E2E runs TOC ${stamp}`, TOC);
    const res = await uploadRunApi(page.request, tocId, "TOC model", readFileSync(TOC_PREDS));
    expect(res.status(), await res.text()).toBe(201);
    const tocCli = cliScores("tocbench", TOC, TOC_PREDS);
    await page.goto(`/projects/${tocId}/leaderboard`);
    const table = page.getByTestId("leaderboard-table");
    await expect(table.getByRole("button", { name: /^HDA/ })).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Dimension" })).toBeVisible();
    await expect(row(page, "Chance: random")).toBeVisible();
    await expect(row(page, "Chance: random")).toContainText("chance", { ignoreCase: true });
    const chance = Number(await cell(page, "Chance: random", "overall").textContent());
    expect(chance).toBeGreaterThan(0);
    expect(chance).toBeLessThan(100);
    await expect(cell(page, "TOC model", "overall")).toHaveText(x100(tocCli.overall));
  });
});
