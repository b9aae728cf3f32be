import { expect, test, type Page } from "@playwright/test";
import { importForAnnotator } from "./support/forms";
import { signIn } from "./support/sign-in";

/**
 * Qualification (issue 12): the admin builds a gold set from items with truth on the project's
 * Qualification tab; the annotator gets no real task until they pass, sees the Qualification entry
 * on their queue, annotates the gold items in the normal workspace (no truth shown), fails and sees
 * the figures; the admin allows a retry; the second attempt passes and real tasks open.
 */
const meta = { dim: "presence", tier: "tier1", hallucination: null, has_hallucination_distractor: false };
const items = [
  { qa_id: "q-gold-1", video_id: "demo-cfr30", format: "mcq_4", question: "Which object is visible at 5 seconds?", option_A: "A red box", option_B: "A yellow circle", option_C: "A green box", option_D: "A purple box", correct_answer: "B", metadata: meta },
  { qa_id: "q-gold-2", video_id: "demo-cfr30", format: "sp", question: "Which statement is true?", statement_A: "The red box disappears first.", statement_B: "The green box appears first.", correct_answer: "B", metadata: meta },
  { qa_id: "q-real", video_id: "demo-cfr30", format: "numerical", question: "How many different objects appear?", allowed_answers: ["2", "3", "4", "5 or more"], correct_answer: "3", metadata: meta },
];
const file = JSON.stringify({ benchmark: "TOC-Bench", subset: "answer", total_items: 3, format_counts: { mcq_4: 1, sp: 1, numerical: 1 }, video_count: 1, items });

/** In the open QUALIFY workspace: decide, submit, back to the queue. */
async function decideAndSubmit(page: Page, decision: "keep" | "remove") {
  await expect(page.getByTestId("annotation-workspace")).toBeVisible();
  const panel = page.getByTestId("tocbench-panel");
  await expect(panel.getByTestId("qa-item-view")).toContainText("The label is not shown in this task.");
  if (decision === "keep") await panel.getByLabel("Keep as is", { exact: true }).check();
  else {
    await panel.getByLabel("Remove", { exact: true }).check();
    await panel.getByLabel("Wrong label").check();
  }
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 15_000 });
  await page.getByTestId("submit-annotation").click();
  await expect(page.getByTestId("read-only-note")).toBeVisible({ timeout: 15_000 });
  await page.goto("/annotate");
}

test("qualification: gold set, gated queue, fail with figures, retry allowed, pass", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const { admin, projectId, name } = await importForAnnotator(browser, "tocbench", "answer_final.json", file);

  // Admin: gold set of the two gold items, threshold left at 0.8.
  await admin.page.goto(`/projects/${projectId}`);
  await admin.page.getByRole("navigation", { name: "Project sections" }).getByRole("link", { name: "Qualification" }).click();
  await expect(admin.page).toHaveURL(new RegExp(`/projects/${projectId}/qualification$`));
  await admin.page.getByLabel("Name", { exact: true }).fill("Gold one");
  await admin.page.getByLabel("Threshold (minimum kappa per kind)").fill("1.5");
  await admin.page.getByLabel(/q-gold-1/).check();
  await admin.page.getByTestId("create-gold-set").click();
  await expect(admin.page.getByTestId("gold-set-form")).toContainText("must be at most 1");
  await admin.page.getByLabel("Threshold (minimum kappa per kind)").fill("0.8");
  await admin.page.getByLabel(/q-gold-2/).check();
  await admin.page.getByTestId("create-gold-set").click();
  await expect(admin.page.getByTestId("gold-set-Gold one")).toContainText("threshold 0.8 · 2 items");

  // Annotator: gated; the queue offers the qualification.
  await signIn(page, "ANNOTATOR");
  const gated = await page.request.post("/api/me/tasks/next", { data: { projectId } });
  expect(gated.status()).toBe(403);
  expect(((await gated.json()) as { error: { code: string } }).error.code).toBe("not_qualified");
  await page.goto("/annotate");
  const card = page.getByTestId(`qualification-${name}`);
  await expect(card).toContainText("Before real tasks");
  await card.getByTestId("start-qualification").click();
  await expect(page).toHaveURL(/\/annotate\/[^/]+$/);
  await decideAndSubmit(page, "remove");
  await card.getByTestId("continue-qualification").click();
  await decideAndSubmit(page, "keep");
  await expect(card).toContainText("You did not pass");
  await expect(card.getByTestId("figure-labels")).toContainText("κ = 0.000");
  await expect(card.getByTestId("figure-labels")).toContainText("below threshold");
  await expect(card.getByTestId("start-qualification")).toHaveCount(0);

  // Admin: sees the attempt and its figures; allows a retry.
  await admin.page.reload();
  const row = admin.page.getByTestId("attempt-annotator@playhead.local-1");
  await expect(row).toContainText("Failed");
  await expect(row.getByTestId("figure-labels")).toContainText("κ = 0.000");
  await row.getByRole("button", { name: "Allow retry" }).click();
  await expect(row).toContainText("retry allowed");

  // Annotator: attempt 2 passes; real tasks open.
  await page.reload();
  await expect(card).toContainText("An admin allowed a retry");
  await card.getByTestId("start-qualification").click();
  await expect(page).toHaveURL(/\/annotate\/[^/]+$/);
  await decideAndSubmit(page, "keep");
  await card.getByTestId("continue-qualification").click();
  await decideAndSubmit(page, "keep");
  await expect(card).toContainText("You passed");
  await expect(card.getByTestId("figure-labels")).toContainText("passed");
  const next = await page.request.post("/api/me/tasks/next", { data: { projectId } });
  expect(next.status(), await next.text()).toBe(200);
  expect(((await next.json()) as { taskId: string | null }).taskId).toBeTruthy();
  await admin.context.close();
});
