import { expect, test, type Route } from "@playwright/test";
import { BUSY_PAGE } from "@/scripts/cluster/haproxy-config";
import { adminSession, DEMO_PROJECT, demoItem, itemIds, openStudy, projectIdByName, sessionIdFromUrl, VIDEO, waitForQuestion } from "./support/baseline";
import { settledFrameIndex } from "./support/frame-index";
import { signIn } from "./support/sign-in";

/**
 * A launch's busy front end (docs/deploy.md "Put a proxy that queues in front for a launch"): the
 * load balancer answers 503 with its busy page (scripts/cluster/haproxy-config.ts BUSY_PAGE) to a
 * request that waited its whole queue time. The participant's consent and the session's claim are
 * idempotent and wait it out (lib/http/retry-while-busy.ts), saying so, and the session then
 * starts as usual. The 503s are given by the browser's network layer here (the first two consent
 * and the first two claim requests), exactly as the proxy gives them.
 */
const SNAP = demoItem("demo-cfr30-snap");

test("consent and the claim wait out a busy front end (503), telling the participant, then the session starts", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const admin = await adminSession(browser);
  const projectId = await projectIdByName(admin.request, DEMO_PROJECT);
  const ids = await itemIds(admin.request, projectId);
  const studyId = await openStudy(admin.request, { projectId, protocol: "STREAMING", itemIds: [ids.get(SNAP.externalId)!] });

  const turnedAway = { consent: 0, claim: 0 };
  const busyTwice = (kind: keyof typeof turnedAway) => async (route: Route) => {
    if (turnedAway[kind] < 2) {
      turnedAway[kind] += 1;
      await route.fulfill({ status: 503, contentType: "text/html; charset=utf-8", body: BUSY_PAGE });
    } else await route.continue();
  };
  await page.route(`**/api/studies/${studyId}/consent`, busyTwice("consent"));
  await page.route("**/api/sessions/*/claim", busyTwice("claim"));

  await signIn(page, "PARTICIPANT");
  await page.goto(`/s/${studyId}`);
  const takePart = page.getByRole("link", { name: "Take part with this account" });
  if (await takePart.isVisible()) await takePart.click();
  await page.getByTestId("consent-checkbox").check();
  await page.getByTestId("consent-accept").click();
  // Turned away: the participant is told to wait, not shown an error.
  await expect(page.getByTestId("consent-waiting")).toContainText("Many participants are starting at once");
  await expect(page.getByText(/HTTP 503|Starting soon/)).toHaveCount(0);

  await expect(page).toHaveURL(new RegExp(`/s/${studyId}/session/[^/]+$`), { timeout: 20_000 });
  const sessionId = sessionIdFromUrl(page);
  await expect(page.getByTestId("session-loading")).toContainText("Many participants are starting at once");
  await expect(page.getByTestId("baseline-start")).toHaveText("Start the video", { timeout: 20_000 });
  expect(turnedAway).toEqual({ consent: 2, claim: 2 });

  // The session is the participant's, claimed once it got through, and plays as usual.
  const state = await page.request.get(`/api/sessions/${sessionId}?tabId=${await page.evaluate((sid) => sessionStorage.getItem(`playhead-tab-${sid}`), sessionId)}`);
  expect(state.status()).toBe(200);
  expect(((await state.json()) as { isActiveTab: boolean }).isActiveTab).toBe(true);
  await page.getByTestId("baseline-start").click();
  await waitForQuestion(page);
  expect(await settledFrameIndex(page, VIDEO)).toBe(SNAP.queryFrames[0]);
  await admin.context.close();
});

test("a dropped connection while consenting and claiming is retried, saying so, not passed off as a busy launch", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const admin = await adminSession(browser);
  const projectId = await projectIdByName(admin.request, DEMO_PROJECT);
  const ids = await itemIds(admin.request, projectId);
  const studyId = await openStudy(admin.request, { projectId, protocol: "STREAMING", itemIds: [ids.get(SNAP.externalId)!] });

  const dropped = { consent: 0, claim: 0 };
  const dropTwice = (kind: keyof typeof dropped) => async (route: Route) => {
    if (dropped[kind] < 2) {
      dropped[kind] += 1;
      await route.abort("internetdisconnected");
    } else await route.continue();
  };
  await page.route(`**/api/studies/${studyId}/consent`, dropTwice("consent"));
  await page.route("**/api/sessions/*/claim", dropTwice("claim"));

  await signIn(page, "PARTICIPANT");
  await page.goto(`/s/${studyId}`);
  const takePart = page.getByRole("link", { name: "Take part with this account" });
  if (await takePart.isVisible()) await takePart.click();
  await page.getByTestId("consent-checkbox").check();
  await page.getByTestId("consent-accept").click();
  await expect(page.getByTestId("consent-waiting")).toContainText("cannot be reached: check your connection");
  await expect(page.getByText(/Many participants are starting at once/)).toHaveCount(0);

  await expect(page).toHaveURL(new RegExp(`/s/${studyId}/session/[^/]+$`), { timeout: 20_000 });
  await expect(page.getByTestId("session-loading")).toContainText("cannot be reached: check your connection");
  await expect(page.getByTestId("baseline-start")).toHaveText("Start the video", { timeout: 20_000 });
  // Once through, the notice is gone.
  await expect(page.getByText(/cannot be reached/)).toHaveCount(0);
  expect(dropped).toEqual({ consent: 2, claim: 2 });
  await page.getByTestId("baseline-start").click();
  await waitForQuestion(page);
  expect(await settledFrameIndex(page, VIDEO)).toBe(SNAP.queryFrames[0]);
  await admin.context.close();
});
