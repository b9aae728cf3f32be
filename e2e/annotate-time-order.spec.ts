import { expect, test, type Page } from "@playwright/test";
import type { EcbenchDocument, VcbenchDocument } from "@/lib/annotation/document";
import { claimNext, importForAnnotator, payloadOf, seekFrame } from "./support/forms";
import { signIn } from "./support/sign-in";
import { openWorkspace, storedDocument, waitSaved } from "./support/workspace";

/**
 * Issue 19.6: tools never create an error the annotator cannot fix. Lists with a time order stay
 * in it as they are edited ("Start clip here" before the existing clips makes it clip 1; "Add
 * query point here" / "Move here" put the point where it belongs), and what the panel and the
 * timeline flag is exactly what submit enforces, both ways: a flagged entry blocks submit (the bar
 * and the server say so), and an entry the timeline leaves alone never blocks it.
 */
const csv =
  "video_url,video_id,video_type,question_id,question_type,task_type,question,clips,answer\n" +
  ',demo-cfr30.mp4,synthetic,ec-order,A,Counting,"How many times does an object disappear?","[0:00:04,0:00:06], [0:00:07,0:00:09]",2\n';

const timelineIssues = async (page: Page) => ((await page.getByTestId("edit-timeline").getAttribute("data-issues")) ?? "").split(" ").filter(Boolean);

test("EC-Bench: a clip started before the others becomes clip 1; flagged = refused at submit, unflagged = accepted", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { admin, projectId } = await importForAnnotator(browser, "ecbench", "dataset.csv", csv);
  await signIn(page, "ANNOTATOR");
  const taskId = await claimNext(page.request, projectId);
  await openWorkspace(page, taskId);
  const panel = page.getByTestId("ecbench-panel");
  await panel.getByLabel("Answerable from the video").check();

  await seekFrame(page, 0);
  await panel.getByRole("button", { name: "Start clip here" }).click();
  await seekFrame(page, 60);
  await panel.getByRole("button", { name: "End clip here" }).click();
  const rows = panel.getByTestId("evidence-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0).getByTestId("evidence-start")).toHaveText("0 s");
  await expect(rows.nth(0).getByTestId("evidence-end")).toHaveText("2 s");
  await expect(rows.nth(1).getByTestId("evidence-start")).toHaveText("4 s");
  expect(await timelineIssues(page)).toEqual([]);
  await expect(page.getByTestId("selection-issue")).toHaveCount(0);
  await waitSaved(page);
  const doc = (await storedDocument(page.request, taskId)).data as EcbenchDocument;
  expect(doc.evidence.map((s) => [s.start.sec, s.end?.sec])).toEqual([
    [0, 2],
    [4, 6],
    [7, 9],
  ]);

  // Clip 3's end pulled back onto its start: flagged on the timeline, in the panel, in the submit
  // bar, and the server refuses the submit with the same words.
  for (let i = 0; i < 3; i++) await panel.getByRole("button", { name: "clip 3 end 1 s earlier" }).click();
  await expect(rows.nth(2).locator('[data-problems-for="evidence[2]"]')).toHaveText("Clip 3 must end after it starts (7 s–7 s)");
  await expect.poll(() => timelineIssues(page)).toEqual([doc.evidence[2].id]);
  await expect(page.getByTestId("submit-readiness")).toHaveText("1 thing to fix before submitting");
  await expect(page.getByTestId("submit-problems")).toHaveText("Clip 3 must end after it starts (7 s–7 s)");
  await waitSaved(page);
  const annotationId = (await payloadOf(page.request, taskId)).annotation.id;
  const refused = await page.request.post(`/api/annotations/${annotationId}/submit`, { data: { baseVersion: (await storedDocument(page.request, taskId)).version } });
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { error: { details: { problems: { message: string }[] } } }).error.details.problems.map((p) => p.message)).toEqual(["Clip 3 must end after it starts (7 s–7 s)"]);

  // Overlapping clips (clip 2 runs into clip 3) are a warning, not a problem: nothing red, submit accepts.
  await panel.getByRole("button", { name: "clip 3 end 1 s later" }).click();
  await panel.getByRole("button", { name: "clip 3 end 1 s later" }).click();
  for (let i = 0; i < 2; i++) await panel.getByRole("button", { name: "clip 2 end 1 s later" }).click();
  await expect(panel.getByTestId("evidence-suggestion").first()).toBeVisible();
  expect(await timelineIssues(page)).toEqual([]);
  await expect(page.getByTestId("submit-readiness")).toHaveText("Ready to submit");
  await page.getByTestId("submit-annotation").click();
  await expect(page.getByTestId("read-only-note")).toBeVisible({ timeout: 15_000 });
  await admin.context.close();
});

test("VCBench designer: 'Add query point here' and 'Move here' keep the points in time order, nothing flagged", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const record = {
    id: "qp-order",
    source_dataset: "Demo",
    video_path: "demo-cfr30.mp4",
    question: "How many times?",
    counting_type: "E1",
    counting_subtype: "E1-Action",
    occurrence_times: [1.0, 4.0],
    query_points: { time: [2.0, 5.0, 8.0], count: [1, 2, 2] },
  };
  const { admin, projectId } = await importForAnnotator(browser, "vcbench", "order.jsonl", `${JSON.stringify(record)}\n`);
  await signIn(page, "ANNOTATOR");
  const taskId = await claimNext(page.request, projectId);
  await openWorkspace(page, taskId);
  const panel = page.getByTestId("vcbench-panel");
  const rows = panel.getByTestId("query-point-row");

  await seekFrame(page, 30);
  await panel.getByRole("button", { name: "Add query point here" }).click();
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText("f30");
  // Move the last point (8 s) to 0.5 s: it becomes query point 1.
  await seekFrame(page, 15);
  await rows.nth(3).getByRole("button", { name: "Move here" }).click();
  await expect(rows.nth(0)).toContainText("f15");
  await expect(panel).not.toContainText("earlier than the point above");
  expect(await timelineIssues(page)).toEqual([]);
  await waitSaved(page);
  const doc = (await storedDocument(page.request, taskId)).data as VcbenchDocument;
  expect(doc.queryPoints.map((q) => q.at.frame)).toEqual([15, 30, 60, 150]);
  await expect(page.getByTestId("submit-problems")).toHaveCount(0);
  await admin.context.close();
});
