import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { demoFormProjects } from "@/lib/demo/demo-form-items";
import { adminSession, itemIds, joinStudy, openStudy, projectIdByName, VIDEO, waitForQuestion, type Admin } from "./support/baseline";
import { settledFrameIndex } from "./support/frame-index";
import { signIn } from "./support/sign-in";

/**
 * The free-rewatch protocol (TOC-Bench, VSTAT, EC-Bench) and every answer form in the browser, on
 * the seeded answer-form demo projects (demo-cfr30.mp4): the whole video can be replayed and
 * sought, each answer is locked once submitted (the UI says so; a second submission gets 409 and
 * changes nothing). Forms: MCQ, statement pair, TOC numeric buckets, ordering (drag and keyboard),
 * signed integer, enumeration list editor (ordered, shown with →), evidence spans marked on the
 * timeline, free text; and the VSAS live response box sampled every second while streaming.
 */

const projects = Object.fromEntries(demoFormProjects().map((p) => [p.benchmark, p]));

async function studyFor(admin: Admin, benchmark: keyof typeof projects): Promise<string> {
  const spec = projects[benchmark];
  const projectId = await projectIdByName(admin.request, spec.name);
  const ids = await itemIds(admin.request, projectId);
  return openStudy(admin.request, { projectId, protocol: spec.protocol, itemIds: spec.items.map((i) => ids.get(i.externalId)!) });
}

const question = (page: Page, text: string) => page.getByTestId("question").filter({ hasText: text });

async function submitAndLock(page: Page, text: string) {
  const q = question(page, text);
  await q.getByTestId("answer-submit").click();
  await expect(q.getByTestId("answer-locked")).toBeVisible();
  await expect(q.getByTestId("answer-submit")).toHaveCount(0);
}

async function storedAnswers(request: APIRequestContext, studyId: string, sessionId: string): Promise<unknown[]> {
  const res = await request.get(`/api/studies/${studyId}/sessions/${sessionId}/log`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { events: { kind: string; value?: unknown }[] }).events.filter((e) => e.kind === "answer").map((e) => e.value);
}

async function seekTo(page: Page, seconds: number) {
  await page.locator(VIDEO).evaluate((v: HTMLVideoElement, t) => void (v.currentTime = t), seconds);
  return settledFrameIndex(page, VIDEO);
}

test.describe("free rewatch and answer forms", () => {
  let admin: Admin;
  test.beforeEach(async ({ browser, page }) => {
    admin = await adminSession(browser);
    await signIn(page, "PARTICIPANT");
  });
  test.afterEach(async () => admin.context.close());

  test("TOC-Bench: replayable video; MCQ, statement pair, count buckets, ordering by drag and keyboard; answers lock", async ({ page }) => {
    const studyId = await studyFor(admin, "TOCBENCH");
    const sessionId = await joinStudy(page, studyId);

    // The whole video, with a seek bar: forwards and back again.
    await expect(page.locator(".vjs-progress-control")).toHaveCount(1);
    await page.locator(VIDEO).evaluate((v: HTMLVideoElement) => new Promise((r) => (v.readyState >= 1 ? r(null) : v.addEventListener("loadedmetadata", r, { once: true }))));
    expect(await seekTo(page, 8.01)).toBe(240);
    expect(await seekTo(page, 1.01)).toBe(30);

    const mcq = question(page, "Which object is visible at 5 seconds");
    await mcq.getByTestId("answer-option-B").check();
    await submitAndLock(page, "Which object is visible at 5 seconds");

    await question(page, "Which statement is true?").getByTestId("answer-option-A").check();
    await submitAndLock(page, "Which statement is true?");

    const buckets = question(page, "How many different objects appear");
    await expect(buckets.locator('input[type="radio"]')).toHaveCount(4);
    await expect(buckets).toContainText("5 or more");
    await buckets.getByTestId("answer-option-3").check();
    await submitAndLock(page, "How many different objects appear");

    const ordering = question(page, "Put these events in the order");
    const order = () => ordering.locator("li").evaluateAll((lis) => lis.map((li) => li.getAttribute("data-testid")!.replace("answer-order-", "")));
    expect(await order()).toEqual(["A", "B", "C", "D"]);
    await ordering.getByTestId("answer-order-B").dragTo(ordering.getByTestId("answer-order-A"));
    expect(await order()).toEqual(["B", "A", "C", "D"]);
    // Focus D right after the drop: the drop's own focus restoring (a frame later) must not take it back to B.
    await ordering.getByTestId("answer-order-D").focus();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await expect(ordering.getByTestId("answer-order-D")).toBeFocused();
    await page.keyboard.press("Alt+ArrowUp");
    expect(await order()).toEqual(["B", "A", "D", "C"]);
    await expect(ordering.getByTestId("answer-order-D")).toBeFocused();

    // A second submission of a locked answer (here: the MCQ, racing the form) is refused.
    const tabId = await page.evaluate((sid) => sessionStorage.getItem(`playhead-tab-${sid}`), sessionId);
    const st = (await (await page.request.get(`/api/sessions/${sessionId}?tabId=${tabId}`)).json()) as { version: number };
    const again = await page.request.post(`/api/sessions/${sessionId}/answers`, { data: { askIndex: 0, tabId, version: st.version, answer: "D" } });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe("already_answered");

    await ordering.getByTestId("answer-submit").click();
    await expect(page.getByTestId("session-finished")).toBeVisible();
    expect(await storedAnswers(admin.request, studyId, sessionId)).toEqual(["B", "A", "3", ["B", "A", "D", "C"]]);

    // TOC-Bench's own prediction format, and the score on the results page (all four correct).
    const native = await admin.request.get(`/api/studies/${studyId}/export?format=native`);
    expect(native.status()).toBe(200);
    const records = (await native.text()).trim().split("\n").map((l) => JSON.parse(l) as { qa_id: string; extracted_answer: unknown });
    expect(Object.fromEntries(records.map((r) => [r.qa_id, r.extracted_answer]))).toEqual({
      "toc-mcq": "B",
      "toc-sp": "A",
      "toc-num": "3",
      "toc-order": ["B", "A", "D", "C"],
    });
    await admin.page.goto(`/admin/studies/${studyId}`);
    await expect(admin.page.locator("p", { hasText: "Human row:" })).toContainText("accuracy 100.0");
  });

  test("VSTAT: MCQ and whole numbers with a sign; EC-Bench: count with evidence marked on the timeline, ordered list editor; free text", async ({ page }) => {
    const vstat = await studyFor(admin, "VSTAT");
    const vstatSession = await joinStudy(page, vstat);
    await question(page, "What colour is the first object").getByTestId("answer-option-B").check();
    await submitAndLock(page, "What colour is the first object");
    const delta = question(page, "How did the number of visible objects change");
    await expect(delta.getByText("negative if it decreased")).toBeVisible();
    await delta.getByTestId("answer-integer").fill("-1");
    await submitAndLock(page, "How did the number of visible objects change");
    await question(page, "Test item: enter any whole number.").getByTestId("answer-integer").fill("12");
    await question(page, "Test item: enter any whole number.").getByTestId("answer-submit").click();
    await expect(page.getByTestId("session-finished")).toBeVisible();
    expect(await storedAnswers(admin.request, vstat, vstatSession)).toEqual(["B", -1, 12]);

    const ec = await studyFor(admin, "ECBENCH");
    const ecSession = await joinStudy(page, ec);
    await page.locator(VIDEO).evaluate((v: HTMLVideoElement) => new Promise((r) => (v.readyState >= 1 ? r(null) : v.addEventListener("loadedmetadata", r, { once: true }))));

    const count = question(page, "How many times does an object disappear");
    await count.getByTestId("answer-integer").fill("3");
    await seekTo(page, 4.2);
    await expect(count.getByText("Video at 4.2 s")).toBeVisible();
    await count.getByRole("button", { name: "Mark start" }).click();
    await seekTo(page, 6.1);
    await count.getByRole("button", { name: "Mark end" }).click();
    await expect(count.getByTestId("evidence-span-bar")).toHaveCount(1);
    await expect(count.getByLabel("Span 1 start")).toHaveValue("4");
    await expect(count.getByLabel("Span 1 end")).toHaveValue("6");
    await submitAndLock(page, "How many times does an object disappear");

    const list = question(page, "List the objects in the order");
    await list.getByLabel("Item 1", { exact: true }).fill("red box");
    await list.getByLabel("Item 1", { exact: true }).press("Enter");
    await expect(list.getByLabel("Item 2", { exact: true })).toBeFocused();
    await page.keyboard.type("yellow circle");
    await list.getByRole("button", { name: "Add an item" }).click();
    await list.getByLabel("Item 3", { exact: true }).fill("green box");
    await expect(list.getByTestId("answer-enumeration-preview")).toHaveText("red box → yellow circle → green box");
    await list.getByTestId("answer-submit").click();
    await expect(page.getByTestId("session-finished")).toBeVisible();
    expect(await storedAnswers(admin.request, ec, ecSession)).toEqual([
      { count: 3, evidence: [[4, 6]] },
      { items: ["red box", "yellow circle", "green box"] },
    ]);

    // Free text: no benchmark has it, so it lives in a Playhead-format ("custom") demo project.
    const text = await studyFor(admin, "CUSTOM");
    const textSession = await joinStudy(page, text);
    await question(page, "Describe the video").getByTestId("answer-text").fill("Three shapes come and go.");
    await question(page, "Describe the video").getByTestId("answer-submit").click();
    await expect(page.getByTestId("session-finished")).toBeVisible();
    expect(await storedAnswers(admin.request, text, textSession)).toEqual(["Three shapes come and go."]);
  });

  test("VSAS: the live response box is sampled every second into a response timeline while the video streams", async ({ page }) => {
    const studyId = await studyFor(admin, "VSAS");
    const sessionId = await joinStudy(page, studyId);
    await expect(page.locator(".vjs-progress-control")).toHaveCount(0);
    await page.getByTestId("baseline-start").click();
    const box = page.getByTestId("live-response");
    await box.fill("a red box");
    await expect.poll(() => page.locator(VIDEO).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(4.5);
    await box.fill("a yellow circle and a red box");
    await waitForQuestion(page);
    await expect(page.getByTestId("question")).toContainText("samples");
    await page.getByTestId("answer-submit").click();
    await expect(page.getByTestId("session-finished")).toBeVisible();

    const [answer] = (await storedAnswers(admin.request, studyId, sessionId)) as { timeline: { sec: number; text: string }[] }[];
    const secs = answer.timeline.map((s) => s.sec);
    expect(secs.length).toBeGreaterThanOrEqual(8);
    expect(secs).toEqual([...secs].sort((a, b) => a - b));
    expect(new Set(secs).size).toBe(secs.length);
    expect(secs[secs.length - 1]).toBeGreaterThanOrEqual(8);
    const texts = answer.timeline.map((s) => s.text);
    expect(texts).toContain("a red box");
    expect(texts[texts.length - 1]).toBe("a yellow circle and a red box");
  });
});
