import { expect, test } from "@playwright/test";
import type { TocbenchDocument } from "@/lib/annotation/document";
import { claimAll, importForAnnotator, itemDetail, payloadOf, reopen, submit } from "./support/forms";
import { signIn } from "./support/sign-in";
import { openWorkspace, storedDocument, waitSaved } from "./support/workspace";

/**
 * TOC-Bench QA verification of three generated items: the item as generated with its label;
 * revise (an option and the label, a duplicated option flagged; the revision stored beside the
 * original), remove (one of the paper's reasons + free text), keep. Reload keeps every decision;
 * submit writes each outcome to the item.
 */
const meta = { dim: "presence", tier: "tier1", hallucination: null, has_hallucination_distractor: false };
const items = [
  { qa_id: "t-mcq", video_id: "demo-cfr30", format: "mcq_4", question: "Which object is visible at 5 seconds but not at 2 seconds?", option_A: "A red box", option_B: "A yellow circle", option_C: "A green box", option_D: "A purple box", correct_answer: "B", metadata: meta },
  { qa_id: "t-sp", video_id: "demo-cfr30", format: "sp", question: "Which statement is true?", statement_A: "The red box disappears before the green box appears.", statement_B: "The green box appears first.", correct_answer: "B", metadata: meta },
  { qa_id: "t-num", video_id: "demo-cfr30", format: "numerical", question: "How many different objects appear in the video?", allowed_answers: ["2", "3", "4", "5 or more"], correct_answer: "3", metadata: meta },
];
const file = JSON.stringify({ benchmark: "TOC-Bench", subset: "answer", total_items: 3, format_counts: { mcq_4: 1, sp: 1, numerical: 1 }, video_count: 1, items });

test("TOC-Bench: keep, revise (stored beside the original) and remove with a reason", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { admin, projectId } = await importForAnnotator(browser, "tocbench", "answer_final.json", file);
  await signIn(page, "ANNOTATOR");
  const tasks = await claimAll(page.request, projectId, 3);

  // Revise the mcq item.
  const mcq = tasks.get("t-mcq")!;
  await openWorkspace(page, mcq);
  const panel = page.getByTestId("tocbench-panel");
  await expect(panel.getByTestId("qa-item-view")).toContainText("A yellow circle");
  await expect(panel.getByTestId("qa-label")).toHaveText("Label: B");
  await panel.getByLabel("Revise", { exact: true }).check();
  const optionC = panel.getByRole("textbox", { name: "text of C" });
  await optionC.fill("A yellow circle");
  await optionC.press("Enter");
  await expect(panel.locator('[data-problems-for="revision.presentation.options[2]"]')).toHaveText("C repeats B");
  await optionC.fill("A green triangle");
  await optionC.press("Enter");
  await expect(panel.locator('[data-problems-for="revision.presentation.options[2]"]')).toHaveCount(0);
  await expect(panel).toContainText("was: A green box");
  await panel.getByRole("radiogroup", { name: "label" }).getByLabel("C", { exact: true }).check();
  await waitSaved(page);
  await reopen(page, mcq);
  let doc = (await storedDocument(page.request, mcq)).data as TocbenchDocument;
  expect(doc.decision).toBe("revise");
  expect(doc.revision?.answer).toBe("C");
  expect((doc.revision?.presentation?.options as { label: string; text: string }[])[2]).toEqual({ label: "C", text: "A green triangle" });
  expect(doc.revision?.question).toBeUndefined();
  await expect(panel.getByRole("textbox", { name: "text of C" })).toHaveValue("A green triangle");
  const mcqItem = (await payloadOf(page.request, mcq)).item.id;
  await submit(page);

  // Remove the statement pair: wrong label.
  const sp = tasks.get("t-sp")!;
  await openWorkspace(page, sp);
  await panel.getByLabel("Remove", { exact: true }).check();
  await page.getByTestId("submit-annotation").click();
  await expect(page.getByTestId("submit-problems")).toContainText("Choose why the item is removed");
  await panel.getByLabel("Wrong label").check();
  await panel.getByRole("textbox", { name: "removal details" }).fill("A is the true statement");
  await panel.getByRole("textbox", { name: "removal details" }).blur();
  await waitSaved(page);
  await reopen(page, sp);
  doc = (await storedDocument(page.request, sp)).data as TocbenchDocument;
  expect(doc).toMatchObject({ decision: "remove", removalReason: "wrong_label", removalNote: "A is the true statement" });
  await expect(panel.getByLabel("Wrong label")).toBeChecked();
  const spItem = (await payloadOf(page.request, sp)).item.id;
  await submit(page);

  // Keep the numerical item.
  const num = tasks.get("t-num")!;
  await openWorkspace(page, num);
  await panel.getByLabel("Keep as is", { exact: true }).check();
  await waitSaved(page);
  const numItem = (await payloadOf(page.request, num)).item.id;
  await submit(page);

  const revised = await itemDetail(admin.request, projectId, mcqItem);
  expect(revised.truth?.answer).toBe("C");
  expect((revised.presentation.options as { text: string }[]).map((o) => o.text)).toEqual(["A red box", "A yellow circle", "A green triangle", "A purple box"]);
  const removed = await itemDetail(admin.request, projectId, spItem);
  expect(removed.status).toBe("REMOVED");
  expect(removed.removalReason).toBe("Wrong label: A is the true statement");
  const kept = await itemDetail(admin.request, projectId, numItem);
  expect(kept.status).toBe("ACTIVE");
  expect(kept.truth?.answer).toBe("3");
  await admin.context.close();
});
