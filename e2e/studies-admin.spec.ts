import { fileURLToPath } from "node:url";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { adminSession, itemIds, projectIdByName, type Admin } from "./support/baseline";

/**
 * The admin study page (issue 13 "Researchers"): full study links with their platforms'
 * placeholders and a copy button, "Use every item with a video" saves, typed items and settings
 * are saved before "Open", a crowd study without a completion code warns (blocking until
 * confirmed), breadcrumbs and tab titles; and the project export link shows a refused export
 * (422) as a readable list of items and fields. Free-rewatch studies on the TOC-Bench demo project.
 */

const TOC_PROJECT = "Demo forms: TOC-Bench";
const TOC_ITEMS = ["toc-mcq", "toc-sp", "toc-num", "toc-order"];
const stamp = Date.now().toString(36);

async function draftStudy(request: APIRequestContext, name: string, settings: Record<string, unknown> = {}): Promise<string> {
  const projectId = await projectIdByName(request, TOC_PROJECT);
  const res = await request.post("/api/studies", { data: { projectId, name, protocol: "FREE_REWATCH", settings: { participantsPerVideo: null, ...settings } } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { study: { id: string } }).study.id;
}

async function studyState(request: APIRequestContext, studyId: string) {
  const res = await request.get(`/api/studies/${studyId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { study: { status: string; items: { itemId: string }[]; settings: Record<string, unknown> } }).study;
}

const openButton = (page: Page) => page.getByRole("button", { name: "Open the study" });

test.describe("admin study page", () => {
  let admin: Admin;
  test.beforeEach(async ({ browser }) => {
    admin = await adminSession(browser);
  });
  test.afterEach(async () => admin.context.close());

  test("full study links with the platforms' placeholders, copied to the clipboard; breadcrumbs and tab title", async ({ baseURL }) => {
    const name = `E2E links ${stamp}`;
    const studyId = await draftStudy(admin.request, name, { crowdPlatforms: ["prolific", "mturk"], completionCode: "LINK-CODE" });
    await admin.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    const { page } = admin;
    await page.goto(`/admin/studies/${studyId}`);
    await expect(page).toHaveTitle(`${name} · Studies · Playhead`);
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("link", { name: "Studies" })).toHaveAttribute("href", "/admin/studies");
    await expect(crumbs).toContainText(name);
    await expect(page.getByText("← Studies")).toHaveCount(0);

    const base = `${baseURL}/s/${studyId}`;
    await expect(page.getByTestId("study-link-accounts")).toHaveValue(base);
    await expect(page.getByTestId("study-link-prolific")).toHaveValue(`${base}?PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}&SESSION_ID={{%SESSION_ID%}}`);
    await expect(page.getByTestId("study-link-mturk")).toHaveValue(base);
    await page.getByRole("button", { name: "Copy Prolific study link" }).click();
    await expect(page.getByRole("button", { name: "Copy Prolific study link" })).toHaveText("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${base}?PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}&SESSION_ID={{%SESSION_ID%}}`);

    // The copied link works once Prolific fills it in: the participant lands on the study.
    const filled = (await page.evaluate(() => navigator.clipboard.readText()))
      .replace("{{%PROLIFIC_PID%}}", `E2ELINK${stamp.toUpperCase()}`)
      .replace("{{%STUDY_ID%}}", "S1")
      .replace("{{%SESSION_ID%}}", "X1");
    expect(new URL(filled).origin).toBe(new URL(baseURL!).origin);

    // A study recruiting on no platform shows the plain link only.
    const plain = await draftStudy(admin.request, `E2E plain ${stamp}`);
    await page.goto(`/admin/studies/${plain}`);
    await expect(page.getByTestId("study-link-accounts")).toHaveValue(`${baseURL}/s/${plain}`);
    await expect(page.getByTestId("study-link-prolific")).toHaveCount(0);

    await page.goto("/admin/studies");
    await expect(page).toHaveTitle("Studies · Playhead");
    await page.getByRole("link", { name }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/studies/${studyId}$`));
  });

  test('"Use every item with a video" saves at once; the study then opens', async () => {
    const studyId = await draftStudy(admin.request, `E2E every item ${stamp}`);
    const { page } = admin;
    await page.goto(`/admin/studies/${studyId}`);
    await page.getByRole("button", { name: "Use every item with a video" }).click();
    await expect(page.getByText(`${TOC_ITEMS.length} items saved.`)).toBeVisible();
    await expect(page.getByTestId("items-unsaved")).toHaveCount(0);
    expect((await studyState(admin.request, studyId)).items).toHaveLength(TOC_ITEMS.length);

    await page.reload();
    await expect(page.getByTestId("study-items")).toHaveValue(TOC_ITEMS.join("\n"));
    await openButton(page).click();
    await expect(page.getByText("Opened.", { exact: true })).toBeVisible();
    expect((await studyState(admin.request, studyId)).status).toBe("OPEN");
  });

  test("typed items and settings are marked unsaved, and Open saves them first", async () => {
    const studyId = await draftStudy(admin.request, `E2E unsaved ${stamp}`);
    const { page } = admin;
    await page.goto(`/admin/studies/${studyId}`);
    await page.getByTestId("study-items").fill("toc-mcq\ntoc-sp");
    await expect(page.getByTestId("items-unsaved")).toBeVisible();
    await page.getByLabel("Completion code", { exact: true }).fill("TYPED-CODE");
    await expect(page.getByTestId("settings-unsaved")).toBeVisible();
    // A new study leaves participants who fail an attention check out of its human row; unticked here.
    const exclusion = page.getByLabel(/Exclude participants who fail an attention check from the human baseline/);
    await expect(exclusion).toBeChecked();
    await exclusion.uncheck();
    await expect(page.getByText("Opening saves the unsaved items and settings first.")).toBeVisible();
    await openButton(page).click();
    await expect(page.getByText("Opened.", { exact: true })).toBeVisible();
    const study = await studyState(admin.request, studyId);
    expect(study.status).toBe("OPEN");
    const ids = await itemIds(admin.request, await projectIdByName(admin.request, TOC_PROJECT));
    expect(study.items.map((i) => i.itemId).sort()).toEqual([ids.get("toc-mcq"), ids.get("toc-sp")].sort());
    expect(study.settings.completionCode).toBe("TYPED-CODE");
    expect(study.settings.excludeFailedAttention).toBe(false);
  });

  test("two tabs: a stale item list is not saved over the other tab's, and settings saves keep each other's changes", async () => {
    const studyId = await draftStudy(admin.request, `E2E two tabs ${stamp}`);
    const [a, b] = [admin.page, await admin.context.newPage()];
    for (const p of [a, b]) await p.goto(`/admin/studies/${studyId}`);

    await a.getByRole("button", { name: "Use every item with a video" }).click();
    await expect(a.getByText(`${TOC_ITEMS.length} items saved.`)).toBeVisible();
    await b.getByTestId("study-items").fill("toc-mcq");
    await b.getByRole("button", { name: "Save items" }).click();
    await expect(b.getByText("changed elsewhere", { exact: false })).toBeVisible();
    expect((await studyState(admin.request, studyId)).items).toHaveLength(TOC_ITEMS.length);

    await a.getByLabel("Instructions").fill("Watch closely.");
    await a.getByRole("button", { name: "Save settings" }).click();
    await expect(a.getByText("Saved.", { exact: true })).toBeVisible();
    await b.getByLabel("Completion code", { exact: true }).fill("TAB-B");
    await b.getByRole("button", { name: "Save settings" }).click();
    await expect(b.getByText("Saved.", { exact: true })).toBeVisible();
    expect((await studyState(admin.request, studyId)).settings).toMatchObject({ instructions: "Watch closely.", completionCode: "TAB-B" });

    await b.reload();
    await expect(b.getByTestId("study-items")).toHaveValue(TOC_ITEMS.join("\n"));
    await expect(b.getByLabel("Instructions")).toHaveValue("Watch closely.");
  });

  test("a crowd study without a completion code warns, and opens only once the admin confirms", async () => {
    const studyId = await draftStudy(admin.request, `E2E no code ${stamp}`, { crowdPlatforms: ["prolific"] });
    const projectIds = await itemIds(admin.request, await projectIdByName(admin.request, TOC_PROJECT));
    await admin.request.put(`/api/studies/${studyId}/items`, { data: { items: [{ itemId: projectIds.get("toc-mcq"), attentionCheck: false }] } });
    const { page } = admin;
    await page.goto(`/admin/studies/${studyId}`);
    await expect(page.getByText("Prolific workers finish on a page with nothing to report back.", { exact: false })).toBeVisible();

    await openButton(page).click();
    const warning = page.getByTestId("completion-warning");
    await expect(warning).toContainText("settings.completionCode");
    await expect(warning).toContainText("Prolific");
    await expect(openButton(page)).toBeDisabled();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(warning).toHaveCount(0);
    expect((await studyState(admin.request, studyId)).status).toBe("DRAFT");

    await openButton(page).click();
    await page.getByRole("button", { name: "Open without a completion code" }).click();
    await expect(page.getByText("Opened.", { exact: true })).toBeVisible();
    expect((await studyState(admin.request, studyId)).status).toBe("OPEN");
  });
});

test("the project export link shows a refused export as the items and fields concerned, not raw JSON", async ({ browser }) => {
  const admin = await adminSession(browser);
  const file = fileURLToPath(new URL("../tests/fixtures/import/toc_answer_final.json", import.meta.url));
  const { readFile } = await import("node:fs/promises");
  const bytes = await readFile(file);
  const name = `E2E export refusal ${stamp}`;
  const query = `kind=tocbench&name=${encodeURIComponent(name)}`;
  const headers = { "x-file-name": "toc_answer_final.json", "content-type": "application/octet-stream" };
  const dry = await admin.request.post(`/api/projects?${query}&dryRun=1`, { data: bytes, headers });
  expect(dry.status(), await dry.text()).toBe(200);
  const sha = ((await dry.json()) as { file: { sha256: string } }).file.sha256;
  const created = await admin.request.post(`/api/projects?${query}&expectSha256=${sha}`, { data: bytes, headers });
  expect([200, 201]).toContain(created.status());
  const projectId = await projectIdByName(admin.request, name);
  const { page } = admin;

  // Exportable as imported: the link downloads the file.
  await page.goto(`/projects/${projectId}`);
  const download = page.waitForEvent("download");
  await page.getByTestId("project-export").click();
  expect((await download).suggestedFilename()).toMatch(/\.json$/);

  // A statement pair stored in a shape the native file cannot hold: refused, and said so.
  const list = (await (await admin.request.get(`/api/projects/${projectId}/items?pageSize=100`)).json()) as { items: { id: string; externalId: string; format: string }[] };
  const sp = list.items.find((i) => i.format === "sp")!;
  const detail = (await (await admin.request.get(`/api/projects/${projectId}/items/${sp.id}`)).json()) as { item: { version: number } };
  const edit = await admin.request.patch(`/api/projects/${projectId}/items/${sp.id}`, {
    data: { version: detail.item.version, presentation: { statements: { A: "first", B: "second" } } },
  });
  expect(edit.status(), await edit.text()).toBe(200);
  await page.reload();
  await page.getByTestId("project-export").click();
  const error = page.getByTestId("export-error");
  await expect(error).toBeVisible();
  await expect(error).toContainText(`item ${sp.externalId}`);
  await expect(error).toContainText("statement_A");
  await expect(page.getByText('{"error"')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
  await admin.context.close();
});
