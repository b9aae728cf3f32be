import { expect, test, type Page } from "@playwright/test";
import { acceptConsent, adminSession, DEMO_PROJECT, demoItem, itemIds, openStudy, projectIdByName } from "./support/baseline";

/**
 * The study link: a participant arriving from Prolific (PROLIFIC_PID, STUDY_ID, SESSION_ID) or
 * MTurk (workerId, assignmentId, hitId) gets an identity without an account, consents, does the
 * session and ends on the completion code, then is sent to the configured redirect (code filled
 * in). The admin sees them under their external id. Free-rewatch study on demo-offset.mp4.
 */

const ITEM = demoItem("demo-offset-snap");
const CODE = "E2E-LINK-7Q2K";
const RETURN_HOST = "https://recruiter.invalid";

let studyId = "";

test.beforeAll(async ({ browser }) => {
  const admin = await adminSession(browser);
  const projectId = await projectIdByName(admin.request, DEMO_PROJECT);
  const ids = await itemIds(admin.request, projectId);
  studyId = await openStudy(admin.request, {
    projectId,
    protocol: "FREE_REWATCH",
    itemIds: [ids.get(ITEM.externalId)!],
    settings: {
      participantsPerVideo: null,
      consentText: "E2E study-link consent.",
      completionCode: CODE,
      redirectUrl: `${RETURN_HOST}/submissions/complete?cc={code}`,
    },
  });
  await admin.context.close();
});

async function answerEverything(page: Page) {
  const questions = page.getByTestId("question");
  await expect(questions).toHaveCount(ITEM.queryFrames.length);
  for (let i = 0; i < ITEM.queryFrames.length; i++) {
    const q = questions.nth(i);
    await q.getByTestId("answer-integer").fill(String(ITEM.counts[i]));
    await q.getByTestId("answer-submit").click();
    if (i < ITEM.queryFrames.length - 1) await expect(q.getByText("Answered (locked)")).toBeVisible();
  }
}

const platforms = [
  { name: "Prolific", query: (id: string) => `PROLIFIC_PID=${id}&STUDY_ID=E2ESTUDY&SESSION_ID=E2ESESSION` },
  { name: "MTurk", query: (id: string) => `workerId=${id}&assignmentId=ASSIGN${id}&hitId=E2EHIT` },
];

for (const platform of platforms) {
  test(`${platform.name} link: identity from the link, consent, session, completion code, redirect`, async ({ browser }) => {
    const externalId = `E2E${platform.name.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
    const context = await browser.newContext();
    const page = await context.newPage();
    const returned: string[] = [];
    await page.route(`${RETURN_HOST}/**`, (route) => {
      returned.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Back on the platform</h1>" });
    });

    await page.goto(`/s/${studyId}?${platform.query(externalId)}`);
    await acceptConsent(page, studyId);
    await answerEverything(page);
    await expect(page.getByTestId("session-finished")).toBeVisible();
    await page.getByRole("link", { name: "Finish" }).click();
    await expect(page).toHaveURL(new RegExp(`/s/${studyId}/done$`));
    await expect(page.getByTestId("completion-code")).toHaveText(CODE);
    await expect(page.getByTestId("completion-redirect")).toHaveAttribute("href", `${RETURN_HOST}/submissions/complete?cc=${CODE}`);
    await expect(page.getByText("Back on the platform")).toBeVisible({ timeout: 15_000 });
    expect(returned).toEqual([`${RETURN_HOST}/submissions/complete?cc=${CODE}`]);
    await context.close();

    const admin = await adminSession(browser);
    await admin.page.goto(`/admin/studies/${studyId}`);
    const row = admin.page.locator("tr", { hasText: externalId });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("COMPLETED");
    await admin.context.close();
  });
}
