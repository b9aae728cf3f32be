import { expect, test } from "@playwright/test";
import type { VcbenchDocument } from "@/lib/annotation/document";
import { vcbenchRuleCount } from "@/lib/metrics/vcbench";
import { claimNext, importForAnnotator, itemDetail, payloadOf, reopen, seekFrame, submit } from "./support/forms";
import { signIn } from "./support/sign-in";
import { openWorkspace, storedDocument, waitSaved } from "./support/workspace";

/**
 * VCBench O2-Unique (blank mode): one identity per individual with its first-appearance frame
 * (id, note), a duplicate id flagged, the answer at each query point = first appearances at or
 * before it (lib/metrics); reload keeps everything; submit writes the truth.
 */
const record = {
  id: "o2-shapes",
  source_dataset: "Demo",
  video_path: "demo-cfr30.mp4",
  question: "How many different objects have appeared so far?",
  counting_type: "O2",
  counting_subtype: "O2-Unique",
  occurrence_times: [1.0, 3.0, 6.666667],
  query_points: { time: [2.0, 5.0, 8.0], count: [1, 2, 3] },
};

test("VCBench O2: identities with first appearances, ids and notes, answers by the rule, submit", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { admin, projectId } = await importForAnnotator(browser, "vcbench", "o2.jsonl", `${JSON.stringify(record)}\n`);
  await signIn(page, "ANNOTATOR");
  const taskId = await claimNext(page.request, projectId);
  await openWorkspace(page, taskId);
  const panel = page.getByTestId("vcbench-panel");
  const answers = () => panel.getByTestId("query-point-answer").allTextContents();

  for (const frame of [30, 90, 200]) {
    await seekFrame(page, frame);
    await panel.getByRole("button", { name: "New individual first seen here" }).click();
  }
  const rows = panel.getByTestId("identity-row");
  await expect(rows).toHaveCount(3);
  await expect(panel.getByRole("textbox", { name: "id of individual 1" })).toHaveValue("#1");
  expect(await answers()).toEqual(["1", "2", "3"]);

  await panel.getByRole("textbox", { name: "id of individual 2" }).fill("yellow circle");
  await panel.getByRole("textbox", { name: "id of individual 2" }).press("Enter");
  await panel.getByRole("textbox", { name: "note of individual 2" }).fill("enters from the left");
  await panel.getByRole("textbox", { name: "note of individual 2" }).press("Enter");
  await panel.getByRole("textbox", { name: "id of individual 3" }).fill("Yellow Circle");
  await panel.getByRole("textbox", { name: "id of individual 3" }).press("Enter");
  // A duplicate id is refused on the spot, with the reason; nothing is written, and the status says
  // so (never "saved" while typed text is not).
  await expect(rows.nth(2)).toContainText('"yellow circle" is already used by another individual');
  const status = page.getByTestId("save-status");
  await expect(status).toHaveAttribute("data-status", "unsaved");
  await expect(status).toContainText('id of individual 3: "yellow circle" is already used by another individual');
  await expect(status).toHaveAttribute("data-unsaved", "0", { timeout: 15_000 });
  expect(((await storedDocument(page.request, taskId)).data as VcbenchDocument).identities.map((x) => x.key)).toEqual(["#1", "yellow circle", "#3"]);
  await panel.getByRole("textbox", { name: "id of individual 3" }).fill("green box");
  await panel.getByRole("textbox", { name: "id of individual 3" }).press("Enter");
  await expect(rows.nth(2)).not.toContainText("already used");

  // The first appearance of #1 moves to frame 35; clicking its time seeks there exactly.
  await seekFrame(page, 35);
  await rows.nth(0).getByRole("button", { name: "First seen here" }).click();
  await seekFrame(page, 250);
  await rows.nth(0).getByRole("button", { name: /first appearance of #1: go to/ }).first().click();
  await expect(page.getByTestId("frame-index")).toHaveText("35");
  await waitSaved(page);

  await reopen(page, taskId);
  const doc = (await storedDocument(page.request, taskId)).data as VcbenchDocument;
  expect(doc.identities.map((x) => [x.key, x.note, x.firstAppearance.frame])).toEqual([
    ["#1", "", 35],
    ["yellow circle", "enters from the left", 90],
    ["green box", "", 200],
  ]);
  const rule = doc.queryPoints.map((q) => vcbenchRuleCount({ subtype: "O2-Unique", moments: doc.identities.map((x) => x.firstAppearance.sec) }, q.at.sec));
  expect(rule).toEqual([1, 2, 3]);
  expect((await answers()).map(Number)).toEqual(rule);
  await expect(panel.getByRole("textbox", { name: "id of individual 2" })).toHaveValue("yellow circle");

  const { item } = await payloadOf(page.request, taskId);
  await submit(page);
  const detail = await itemDetail(admin.request, projectId, item.id);
  expect(detail.truth?.answer).toEqual([1, 2, 3]);
  expect(detail.truth?.source.occurrence_times).toEqual([1.166667, 3, 6.666667]);
  await admin.context.close();
});
