import { expect, test } from "@playwright/test";
import { adminSession } from "./support/baseline";
import { createJudgeRuns, demoAdjudicationIds } from "./support/review-ids";
import { signIn } from "./support/sign-in";
import { expectVideoUncoveredThroughPlayback } from "./support/video-overlap";
import { annotatorTaskId, openWorkspace } from "./support/workspace";

/**
 * Issue 19.5: nothing overlays the picture in the annotation workspace, the adjudication view and
 * the judge pages: no video.js big play button over the paused frame, no video.js control bar over
 * the bottom of the picture after playing, and no other layer, before playing, while playing,
 * hovered, paused again (e2e/support/video-overlap.ts: hit testing on a grid of points inside the
 * video box and box intersection of every rendered element). The controls are the page's own,
 * below the picture.
 */

test("the annotation workspace: nothing covers the picture, before and after playing", async ({ page }) => {
  await signIn(page, "ANNOTATOR");
  const taskId = await annotatorTaskId(page.request, "demo-cfr30-gone");
  await openWorkspace(page, taskId);
  await expectVideoUncoveredThroughPlayback(page);
});

test("the adjudication view: nothing covers the picture, before and after playing", async ({ page }) => {
  await signIn(page, "REVIEWER");
  const [id] = await demoAdjudicationIds(page.request, "DISPUTED");
  expect(id, "the demo double-review project has a disputed item").toBeTruthy();
  await page.goto(`/review/adjudications/${id}`);
  await expect(page.getByTestId("adjudication-view")).toBeVisible();
  await expectVideoUncoveredThroughPlayback(page);
});

test("the VSAS judge page: nothing covers the picture, before and after playing", async ({ page, browser }) => {
  const admin = await adminSession(browser);
  const runs = await createJudgeRuns(admin.request, `judge-overlay-${Date.now()}`);
  await admin.context.close();
  await signIn(page, "REVIEWER");
  await page.goto(`/review/judge/runs/${runs.vsas.runId}/vsas`);
  await expect(page.getByTestId("vsas-grader")).toBeVisible();
  await expectVideoUncoveredThroughPlayback(page);
});
