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

type Interruption = (route: Route) => Promise<void>;

/**
 * A participant consents and starts a streaming study while the first two consent and the first
 * two claim requests are interrupted by `interrupt` (a 503 from the proxy, or a dropped
 * connection). Checks the notice `notice` shown while each is retried and that `never` is not;
 * then that the session was claimed once it got through and plays the exact first frame.
 */
async function startThroughInterruptions(
  page: import("@playwright/test").Page,
  browser: import("@playwright/test").Browser,
  interrupt: Interruption,
  notice: RegExp,
  never: RegExp,
): Promise<void> {
  const admin = await adminSession(browser);
  const projectId = await projectIdByName(admin.request, DEMO_PROJECT);
  const ids = await itemIds(admin.request, projectId);
  const studyId = await openStudy(admin.request, { projectId, protocol: "STREAMING", itemIds: [ids.get(SNAP.externalId)!] });

  const interrupted = { consent: 0, claim: 0 };
  const twice = (kind: keyof typeof interrupted) => async (route: Route) => {
    if (interrupted[kind] < 2) {
      interrupted[kind] += 1;
      await interrupt(route);
    } else await route.continue();
  };
  await page.route(`**/api/studies/${studyId}/consent`, twice("consent"));
  await page.route("**/api/sessions/*/claim", twice("claim"));

  await signIn(page, "PARTICIPANT");
  await page.goto(`/s/${studyId}`);
  const takePart = page.getByRole("link", { name: "Take part with this account" });
  if (await takePart.isVisible()) await takePart.click();
  await page.getByTestId("consent-checkbox").check();
  await page.getByTestId("consent-accept").click();
  // Interrupted: the participant is told what is going on, not shown an error.
  await expect(page.getByTestId("consent-waiting")).toContainText(notice);
  await expect(page.getByText(never)).toHaveCount(0);

  await expect(page).toHaveURL(new RegExp(`/s/${studyId}/session/[^/]+$`), { timeout: 20_000 });
  const sessionId = sessionIdFromUrl(page);
  await expect(page.getByTestId("session-loading")).toContainText(notice);
  await expect(page.getByText(never)).toHaveCount(0);
  await expect(page.getByTestId("baseline-start")).toHaveText("Start the video", { timeout: 20_000 });
  // Once through, the notice is gone.
  await expect(page.getByText(notice)).toHaveCount(0);
  expect(interrupted).toEqual({ consent: 2, claim: 2 });

  // The session is the participant's, claimed once it got through, and plays as usual.
  const state = await page.request.get(`/api/sessions/${sessionId}?tabId=${await page.evaluate((sid) => sessionStorage.getItem(`playhead-tab-${sid}`), sessionId)}`);
  expect(state.status()).toBe(200);
  expect(((await state.json()) as { isActiveTab: boolean }).isActiveTab).toBe(true);
  await page.getByTestId("baseline-start").click();
  await waitForQuestion(page);
  expect(await settledFrameIndex(page, VIDEO)).toBe(SNAP.queryFrames[0]);
  await admin.context.close();
}

test("consent and the claim wait out a busy front end (503), telling the participant, then the session starts", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await startThroughInterruptions(
    page,
    browser,
    (route) => route.fulfill({ status: 503, contentType: "text/html; charset=utf-8", body: BUSY_PAGE }),
    /Many participants are starting at once/,
    /HTTP 503|Starting soon|cannot be reached/,
  );
});

test("a dropped connection while consenting and claiming is retried, saying so, not passed off as a busy launch", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await startThroughInterruptions(page, browser, (route) => route.abort("internetdisconnected"), /cannot be reached: check your connection/, /Many participants are starting at once|HTTP \d{3}|Failed to fetch/);
});
