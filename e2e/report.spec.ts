import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { unzipSync } from "fflate";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { projectIdByName } from "./support/baseline";
import { signIn } from "./support/sign-in";

/**
 * The project Report tab (issue 22): an admin opens it from the project's tabs, sees the results
 * table, figures and methods built from the current runs (a run scored while the tab is open shows
 * up without a reload), and downloads the zip, which holds exactly the files its manifest lists.
 */

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const stamp = Date.now();
const projectName = `E2E report ${stamp}`;

async function upload(request: APIRequestContext, projectId: string, name: string) {
  const res = await request.post(`/api/projects/${projectId}/runs?name=${encodeURIComponent(name)}&format=native`, {
    data: readFileSync(fixture("runs-vcbench-preds.jsonl")),
    headers: { "content-type": "application/octet-stream", "x-file-name": "preds.jsonl" },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test("an admin previews the report in the Report tab and downloads the zip", async ({ page }) => {
  await signIn(page, "ADMIN");
  const imported = await page.request.post(`/api/projects?kind=VCBENCH&name=${encodeURIComponent(projectName)}`, {
    data: readFileSync(fixture("projects-vcbench-mini.jsonl")),
    headers: { "content-type": "application/octet-stream", "x-file-name": path.basename(fixture("projects-vcbench-mini.jsonl")) },
  });
  expect(imported.status(), await imported.text()).toBe(201);
  const projectId = await projectIdByName(page.request, projectName);
  await upload(page.request, projectId, "Model A");

  await page.goto(`/projects/${projectId}`);
  await page.getByRole("navigation", { name: "Project sections" }).getByRole("link", { name: "Report" }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/report$`));
  const table = page.getByTestId("report-table");
  await expect(table).toBeVisible();
  await expect(table.getByRole("row", { name: /Model A/ })).toBeVisible();
  await expect(page.getByTestId("report-figures").locator("svg").first()).toBeVisible();

  // A run scored after the preview was built shows up by itself (the tab polls the runs).
  await upload(page.request, projectId, "Model B");
  await expect(table.getByRole("row", { name: /Model B/ })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId("report-refreshed")).toContainText("preview was rebuilt");

  // Options: bracketed intervals, per-subtype columns.
  await page.getByLabel("Intervals in the tables").selectOption("bracket");
  await page.getByLabel("Per-subtype columns").check();
  await page.getByRole("button", { name: "Update preview" }).click();
  await expect(page).toHaveURL(/style=bracket/);
  await expect(table.getByRole("row", { name: /Model A/ })).toContainText("[");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("report-download").click()]);
  expect(download.suggestedFilename()).toMatch(/-report\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
  const manifest = JSON.parse(new TextDecoder().decode(files["manifest.json"])) as {
    files: { path: string }[];
    table: { intervalStyle: string; subtypes: boolean };
    bootstrap: { seed: number };
    runs: { name: string; uploadedFile: { name: string; bytes: number; sha256: string } | null }[];
    figures: { name: string; svg: string }[];
  };
  expect(Object.keys(files).sort()).toEqual([...manifest.files.map((f) => f.path), "manifest.json"].sort());
  expect(manifest.table).toMatchObject({ intervalStyle: "bracket", subtypes: true });
  expect(manifest.bootstrap.seed).toBe(0);
  const latex = new TextDecoder().decode(files["results.tex"]);
  expect(latex).toContain("Model A");
  expect(latex).toContain("Model B");
  expect(Object.keys(files).some((f) => f.startsWith("figures/") && f.endsWith(".png"))).toBe(true);
  // The run's uploaded file: the SHA-256 of the bytes the upload sent.
  const sent = readFileSync(fixture("runs-vcbench-preds.jsonl"));
  expect(manifest.runs.find((r) => r.name === "Model A")?.uploadedFile).toEqual({ name: "preds.jsonl", bytes: sent.length, sha256: createHash("sha256").update(sent).digest("hex") });
  // The tab's figures are the zip's: as many bars and whiskers in each.
  for (const f of manifest.figures) {
    const svg = new TextDecoder().decode(files[f.svg]);
    const shown = page.getByTestId(f.name).locator("svg");
    await expect(shown.locator(".bar-chart-bar")).toHaveCount((svg.match(/class="visx-bar bar-chart-bar"/g) ?? []).length);
    await expect(shown.locator(".bar-chart-interval")).toHaveCount((svg.match(/class="bar-chart-interval"/g) ?? []).length);
  }
});
