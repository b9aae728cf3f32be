import { expect, test } from "@playwright/test";
import type { VcbenchDocument } from "@/lib/annotation/document";
import { vcbenchRuleCount } from "@/lib/metrics/vcbench";
import { claimNext, importForAnnotator, itemDetail, payloadOf, reopen, seekFrame, submit } from "./support/forms";
import { signIn } from "./support/sign-in";
import { openWorkspace, storedDocument, waitSaved } from "./support/workspace";

/**
 * VCBench E2-Episode (blank mode): start and end per occurrence at exact frames; an open
 * occurrence is shown and never counted; the answers follow lib/metrics (occurrences ended at or
 * before q); submit with an open occurrence is refused naming it, then succeeds and writes the
 * truth ({start, end} occurrence_times and counts).
 */
const record = {
  id: "e2-episodes",
  source_dataset: "Demo",
  video_path: "demo-cfr30.mp4",
  question: "How many complete episodes so far?",
  counting_type: "E2",
  counting_subtype: "E2-Episode",
  occurrence_times: { start: [1.0, 4.0], end: [2.0, 6.0] },
  query_points: { time: [3.0, 6.0, 9.0], count: [1, 2, 2] },
};

test("VCBench E2: spans with start and end, open ones not counted, submit names what is missing", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { admin, projectId } = await importForAnnotator(browser, "vcbench", "e2.jsonl", `${JSON.stringify(record)}\n`);
  await signIn(page, "ANNOTATOR");
  const taskId = await claimNext(page.request, projectId);
  await openWorkspace(page, taskId);
  const panel = page.getByTestId("vcbench-panel");
  const answers = () => panel.getByTestId("query-point-answer").allTextContents();

  await seekFrame(page, 30);
  await panel.getByRole("button", { name: "Start episode here" }).click();
  await seekFrame(page, 75);
  await panel.getByRole("button", { name: "End episode here" }).click();
  await seekFrame(page, 100);
  await panel.getByRole("button", { name: "Start episode here" }).click();
  const rows = panel.getByTestId("occurrence-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("open");
  expect(await answers()).toEqual(["1", "1", "1"]);
  await waitSaved(page);

  // Submit refuses the open occurrence and names it on its row.
  await page.getByTestId("submit-annotation").click();
  await expect(page.getByTestId("submit-problems")).toContainText("is not closed");
  await expect(rows.nth(1).locator('[data-problems-for="occurrences[1]"]')).toHaveText("Episode 2 is not closed: set where this episode ends");

  await seekFrame(page, 170);
  await panel.getByRole("button", { name: "End episode here" }).click();
  await expect(rows.nth(1)).not.toContainText("open");
  expect(await answers()).toEqual(["1", "2", "2"]);
  await waitSaved(page);

  await reopen(page, taskId);
  const doc = (await storedDocument(page.request, taskId)).data as VcbenchDocument;
  expect(doc.occurrences.map((o) => [o.start.frame, o.end?.frame])).toEqual([[30, 75], [100, 170]]);
  const rule = doc.queryPoints.map((q) =>
    vcbenchRuleCount({ subtype: "E2-Episode", occurrences: doc.occurrences.map((o) => ({ start: o.start.sec, end: o.end!.sec })) }, q.at.sec),
  );
  expect(rule).toEqual([1, 2, 2]);
  expect((await answers()).map(Number)).toEqual(rule);

  const { item } = await payloadOf(page.request, taskId);
  await submit(page);
  const detail = await itemDetail(admin.request, projectId, item.id);
  expect(detail.truth?.answer).toEqual([1, 2, 2]);
  expect(detail.truth?.source.occurrence_times).toEqual({ start: [1, 3.333333], end: [2.5, 5.666667] });
  await admin.context.close();
});
