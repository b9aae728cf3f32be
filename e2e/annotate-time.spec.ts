import { expect, test, type Page } from "@playwright/test";
import { unionLength, type ActivityInterval } from "@/lib/tasks/activity-intervals";
import { ACTIVITY_IDLE_MS } from "@/lib/tasks/activity-tracker";
import { claimNext, importForAnnotator } from "./support/forms";
import { signIn } from "./support/sign-in";
import { openWorkspace } from "./support/workspace";

/**
 * Time on task (issue 19.10): the workspace counts the wall time it is open and in use (visible,
 * with input or playback within the last minute), across reloads and tabs without counting two
 * tabs' common time twice, and /annotate shows that time. Here the annotator only looks, steps
 * frames and moves the mouse (no document edit at all, which the old autosave-based count could
 * not see), reloads, and opens a second tab on the same task; a second test leaves the page idle
 * for minutes (Playwright's clock) and checks that only one idle window is counted.
 */
const record = (id: string) => ({
  id,
  source_dataset: "Demo",
  video_path: "demo-cfr30.mp4",
  question: "How many objects appear?",
  counting_type: "E1",
  counting_subtype: "E1-Action",
  occurrence_times: [1.0],
  query_points: { time: [2.0, 5.0, 8.0], count: [1, 1, 1] },
});

/** Keeps the page in use for `ms`: a frame step and a mouse move every 700 ms, no edit. */
async function work(page: Page, ms: number): Promise<void> {
  const until = Date.now() + ms;
  let x = 200;
  while (Date.now() < until) {
    await page.keyboard.press("ArrowRight");
    x = x === 200 ? 260 : 200;
    await page.mouse.move(x, 300);
    await page.waitForTimeout(700);
  }
}

/** The stored time of the task (the one figure), once it stops changing. */
async function storedTime(page: Page, taskId: string): Promise<number> {
  const read = async () => ((await (await page.request.get("/api/me/tasks")).json()) as { tasks: { id: string; timeSpentMs: number }[] }).tasks.find((t) => t.id === taskId)!.timeSpentMs;
  let last = -1;
  await expect.poll(async () => {
    const now = await read();
    const settled = now === last && now > 0;
    last = now;
    return settled;
  }, { timeout: 20_000, intervals: [1000] }).toBe(true);
  return last;
}

/** The time /annotate shows for the task, in seconds ("42 s", "1 min 05 s"). */
async function shownSeconds(page: Page, taskId: string): Promise<number> {
  await page.goto("/annotate");
  const cell = page.getByTestId(`task-${taskId}`).getByRole("cell").nth(4);
  const text = (await cell.textContent())!.trim();
  const m = /^(?:(\d+) min )?(\d+) s$/.exec(text);
  expect(m, `time cell "${text}"`).toBeTruthy();
  return Number(m![1] ?? 0) * 60 + Number(m![2]);
}

test("an open, used workspace counts its wall time across a reload and two tabs, once; /annotate shows it", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { projectId } = await importForAnnotator(browser, "vcbench", "time.jsonl", `${JSON.stringify(record("time-span"))}\n`);
  await signIn(page, "ANNOTATOR");
  const taskId = await claimNext(page.request, projectId);
  const spans: ActivityInterval[] = [];

  await openWorkspace(page, taskId);
  let start = Date.now();
  await work(page, 8000);
  // Reload: the page in use until then, the new one from its first input on.
  spans.push({ start, end: Date.now() });
  await page.reload();
  await openWorkspace(page, taskId);
  start = Date.now();
  await work(page, 5000);

  // A second tab on the same task, both in use at once for about 8 s.
  const second = await page.context().newPage();
  await openWorkspace(second, taskId);
  const secondStart = Date.now();
  await Promise.all([work(page, 8000), work(second, 8000)]);
  spans.push({ start: secondStart, end: Date.now() });
  await second.close({ runBeforeUnload: true });
  await work(page, 3000);
  spans.push({ start, end: Date.now() });
  // Leaving the workspace ends its time (the last report goes out as the page is hidden).
  await page.goto("/");

  const expected = unionLength(spans);
  const summed = spans.reduce((n, s) => n + s.end - s.start, 0);
  expect(summed - expected, "the tabs overlapped for several seconds").toBeGreaterThan(6000);
  const stored = await storedTime(page, taskId);
  expect(Math.abs(stored - expected), `stored ${stored} ms, in use ${expected} ms`).toBeLessThan(2000);
  const shown = await shownSeconds(page, taskId);
  expect(Math.abs(shown - expected / 1000)).toBeLessThanOrEqual(2);
});

test("time idle beyond the window is not counted (Playwright's clock: minutes away from the page)", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { projectId } = await importForAnnotator(browser, "vcbench", "idle.jsonl", `${JSON.stringify(record("time-idle"))}\n`);
  await signIn(page, "ANNOTATOR");
  const taskId = await claimNext(page.request, projectId);
  await page.clock.install();
  await openWorkspace(page, taskId);
  const clockAt = () => page.evaluate(() => Date.now());
  const start = await clockAt();
  await work(page, 4000);
  const lastInput = await clockAt();
  // Away from the desk for 4 minutes: the page stays open and visible, nothing happens.
  await page.clock.fastForward("04:00");
  const back = await clockAt();
  await work(page, 3000);
  const end = await clockAt();
  await page.goto("/");
  const expected = lastInput - start + ACTIVITY_IDLE_MS + (end - back);
  const stored = await storedTime(page, taskId);
  expect(Math.abs(stored - expected), `stored ${stored} ms, expected ${expected} ms (not the ${end - start} ms the page was open)`).toBeLessThan(2500);
  expect(end - start - stored).toBeGreaterThan(2 * 60_000);
});
