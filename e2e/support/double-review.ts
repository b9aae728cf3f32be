import { expect, type Browser, type Page } from "@playwright/test";
import type { Admin } from "./baseline";
import { claimNext, importForAnnotator, seekFrame } from "./forms";
import { signIn, signInWithEmail } from "./sign-in";
import { openWorkspace, waitSaved } from "./workspace";

/**
 * Helpers of the double-review specs (e2e/review-*.spec.ts): a VCBench E1 project of one item on
 * demo-cfr30.mp4 with k = 2 blind passes in the pool, the two demo annotators (annotator@ and
 * annotator2@playhead.local, seeded by scripts/e2e-prepare.sh) each holding one pass.
 */
export const SECOND_ANNOTATOR = "annotator2@playhead.local";

/** A VCBench E1-Action record on demo-cfr30.mp4 (three occurrences, three query points) with this id. */
export const e1Record = (id: string) => ({
  id,
  source_dataset: "Demo",
  video_path: "demo-cfr30.mp4",
  question: "How many times has an object appeared so far?",
  counting_type: "E1",
  counting_subtype: "E1-Action",
  occurrence_times: [1.0, 4.0, 7.0],
  query_points: { time: [2.0, 5.0, 8.0], count: [1, 2, 3] },
});

/** Opens the task's workspace and marks an action at each frame, waiting until it is saved. */
export async function markFrames(page: Page, taskId: string, frames: number[]): Promise<void> {
  await openWorkspace(page, taskId);
  const panel = page.getByTestId("vcbench-panel");
  for (const frame of frames) {
    await seekFrame(page, frame);
    await panel.getByRole("button", { name: "Mark action at current frame" }).click();
  }
  await expect(panel.getByTestId("moment-row")).toHaveCount(frames.length);
  await waitSaved(page);
}

/** Signs the second demo annotator in (not in ACCOUNTS: it has no role of its own). */
export async function signInSecondAnnotator(page: Page): Promise<void> {
  await signInWithEmail(page, SECOND_ANNOTATOR);
}

export type DoubleSetup = { admin: Admin; projectId: string; itemId: string; a: { page: Page; taskId: string }; b: { page: Page; taskId: string } };

/** The project with k = 2, both passes pooled, claimed by annotator A (first) and B (second), each in their own browser context. */
export async function doubleReviewSetup(browser: Browser, externalId: string): Promise<DoubleSetup> {
  const { admin, projectId } = await importForAnnotator(browser, "vcbench", `${externalId}.jsonl`, `${JSON.stringify(e1Record(externalId))}\n`);
  const member = await admin.request.post(`/api/projects/${projectId}/members`, { data: { email: SECOND_ANNOTATOR, role: "ANNOTATOR" } });
  expect(member.status(), await member.text()).toBe(201);
  const workflow = await admin.request.patch(`/api/projects/${projectId}/workflow`, { data: { annotationsPerItem: 2 } });
  expect(workflow.status(), await workflow.text()).toBe(200);
  const tasks = await admin.request.post(`/api/projects/${projectId}/tasks`, { data: { items: { all: true }, assignees: [] } });
  expect(tasks.status(), await tasks.text()).toBe(201);
  expect(((await tasks.json()) as { created: number }).created).toBe(1);
  const items = (await (await admin.request.get(`/api/projects/${projectId}/items`)).json()) as { items: { id: string }[] };
  const pageA = await (await browser.newContext()).newPage();
  await signIn(pageA, "ANNOTATOR");
  const pageB = await (await browser.newContext()).newPage();
  await signInSecondAnnotator(pageB);
  const taskA = await claimNext(pageA.request, projectId);
  const taskB = await claimNext(pageB.request, projectId);
  expect(taskB).not.toBe(taskA);
  return { admin, projectId, itemId: items.items[0].id, a: { page: pageA, taskId: taskA }, b: { page: pageB, taskId: taskB } };
}
