import { expect, test } from "@playwright/test";
import type { EcbenchDocument } from "@/lib/annotation/document";
import { claimNext, importForAnnotator, itemDetail, payloadOf, reopen, seekFrame, submit } from "./support/forms";
import { signIn } from "./support/sign-in";
import { openWorkspace, storedDocument, waitSaved } from "./support/workspace";

/**
 * EC-Bench (prefill: the generated answer and clips): feasibility, answer revision, a new
 * evidence clip at whole seconds, and the 5 s rule as a suggestion the annotator accepts
 * (clips less than 5 s apart merged into one); reload keeps it; submit writes the revised
 * answer and the merged evidence span as truth.
 */
const csv =
  "video_url,video_id,video_type,question_id,question_type,task_type,question,clips,answer\n" +
  ',demo-cfr30.mp4,synthetic,ec-merge,A,Counting,"How many times does an object disappear?","[0:00:04,0:00:06], [0:00:07,0:00:09]",3\n';

test("EC-Bench: feasibility, answer revision, evidence clips with the 5 s merge accepted, submit", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { admin, projectId } = await importForAnnotator(browser, "ecbench", "dataset.csv", csv);
  await signIn(page, "ANNOTATOR");
  const taskId = await claimNext(page.request, projectId);
  await openWorkspace(page, taskId);
  const panel = page.getByTestId("ecbench-panel");
  await expect(panel.getByTestId("ec-original-answer")).toHaveText("3");
  await expect(panel.getByTestId("evidence-row")).toHaveCount(2);
  // The generated clips 4-6 s and 7-9 s are 1 s apart: merging is suggested, not done.
  await expect(panel.getByTestId("evidence-suggestion")).toHaveText(/2 clips less than 5 s apart: merge into one clip 4 s-9 s/);

  await panel.getByLabel("Answerable from the video").check();
  await panel.getByRole("textbox", { name: "answer" }).fill("2");
  await panel.getByRole("textbox", { name: "answer" }).press("Enter");
  await expect(panel.getByTestId("answer-revised")).toBeVisible();

  // A new clip from 1.5 s (-> 1 s) to 2.67 s (-> 3 s): second precision; it is listed first (time order).
  await seekFrame(page, 45);
  await panel.getByRole("button", { name: "Start clip here" }).click();
  await seekFrame(page, 80);
  await panel.getByRole("button", { name: "End clip here" }).click();
  const rows = panel.getByTestId("evidence-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0).getByTestId("evidence-start")).toHaveText("1 s");
  await expect(rows.nth(0).getByTestId("evidence-end")).toHaveText("3 s");
  await expect(panel.getByTestId("evidence-suggestion")).toHaveText(/3 clips less than 5 s apart: merge into one clip 1 s-9 s/);
  await waitSaved(page);
  let doc = (await storedDocument(page.request, taskId)).data as EcbenchDocument;
  expect(doc.evidence).toHaveLength(3);

  await panel.getByRole("button", { name: "Accept merge" }).click();
  await expect(rows).toHaveCount(1);
  await expect(panel.getByTestId("evidence-suggestion")).toHaveCount(0);
  await waitSaved(page);

  await reopen(page, taskId);
  doc = (await storedDocument(page.request, taskId)).data as EcbenchDocument;
  expect(doc).toMatchObject({ feasible: true, answer: "2", answerRevised: true });
  expect(doc.evidence.map((s) => [s.start.sec, s.start.frame, s.end?.sec, s.end?.frame])).toEqual([[1, 30, 9, 270]]);
  await expect(panel.getByRole("textbox", { name: "answer" })).toHaveValue("2");
  await expect(panel.getByTestId("evidence-row")).toHaveCount(1);

  const { item } = await payloadOf(page.request, taskId);
  await submit(page);
  const detail = await itemDetail(admin.request, projectId, item.id);
  expect(detail.truth?.answer).toBe("2");
  expect(detail.spans.filter((s) => s.source === "TRUTH").map((s) => [s.startSec, s.endSec])).toEqual([[1, 9]]);
  await admin.context.close();
});
