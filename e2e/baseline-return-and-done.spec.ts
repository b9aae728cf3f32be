import { expect, test } from "@playwright/test";
import { demoFormProjects } from "@/lib/demo/demo-form-items";
import { adminSession, DEMO_PROJECT, demoItem, itemIds, joinStudy, openStudy, projectIdByName, VIDEO, waitForQuestion } from "./support/baseline";
import { displayedFrameIndex, settledFrameIndex } from "./support/frame-index";
import { signIn } from "./support/sign-in";

/**
 * Coming back and finishing (issue 13): a participant returning to an unfinished session is told
 * where they are ("Resume: question 2 of 4", not "Start"), and the done page always says what to
 * do next, with or without a completion code.
 */

test("returning to an unfinished session says where the participant is", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const SNAP = demoItem("demo-offset-snap");
  const n = SNAP.queryFrames.length;
  const admin = await adminSession(browser);
  const projectId = await projectIdByName(admin.request, DEMO_PROJECT);
  const ids = await itemIds(admin.request, projectId);
  const studyId = await openStudy(admin.request, { projectId, protocol: "STREAMING", itemIds: [ids.get(SNAP.externalId)!] });

  await signIn(page, "PARTICIPANT");
  const sessionId = await joinStudy(page, studyId);
  // Nothing watched yet: "Start".
  await page.goto(`/s/${studyId}`);
  await expect(page.getByTestId("continue-session")).toHaveText("Start");
  await page.getByTestId("continue-session").click();
  await expect(page).toHaveURL(new RegExp(`/session/${sessionId}$`));
  await page.getByTestId("baseline-start").click();
  await waitForQuestion(page);
  await page.getByTestId("answer-integer").fill(String(SNAP.counts[0]));
  await page.getByTestId("answer-submit").click();
  await expect(page.getByText(`1 of ${n} answered`)).toBeVisible();

  // Leave during the next stretch, come back through the study link.
  await page.goto(`/s/${studyId}`);
  await expect(page.getByTestId("continue-session")).toHaveText(`Resume: question 2 of ${n}`);
  await page.getByTestId("continue-session").click();
  // The player resumes the stretch where it was left ("Resume: …" again), or, when all of it had
  // already been served, shows the question over the paused frame.
  const start = page.getByTestId("baseline-start");
  await expect(start.or(page.getByTestId("question"))).toBeVisible();
  if (await start.isVisible()) {
    await expect(start).toHaveText(`Resume: question 2 of ${n}`);
    await start.click();
    await waitForQuestion(page);
    expect(await settledFrameIndex(page, VIDEO)).toBe(SNAP.queryFrames[1]);
  } else {
    await expect(page.getByTestId("baseline-still")).toBeVisible();
    await expect.poll(() => page.getByTestId("baseline-still").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await displayedFrameIndex(page, '[data-testid="baseline-still"]')).toBe(SNAP.queryFrames[1]);
  }
  await expect(page.getByText(`1 of ${n} answered`)).toBeVisible();
  await admin.context.close();
});

test("the done page always tells the participant what to do next", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const vstat = demoFormProjects().find((p) => p.benchmark === "VSTAT")!;
  const admin = await adminSession(browser);
  const projectId = await projectIdByName(admin.request, vstat.name);
  const ids = await itemIds(admin.request, projectId);
  await signIn(page, "PARTICIPANT");

  for (const { settings, code, next } of [
    { settings: {}, code: null, next: /nothing more to do: you may close this tab/ },
    { settings: { completionCode: "E2E-DONE-42" }, code: "E2E-DONE-42", next: /Enter this code on the platform that sent you here/ },
  ]) {
    const studyId = await openStudy(admin.request, { projectId, protocol: "FREE_REWATCH", itemIds: [ids.get("vstat-planted")!], settings });
    await joinStudy(page, studyId);
    // Not finished yet: say so, and how to go on.
    await page.goto(`/s/${studyId}/done`);
    await expect(page.getByTestId("done-next-step")).toContainText("not finished");
    await page.getByRole("link", { name: "Back to the study" }).click();
    await page.getByTestId("continue-session").click();
    const q = page.getByTestId("question").filter({ hasText: "Test item" });
    await q.getByTestId("answer-integer").fill("12");
    await q.getByTestId("answer-submit").click();
    await page.getByRole("link", { name: "Finish" }).click();
    await expect(page.getByRole("heading", { name: "Thank you" })).toBeVisible();
    await expect(page.getByTestId("done-next-step")).toHaveText(next);
    if (code) await expect(page.getByTestId("completion-code")).toHaveText(code);
    else await expect(page.getByTestId("completion-code")).toHaveCount(0);
  }
  await admin.context.close();
});
