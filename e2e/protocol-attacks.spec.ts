import { expect, test, type Browser } from "@playwright/test";
import { acceptConsent, adminSession, DEMO_PROJECT, demoItem, itemIds, joinStudy, openStudy, projectIdByName, serveLog, servedSegments, waitForQuestion } from "./support/baseline";
import { signIn } from "./support/sign-in";

/**
 * Protocol attack suite (issue 20) in Chromium against `next start`: what a participant, an attacker
 * with a worker's id, and a staff account see. The route-level suite is tests/attacks-*.test.ts.
 *
 * - A worker's id from a fresh browser, with another (or no) submission id: a clear page, not
 *   their session; the worker's own browser keeps working.
 * - Platform ids on a study that does not recruit on that platform: a clear page.
 * - A staff account opening a study link: a clear page, no title, nothing joined.
 * - HEAD on the real server (Next answers HEAD with GET) uses no segment up: the stretch still
 *   plays; segments come with their Content-Length.
 * - A video received under free rewatch is not given again in a streaming study.
 */

const SNAP = demoItem("demo-offset-snap");
const stamp = Date.now().toString(36).toUpperCase();

async function setUp(browser: Browser, protocol: "STREAMING" | "FREE_REWATCH", settings: Record<string, unknown>) {
  const admin = await adminSession(browser);
  const projectId = await projectIdByName(admin.request, DEMO_PROJECT);
  const ids = await itemIds(admin.request, projectId);
  const studyId = await openStudy(admin.request, { projectId, protocol, itemIds: [ids.get(SNAP.externalId)!], settings: { participantsPerVideo: null, completionCode: "E2E-ATTACK", ...settings } });
  return { admin, studyId };
}

const prolificLink = (studyId: string, pid: string, submission?: string) =>
  `/s/${studyId}?PROLIFIC_PID=${pid}&STUDY_ID=E2EATTACK${submission ? `&SESSION_ID=${submission}` : ""}`;

test("a worker's id from a fresh browser with another submission gets a clear page, not their session", async ({ browser }) => {
  const { admin, studyId } = await setUp(browser, "FREE_REWATCH", { crowdPlatforms: ["prolific"] });
  const pid = `E2EWORKER${stamp}`;
  const worker = await browser.newContext();
  const page = await worker.newPage();
  await page.goto(prolificLink(studyId, pid, "SUBMISSION-REAL"));
  await acceptConsent(page, studyId);
  const sessionUrl = page.url();

  const attacker = await browser.newContext();
  const evil = await attacker.newPage();
  const refused = await evil.goto(prolificLink(studyId, pid, "SUBMISSION-GUESSED"));
  expect(refused?.status()).toBe(409);
  await expect(evil.getByRole("heading", { name: "You are already taking part" })).toBeVisible();
  await expect(evil.getByTestId("refusal-message")).toContainText("another submission (SESSION_ID)");
  const missing = await evil.goto(prolificLink(studyId, pid));
  expect(missing?.status()).toBe(400);
  await expect(evil.getByTestId("refusal-message")).toContainText("SESSION_ID is missing");
  // Signed in as nobody: the worker's session page is not theirs.
  await evil.goto(sessionUrl);
  await expect(evil).toHaveURL(/\/sign-in/);
  expect((await attacker.cookies()).filter((c) => c.name.includes("session-token"))).toEqual([]);
  await attacker.close();

  // The worker's own browser: reload, and the link again (even with another submission id).
  await page.reload();
  await expect(page.getByTestId("question").first()).toBeVisible();
  await page.goto(prolificLink(studyId, pid, "SUBMISSION-LATER"));
  await expect(page).toHaveURL(new RegExp(`/s/${studyId}$`));
  await expect(page.getByTestId("continue-session")).toBeVisible();
  await worker.close();

  // Platform ids on a study that recruits on no platform (or not on that one) are refused.
  const plain = await setUp(browser, "FREE_REWATCH", { crowdPlatforms: [] });
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  const notHere = await strangerPage.goto(`/s/${plain.studyId}?workerId=E2EW${stamp}&assignmentId=E2EA${stamp}&hitId=H`);
  expect(notHere?.status()).toBe(403);
  await expect(strangerPage.getByTestId("refusal-message")).toContainText("This study does not recruit on MTurk");
  expect((await stranger.cookies()).filter((c) => c.name.includes("session-token"))).toEqual([]);
  await stranger.close();
  await plain.admin.context.close();
  await admin.context.close();
});

test("a staff account opening a study link sees that staff cannot take part, and joins nothing", async ({ browser }) => {
  const { admin, studyId } = await setUp(browser, "FREE_REWATCH", { crowdPlatforms: [] });
  const name = `E2E staff study ${stamp}`;
  expect((await admin.request.patch(`/api/studies/${studyId}`, { data: { name } })).status()).toBe(200);
  for (const role of ["ANNOTATOR", "REVIEWER", "ADMIN"] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, role);
    await page.goto(`/s/${studyId}`);
    await expect(page.getByTestId("staff-not-allowed")).toBeVisible();
    await expect(page.getByText(name)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Take part with this account" })).toHaveCount(0);
    const entered = await page.goto(`/api/studies/${studyId}/enter`);
    expect(entered?.status(), role).toBe(403);
    await expect(page.getByTestId("refusal-message")).toContainText("Staff accounts");
    expect((await page.request.get(`/api/studies/${studyId}/participation`)).status()).toBe(403);
    await context.close();
  }
  const results = await admin.request.get(`/api/studies/${studyId}/results`);
  expect(results.status()).toBe(200);
  expect(((await results.json()) as { participants: unknown[] }).participants).toEqual([]);
  await admin.context.close();
});

test("HEAD on the real server uses no segment up: the stretch still plays and the question comes", async ({ browser, page }) => {
  test.setTimeout(120_000);
  const { admin, studyId } = await setUp(browser, "STREAMING", { excludeSeenVideos: false });
  await signIn(page, "PARTICIPANT");
  const sessionId = await joinStudy(page, studyId);
  const state = await (await page.request.get(`/api/sessions/${sessionId}`)).json();
  const playlist = await page.request.get(state.streaming.playlistUrl);
  expect(playlist.status()).toBe(200);
  const text = await playlist.text();
  const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(text)![1];
  const segments = text.split("\n").filter((l) => l.startsWith("/api/segments/"));
  expect(segments.length).toBeGreaterThan(0);
  const logged = (await serveLog(admin.request, studyId, sessionId)).length;
  for (const uri of [init, ...segments, state.streaming.playlistUrl, `/api/sessions/${sessionId}/still`]) {
    const head = await page.request.head(uri);
    expect([uri, head.status()]).toEqual([uri, 405]);
  }
  expect((await serveLog(admin.request, studyId, sessionId)).length, "HEAD logged nothing").toBe(logged);
  // The init segment (served any number of times) comes with its exact length.
  const initBody = await page.request.get(init);
  expect(initBody.status()).toBe(200);
  expect(Number(initBody.headers()["content-length"])).toBe((await initBody.body()).byteLength);

  await page.getByTestId("baseline-start").click();
  await waitForQuestion(page);
  const served = servedSegments(await serveLog(admin.request, studyId, sessionId));
  expect(served.slice(0, segments.length)).toEqual(segments.map((u) => Number(new URL(u, "http://x").pathname.split("/").pop())));
  await admin.context.close();
});

test("a video received under free rewatch is not given again in a streaming study of the same items", async ({ browser }) => {
  const free = await setUp(browser, "FREE_REWATCH", { crowdPlatforms: ["prolific"], excludeSeenVideos: true });
  const streaming = await setUp(browser, "STREAMING", { crowdPlatforms: ["prolific"], excludeSeenVideos: true });
  const pid = `E2EEXPOSED${stamp}`;
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(prolificLink(free.studyId, pid, "SUB-FREE"));
  await acceptConsent(page, free.studyId);
  await expect(page.getByTestId("question").first()).toBeVisible();

  await page.goto(prolificLink(streaming.studyId, pid, "SUB-STREAM"));
  await expect(page.getByTestId("consent-text")).toBeVisible();
  await page.getByTestId("consent-checkbox").check();
  await page.getByTestId("consent-accept").click();
  await expect(page.getByText("There is nothing left for you to do in this study.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/s/${streaming.studyId}$`));
  await context.close();

  // The admin sees the rule on the study page (on by default).
  await streaming.admin.page.goto(`/admin/studies/${streaming.studyId}`);
  await expect(streaming.admin.page.getByLabel(/never give a participant a video they received/)).toBeChecked();
  await free.admin.context.close();
  await streaming.admin.context.close();
});
