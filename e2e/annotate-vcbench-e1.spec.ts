import { expect, test } from "@playwright/test";
import type { VcbenchDocument } from "@/lib/annotation/document";
import { vcbenchRuleCount } from "@/lib/metrics/vcbench";
import { claimNext, FPS, importForAnnotator, itemDetail, payloadOf, reopen, seekFrame, submit } from "./support/forms";
import { signIn } from "./support/sign-in";
import { openWorkspace, storedDocument, waitSaved } from "./support/workspace";

/**
 * VCBench E1-Action (blank mode): one timestamp per occurrence from the panel at exact frames;
 * the query-point designer shows the answer at each point computed live, equal to lib/metrics'
 * ground-truth rule (t <= q) on the stored marks; warnings (near a mark, too few points, the end
 * unqueried) appear and go; everything survives a reload; submit writes the truth (counts, query
 * times, occurrence_times).
 */
const record = {
  id: "e1-claps",
  source_dataset: "Demo",
  video_path: "demo-cfr30.mp4",
  question: "How many times has an object appeared so far?",
  counting_type: "E1",
  counting_subtype: "E1-Action",
  occurrence_times: [1.0, 4.0, 7.0],
  query_points: { time: [2.0, 5.0, 8.0], count: [1, 2, 3] },
};

const answersShown = async (page: import("@playwright/test").Page) => page.getByTestId("query-point-answer").allTextContents();

test("VCBench E1: timestamps, query points with live answers equal to lib/metrics, reload, submit to truth", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { admin, projectId } = await importForAnnotator(browser, "vcbench", "e1.jsonl", `${JSON.stringify(record)}\n`);
  await signIn(page, "ANNOTATOR");
  const taskId = await claimNext(page.request, projectId);
  await openWorkspace(page, taskId);
  const panel = page.getByTestId("vcbench-panel");
  await expect(panel).toHaveAttribute("data-subtype", "E1-Action");
  // Blank mode: the item's query points (2 s, 5 s, 8 s), no marks, so every answer is 0.
  await expect(panel.getByTestId("query-point-row")).toHaveCount(3);
  expect(await answersShown(page)).toEqual(["0", "0", "0"]);

  for (const frame of [45, 110, 200]) {
    await seekFrame(page, frame);
    await panel.getByRole("button", { name: "Mark action at current frame" }).click();
  }
  await expect(panel.getByTestId("moment-row")).toHaveCount(3);
  expect(await answersShown(page)).toEqual(["1", "2", "3"]);

  // A mark 1/3 s before the 5 s point: counted (listed in time order: occurrence 3), and a warning on that point.
  await seekFrame(page, 140);
  await panel.getByRole("button", { name: "Mark action at current frame" }).click();
  expect(await answersShown(page)).toEqual(["1", "3", "4"]);
  const second = panel.getByTestId("query-point-row").nth(1);
  await expect(second.getByTestId("query-point-warning")).toContainText("within 1 s of occurrence 3 (4.67 s)");
  await panel.getByRole("button", { name: "delete occurrence 3" }).click();
  await expect(second.getByTestId("query-point-warning")).toHaveCount(0);
  expect(await answersShown(page)).toEqual(["1", "2", "3"]);

  // Design: drop the 8 s point (too few, the end unqueried), then add one at 9.5 s.
  await panel.getByRole("button", { name: "delete query point 3" }).click();
  const warnings = panel.getByTestId("query-point-warnings");
  await expect(warnings).toContainText("fewer than 3 query points (2 placed)");
  await expect(warnings).toContainText("the last query point is at 5.00 s");
  await seekFrame(page, 285);
  await panel.getByRole("button", { name: "Add query point here" }).click();
  await expect(warnings).toHaveCount(0);
  expect(await answersShown(page)).toEqual(["1", "2", "3"]);
  await waitSaved(page);

  // Stored: frames and seconds; the answers shown are lib/metrics' rule on the stored marks.
  const check = async () => {
    const doc = (await storedDocument(page.request, taskId)).data as VcbenchDocument;
    expect(doc.moments.map((m) => m.at.frame)).toEqual([45, 110, 200]);
    expect(doc.moments.map((m) => m.at.sec)).toEqual([45 / FPS, 110 / FPS, 200 / FPS].map((s) => expect.closeTo(s, 5)) as unknown as number[]);
    expect(doc.queryPoints.map((q) => q.at.frame)).toEqual([60, 150, 285]);
    const rule = doc.queryPoints.map((q) => vcbenchRuleCount({ subtype: "E1-Action", moments: doc.moments.map((m) => m.at.sec) }, q.at.sec));
    expect((await answersShown(page)).map(Number)).toEqual(rule);
    return rule;
  };
  expect(await check()).toEqual([1, 2, 3]);
  await reopen(page, taskId);
  await expect(panel.getByTestId("moment-row")).toHaveCount(3);
  expect(await check()).toEqual([1, 2, 3]);

  // Clicking a mark's time seeks to exactly its frame.
  await panel.getByRole("button", { name: /^occurrence 2: go to/ }).click();
  await expect(page.getByTestId("frame-index")).toHaveText("110");

  const { item } = await payloadOf(page.request, taskId);
  await submit(page);
  const detail = await itemDetail(admin.request, projectId, item.id);
  expect(detail.truth?.answer).toEqual([1, 2, 3]);
  expect(detail.queryPoints.map((q) => q.timeSec)).toEqual([2, 5, 9.5]);
  expect(detail.truth?.source.occurrence_times).toEqual([1.5, 3.666667, 6.666667]);
  await admin.context.close();
});
