import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS } from "./support/accounts";
import { adminSession } from "./support/baseline";
import { e1Record, markFrames, SECOND_ANNOTATOR, signInSecondAnnotator } from "./support/double-review";
import { itemDetail, submit } from "./support/forms";
import { addDemoMembers } from "./support/members";
import { signIn } from "./support/sign-in";
import { annotatorTaskId, openWorkspace } from "./support/workspace";

/**
 * The reviewer loop of issue 12 end to end, through the UI: the admin sets a VCBench project to 2
 * annotations per item (Workflow tab) and creates tasks for one item for the two demo annotators;
 * each marks it blind (45, 110 vs 46, 170: one offset, one mark of each alone) and submits; the
 * reviewer takes Start next on /review, takes A's mark at 110, B's at 170, edits the offset pair to
 * frame 50 with the note the rule asks for, resolves; the project's Export holds the adjudicated
 * marks and counts. A second item marked identically by both merges by itself (AGREED, in the
 * export, nothing left in the reviewer's queue).
 */

const FPS = 30;
const stamp = Date.now();
const DISPUTED = `flow-disp-${stamp}`;
const AGREED = `flow-agree-${stamp}`;


type Exported = { id: string; occurrence_times: number[]; query_points: { time: number[]; count: number[] } };

async function markAndSubmit(page: Page, taskId: string, frames: number[]) {
  await markFrames(page, taskId, frames);
  await submit(page);
}

async function createTasksFor(admin: Page, projectId: string, externalId: string) {
  await admin.goto(`/projects/${projectId}/workflow`);
  await admin.getByRole("radio", { name: "Items matching a filter" }).check();
  await admin.getByRole("textbox", { name: "Filter", exact: true }).fill(`q=${externalId}`);
  const assign = admin.getByRole("group", { name: "Assign to" });
  await assign.getByRole("checkbox", { name: new RegExp(ACCOUNTS.ANNOTATOR) }).check();
  await assign.getByRole("checkbox", { name: new RegExp(SECOND_ANNOTATOR) }).check();
  await admin.getByRole("button", { name: "Create tasks" }).click();
  await expect(admin.getByText(/1 item selected: 2 tasks created/)).toBeVisible();
}

test("two blind passes dispute, the reviewer adjudicates through /review, the export holds the truth; an identical pair merges by itself", async ({ browser }) => {
  test.setTimeout(420_000);
  const admin = await adminSession(browser);
  const name = `E2E review flow ${stamp}`;
  const imported = await admin.request.post(`/api/projects?kind=vcbench&name=${encodeURIComponent(name)}`, {
    data: Buffer.from([DISPUTED, AGREED].map((id) => JSON.stringify(e1Record(id))).join("\n") + "\n"),
    headers: { "content-type": "application/octet-stream", "x-file-name": "flow.jsonl" },
  });
  expect(imported.status(), await imported.text()).toBe(201);
  const projectId = ((await (await admin.request.get("/api/projects")).json()) as { projects: { id: string; name: string }[] }).projects.find((p) => p.name === name)!.id;
  await addDemoMembers(admin.request, projectId, ["ANNOTATOR", "REVIEWER"]);
  const member = await admin.request.post(`/api/projects/${projectId}/members`, { data: { email: SECOND_ANNOTATOR, role: "ANNOTATOR" } });
  expect(member.status(), await member.text()).toBe(201);
  const items = ((await (await admin.request.get(`/api/projects/${projectId}/items`)).json()) as { items: { id: string; externalId: string }[] }).items;
  const itemId = (ext: string) => items.find((i) => i.externalId === ext)!.id;

  // Workflow tab: 2 annotations per item, then tasks for the first item for both demo annotators.
  await admin.page.goto(`/projects/${projectId}/workflow`);
  await admin.page.getByLabel("Annotations per item").selectOption("2");
  await expect(admin.page.getByTestId("double-review-note")).toContainText("2 annotators per item");
  await admin.page.getByRole("button", { name: "Save" }).click();
  await expect(admin.page.getByText("Saved.")).toBeVisible();
  await createTasksFor(admin.page, projectId, DISPUTED);

  const a = await (await browser.newContext()).newPage();
  await signIn(a, "ANNOTATOR");
  const b = await (await browser.newContext()).newPage();
  await signInSecondAnnotator(b);
  const taskA = await annotatorTaskId(a.request, DISPUTED);
  const taskB = await annotatorTaskId(b.request, DISPUTED);
  expect(taskB).not.toBe(taskA);

  // A marks first and submits; B then sees an empty workspace (A's marks never show), marks and submits.
  await markAndSubmit(a, taskA, [45, 110]);
  await openWorkspace(b, taskB);
  await expect(b.getByTestId("vcbench-panel").getByTestId("moment-row")).toHaveCount(0);
  expect((await b.goto(`/annotate/${taskA}`))?.status()).toBe(404);
  await markAndSubmit(b, taskB, [46, 170]);
  await openWorkspace(a, taskA);
  await expect(a.getByTestId("vcbench-panel").getByTestId("moment-row")).toHaveCount(2);

  // The reviewer: /review, Start next on the project's disputed queue.
  const reviewer = await (await browser.newContext()).newPage();
  await signIn(reviewer, "REVIEWER");
  await reviewer.goto("/review");
  await expect(reviewer.getByTestId(`count-disputed-${projectId}`)).toHaveText("1");
  await reviewer.getByTestId(`start-double-${projectId}`).click();
  await expect(reviewer).toHaveURL(/\/review\/adjudications\/[^/]+$/);
  const adjudicationId = reviewer.url().split("/").pop()!;
  await expect(reviewer.getByTestId("resolve-panel")).toBeVisible();
  await expect(reviewer.getByTestId("adjudication-lanes")).toBeVisible();
  await expect(reviewer.getByTestId("player-status")).toHaveText(/paused/, { timeout: 20_000 });

  const list = reviewer.getByTestId("difference-list");
  const offset = list.locator('li[data-type="offset"]');
  const onlyA = list.locator('li[data-type="unmatched"][data-difference-id^="moments:0."]');
  const onlyB = list.locator('li[data-type="unmatched"][data-difference-id^="moments:1."]');
  await expect(offset).toHaveCount(1);
  await expect(onlyA).toHaveCount(1);
  await expect(onlyB).toHaveCount(1);
  await expect(reviewer.getByTestId("differences-open")).toHaveText("2 need a decision");

  await onlyA.click();
  await onlyA.getByRole("button", { name: "Take A" }).click();
  await expect(onlyA).toHaveAttribute("data-pick", "take A");
  await onlyB.click();
  await onlyB.getByRole("button", { name: "Take B" }).click();
  await expect(onlyB).toHaveAttribute("data-pick", "take B");
  await offset.click();
  await offset.getByRole("button", { name: "Edit…" }).click();
  const editor = reviewer.getByTestId("difference-editor");
  await editor.getByRole("textbox").fill("x");
  await editor.getByRole("button", { name: "Use this edit" }).click();
  await expect(reviewer.getByTestId("edit-error")).toBeVisible();
  await editor.getByRole("textbox").fill("50");
  await editor.getByRole("button", { name: "Use this edit" }).click();
  await expect(offset).toHaveAttribute("data-pick", "edited");
  await expect(reviewer.getByTestId("differences-open")).toHaveText("all decided");
  await expect(reviewer.getByTestId("resolve-blockers")).toContainText("note: required");
  await reviewer.getByTestId("adjudication-note").fill("the object is first fully visible at frame 50");
  await expect(reviewer.getByTestId("draft-status")).toHaveAttribute("data-status", "saved", { timeout: 10_000 });
  await reviewer.getByTestId("resolve-button").click();
  await expect(reviewer.getByTestId("adjudication-view")).toHaveAttribute("data-status", "RESOLVED", { timeout: 15_000 });
  await expect(reviewer.getByTestId("resolution-decisions")).toContainText("edit");

  // The second item: both annotators mark 45 and 110 → AGREED, merged into the truth, never queued.
  await createTasksFor(admin.page, projectId, AGREED);
  await markAndSubmit(a, await annotatorTaskId(a.request, AGREED), [45, 110]);
  await markAndSubmit(b, await annotatorTaskId(b.request, AGREED), [45, 110]);
  await admin.page.goto(`/projects/${projectId}/items/${itemId(AGREED)}`);
  await expect(admin.page.getByTestId("review-status")).toContainText("Agreed");
  expect((await itemDetail(admin.request, projectId, itemId(AGREED))).truth?.answer).toEqual([1, 2, 2]);
  await reviewer.goto("/review");
  await expect(reviewer.getByTestId(`count-disputed-${projectId}`)).toHaveText("0");
  const listed = (await (await reviewer.request.get(`/api/projects/${projectId}/adjudications`)).json()) as { rows: { id: string; externalId: string; status: string }[] };
  expect(listed.rows.map((r) => [r.externalId, r.status]).sort()).toEqual([
    [AGREED, "AGREED"],
    [DISPUTED, "RESOLVED"],
  ].sort());
  expect(listed.rows.find((r) => r.externalId === DISPUTED)!.id).toBe(adjudicationId);

  // The Export button downloads the native file: the adjudicated marks (50, 110, 170) and counts, and the merged ones.
  await admin.page.goto(`/projects/${projectId}`);
  const download = admin.page.waitForEvent("download");
  await admin.page.getByTestId("project-export").click();
  const file = await readFile((await (await download).path())!, "utf8");
  const exported = new Map(
    file
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as Exported)
      .map((r) => [r.id, r]),
  );
  const frames = (r: Exported) => r.occurrence_times.map((t) => Math.floor(t * FPS + 1e-6));
  expect(frames(exported.get(DISPUTED)!)).toEqual([50, 110, 170]);
  expect(exported.get(DISPUTED)!.query_points.count).toEqual([1, 2, 3]);
  expect(frames(exported.get(AGREED)!)).toEqual([45, 110]);
  expect(exported.get(AGREED)!.query_points.count).toEqual([1, 2, 2]);
  await admin.context.close();
});
