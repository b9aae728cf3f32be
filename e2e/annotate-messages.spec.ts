import { expect, test } from "@playwright/test";
import { claimNext, importForAnnotator, seekFrame } from "./support/forms";
import { signIn } from "./support/sign-in";
import { openWorkspace, waitSaved } from "./support/workspace";

/**
 * Issue 19.7: every message a person reads names things as the panel does, 1-based, in the
 * panel's units. The conflict dialog (EC-Bench: clips in seconds, no raw field names or internal
 * values) says what THIS tab changed and what the other saved, each against the version both
 * started from (never "notes edited" for notes this tab did not touch). The submit problems list
 * has no document paths and counts query points from 1.
 */
const csv =
  "video_url,video_id,video_type,question_id,question_type,task_type,question,clips,answer\n" +
  ',demo-cfr30.mp4,synthetic,ec-words,A,Counting,"How many times does an object disappear?","[0:00:04,0:00:09]",3\n';

test("conflict dialog in the panel's words; the diff is three-way (each side against the common version)", async ({ browser }) => {
  test.setTimeout(180_000);
  const { admin, projectId } = await importForAnnotator(browser, "ecbench", "dataset.csv", csv);
  const ca = await browser.newContext();
  const a = await ca.newPage();
  await signIn(a, "ANNOTATOR");
  const taskId = await claimNext(a.request, projectId);
  const cb = await browser.newContext();
  const b = await cb.newPage();
  await signIn(b, "ANNOTATOR");
  await openWorkspace(a, taskId);
  await openWorkspace(b, taskId);

  // Device A writes notes and saves.
  const notesA = a.getByTestId("ecbench-panel").getByRole("textbox", { name: "notes" });
  await notesA.fill("hard to see at the end");
  await waitSaved(a);
  // Device B (still on the old version) decides feasibility and revises the answer: conflict.
  const panelB = b.getByTestId("ecbench-panel");
  await panelB.getByLabel("Answerable from the video").check();
  const answer = panelB.getByRole("textbox", { name: "answer" });
  await answer.fill("2");
  const dialog = b.getByTestId("conflict-dialog");
  await expect(dialog).toBeVisible({ timeout: 10_000 });

  const text = (await dialog.textContent()) ?? "";
  for (const raw of ["answerRevised", "feasible:", "invalidReason", "frame 120", "true", "false", "evidence span"]) expect(text, `the dialog does not show "${raw}"`).not.toContain(raw);
  await expect(dialog.getByTestId("conflict-mine")).toContainText("Clip 1: 4 s–9 s");
  await expect(dialog.getByTestId("conflict-mine")).toContainText("Feasibility: answerable from the video");
  await expect(dialog.getByTestId("conflict-mine")).toContainText("Answer: 2 (revised)");
  await expect(dialog.getByTestId("conflict-theirs")).toContainText("Notes: hard to see at the end");
  // What each side changed since the version both started from.
  const mine = dialog.getByTestId("conflict-diff-mine");
  const theirs = dialog.getByTestId("conflict-diff-theirs");
  await expect(mine).toContainText("feasibility set to answerable");
  await expect(mine).toContainText("answer set to 2");
  await expect(mine).not.toContainText("notes");
  await expect(theirs).toHaveText(/notes edited/);
  await expect(theirs).not.toContainText("answer");
  await dialog.getByRole("button", { name: "Merge both" }).click();
  await expect(dialog).toBeHidden();
  await waitSaved(b);
  await ca.close();
  await cb.close();
  await admin.context.close();
});

test("submit problems: no field paths, query points counted from 1, plural rules", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const snap = {
    id: "snap-words",
    source_dataset: "Demo",
    video_path: "demo-cfr30.mp4",
    question: "How many objects are visible now?",
    counting_type: "O1",
    counting_subtype: "O1-Snap",
    occurrence_times: [],
    query_points: { time: [2.0, 5.0], count: [1, 2] },
  };
  const { admin, projectId } = await importForAnnotator(browser, "vcbench", "snap.jsonl", `${JSON.stringify(snap)}\n`);
  await signIn(page, "ANNOTATOR");
  const taskId = await claimNext(page.request, projectId);
  await openWorkspace(page, taskId);
  const panel = page.getByTestId("vcbench-panel");
  await panel.getByRole("textbox", { name: "count at query point 1" }).fill("2");
  await waitSaved(page);
  await page.getByTestId("submit-annotation").click();
  const list = page.getByTestId("submit-problems");
  await expect(list).toBeVisible();
  const items = await list.locator("li").allTextContents();
  expect(items).toEqual(["Place 3-8 query points (2 query points placed)", "Query point 2: enter the count visible there"]);
  for (const t of items) expect(t).not.toMatch(/queryPoints|\[\d+\]|\.count|\.at\b/);
  await expect(page.getByTestId("submit-readiness")).toHaveText("2 things to fix before submitting");

  // One problem left: "1 thing", and the single point's name is 1-based.
  await seekFrame(page, 240);
  await panel.getByRole("button", { name: "Add query point here" }).click();
  await panel.getByRole("textbox", { name: "count at query point 2" }).fill("1");
  await expect(page.getByTestId("submit-readiness")).toHaveText("1 thing to fix before submitting");
  await expect(list.locator("li")).toHaveText(["Query point 3: enter the count visible there"]);
  await admin.context.close();
});
