import { expect, test, type APIResponse, type Page, type Response } from "@playwright/test";
import { demoFormProjects, PLANTED } from "@/lib/demo/demo-form-items";
import { fillRoute, PARTICIPANT_API_ROUTES, PARTICIPANT_PAGES } from "@/lib/protocol/participant-routes";
import { acceptConsent, adminSession, itemIds, joinStudy, openStudy, projectIdByName, sessionIdFromUrl, type Admin } from "./support/baseline";
import { signIn } from "./support/sign-in";

/**
 * Ground truth never reaches a participant's browser. The seeded answer-form projects carry
 * planted values in everything staff-only (truth answers and sources, notes, labels, a numeric
 * truth), another participant stores a planted answer and this participant stores one too. Then,
 * as the participant, every participant-reachable page is visited (plus staff pages and APIs that
 * must refuse), each page also requested as a React server component payload (`RSC: 1`), every
 * participant API route requested, and EVERY response body and header the browser received is
 * searched: no planted value, no item external id, no video file name.
 */

const OTHER_ANSWER = "ZQ-OTHER-ANSWER-6612";
const MY_ANSWER = "ZQ-MY-ANSWER-2290";
const forms = Object.fromEntries(demoFormProjects().map((p) => [p.benchmark, p]));
const STRINGS = [
  PLANTED.note,
  PLANTED.label,
  PLANTED.truthSource,
  PLANTED.freeTextTruth,
  PLANTED.enumerationTruth,
  PLANTED.captionTruth,
  OTHER_ANSWER,
  MY_ANSWER,
  "demo-cfr30",
  ...["ECBENCH", "VSTAT", "VSAS", "CUSTOM"].flatMap((b) => forms[b].items.map((i) => i.externalId)),
];
const NUMBER = new RegExp(`(?<![\\w.])${PLANTED.numericTruth}(?![\\w])`);

type Captured = { url: string; status: number; type: string; text: string; headers: string };
const captured: Captured[] = [];

function record(url: string, status: number, headers: Record<string, string>, body: Buffer) {
  captured.push({
    url,
    status,
    type: headers["content-type"] ?? "",
    text: body.toString("latin1"),
    headers: Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join("\n"),
  });
}

async function recordResponse(r: Response) {
  let body: Buffer;
  try {
    body = await r.body();
  } catch {
    body = Buffer.alloc(0); // redirects and aborted media requests have no body
  }
  record(r.url(), r.status(), await r.allHeaders(), body);
}

async function recordApi(url: string, r: APIResponse) {
  record(url, r.status(), r.headers(), await r.body());
}

async function answerFreeText(page: Page, text: string) {
  const q = page.getByTestId("question").filter({ hasText: "Describe the video" });
  await page.waitForLoadState("networkidle");
  await q.getByTestId("answer-text").fill(text);
  // Locked, or (the study's only question) the session finished. A click that lands before the
  // page is interactive sends nothing, so click again until the answer is taken (the server
  // stores one answer per question: a repeated submit cannot store a second one).
  const done = q.getByTestId("answer-locked").or(page.getByTestId("session-finished"));
  await expect(async () => {
    const submit = q.getByTestId("answer-submit");
    if (await submit.isVisible()) await submit.click({ timeout: 2_000 });
    await expect(done).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

test("a participant can request nothing that contains truth, staff metadata or stored answers", async ({ browser, page }) => {
  test.setTimeout(240_000); // four studies (the free-text form has its own project) on a shared machine
  const admin: Admin = await adminSession(browser);
  const studies: Record<string, { studyId: string; projectId: string; itemIds: string[] }> = {};
  for (const benchmark of ["ECBENCH", "VSTAT", "VSAS", "CUSTOM"]) {
    const spec = forms[benchmark];
    const projectId = await projectIdByName(admin.request, spec.name);
    const ids = await itemIds(admin.request, projectId);
    const itemList = spec.items.map((i) => ids.get(i.externalId)!);
    const studyId = await openStudy(admin.request, { projectId, protocol: spec.protocol, itemIds: itemList, settings: { participantsPerVideo: null } });
    studies[benchmark] = { studyId, projectId, itemIds: itemList };
  }
  const videoId = (((await (await admin.request.get("/api/videos?pageSize=100")).json()) as { videos: { id: string; originalName: string }[] }).videos).find(
    (v) => v.originalName === "demo-cfr30.mp4",
  )!.id;

  // Another participant (study link) stores an answer first.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto(`/s/${studies.CUSTOM.studyId}?PROLIFIC_PID=E2ECRAWLOTHER${Date.now()}&STUDY_ID=S&SESSION_ID=X`);
  await acceptConsent(otherPage, studies.CUSTOM.studyId);
  const otherSessionId = sessionIdFromUrl(otherPage);
  await answerFreeText(otherPage, OTHER_ANSWER);
  await other.close();

  // From here on, everything this participant's browser receives is recorded.
  page.on("response", (r) => void recordResponse(r));
  await signIn(page, "PARTICIPANT");
  const sessions: Record<string, string> = {};
  for (const [benchmark, s] of Object.entries(studies)) sessions[benchmark] = await joinStudy(page, s.studyId);

  await page.goto(`/s/${studies.CUSTOM.studyId}/session/${sessions.CUSTOM}`);
  await answerFreeText(page, MY_ANSWER);
  await page.goto(`/s/${studies.VSTAT.studyId}/session/${sessions.VSTAT}`);
  const planted = page.getByTestId("question").filter({ hasText: "Test item" });
  await planted.getByTestId("answer-integer").fill("12");
  await planted.getByTestId("answer-submit").click();
  await expect(planted.getByTestId("answer-locked")).toBeVisible();
  await page.goto(`/s/${studies.VSAS.studyId}/session/${sessions.VSAS}`);
  await page.getByTestId("baseline-start").click();
  await expect.poll(() => page.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(1.5);
  const segmentUrls = captured.filter((c) => c.url.includes("/api/segments/")).map((c) => new URL(c.url).pathname + new URL(c.url).search);

  // Every participant page of every study, plus pages and APIs that must refuse.
  const pages: string[] = ["/", "/sign-in", "/forbidden", "/s/no-such-study", `/s/${studies.CUSTOM.studyId}/session/${otherSessionId}`];
  for (const [benchmark, s] of Object.entries(studies)) {
    for (const p of PARTICIPANT_PAGES) pages.push(fillRoute(p, { studyId: s.studyId, sessionId: sessions[benchmark] }));
    pages.push(`/s/${s.studyId}?preview=1`, `/admin/studies/${s.studyId}`, `/projects/${s.projectId}`, `/projects/${s.projectId}/items/${s.itemIds[0]}`);
  }
  pages.push("/projects", "/videos", `/videos/${videoId}`, "/admin/studies", "/admin/users");
  for (const url of pages) {
    const r = await page.goto(url);
    expect(r, url).not.toBeNull();
    await page.waitForLoadState("networkidle");
    await recordApi(`${url} [RSC]`, await page.request.get(url, { headers: { RSC: "1" } }));
    await recordApi(`${url} [RSC prefetch]`, await page.request.get(url, { headers: { RSC: "1", "Next-Router-Prefetch": "1" } }));
  }

  const api: string[] = [];
  for (const [benchmark, s] of Object.entries(studies)) {
    const sid = sessions[benchmark];
    for (const r of PARTICIPANT_API_ROUTES.filter((r) => r.method === "GET" && r.returns !== "redirect")) {
      api.push(fillRoute(r.path, { studyId: s.studyId, sessionId: sid, id: sid, index: "0", nextauth: ["session"] }));
    }
    api.push(
      `/api/sessions/${sid}?tabId=x`,
      `/api/studies/${s.studyId}/results`,
      `/api/studies/${s.studyId}/export?format=csv`,
      `/api/studies/${s.studyId}/export?format=native`,
      `/api/studies/${s.studyId}/sessions/${sid}/log`,
      `/api/studies/${s.studyId}`,
      `/api/projects/${s.projectId}/items`,
      `/api/projects/${s.projectId}/items/${s.itemIds[0]}`,
      `/api/projects/${s.projectId}/export`,
      `/api/projects/${s.projectId}/leaderboard`,
      `/api/projects/${s.projectId}/leaderboard/items`,
    );
  }
  api.push(`/api/sessions/${otherSessionId}`, `/api/media/${videoId}`, `/api/videos/${videoId}`, `/api/videos/${videoId}/pts?format=json`, "/api/studies", "/api/projects", ...segmentUrls);
  for (const url of api) await recordApi(url, await page.request.get(url));

  // Error paths of the answer route (a malformed answer, one for a locked question, one not asked).
  const tabId = await page.evaluate((sid) => sessionStorage.getItem(`playhead-tab-${sid}`), sessions.CUSTOM);
  for (const body of [
    { askIndex: 0, tabId, version: 0, answer: { items: [""] } },
    { askIndex: 0, tabId, version: 0, answer: "again" },
    { askIndex: 99, tabId, version: 0, answer: 1 },
    { askIndex: 0, tabId: "other-tab", version: 0, answer: { count: -1 } },
  ]) {
    const url = `/api/sessions/${sessions.CUSTOM}/answers`;
    await recordApi(`POST ${url}`, await page.request.post(url, { data: body }));
  }

  // The search.
  await page.waitForLoadState("networkidle");
  const kinds = new Set(captured.map((c) => (c.status >= 400 ? "error" : c.url.includes("[RSC") ? "rsc" : c.type.split(";")[0])));
  for (const kind of ["text/html", "rsc", "application/json", "application/vnd.apple.mpegurl", "video/mp4", "error"]) expect(kinds).toContain(kind);
  expect(captured.length).toBeGreaterThan(150);
  const leaks: string[] = [];
  for (const c of captured) {
    for (const s of STRINGS) {
      if (c.text.includes(s) || c.headers.includes(s)) leaks.push(`${s} in ${c.url} (${c.status} ${c.type})`);
    }
    if (NUMBER.test(c.text)) leaks.push(`${PLANTED.numericTruth} in ${c.url} (${c.status} ${c.type})`);
  }
  expect(leaks).toEqual([]);
  await admin.context.close();
});
