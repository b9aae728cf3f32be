import { expect, test, type Browser, type Page } from "@playwright/test";
import type { VcbenchDocument } from "@/lib/annotation/document";
import { claimNext, importForAnnotator, seekFrame } from "./support/forms";
import { signIn } from "./support/sign-in";
import { openWorkspace, storedDocument, waitSaved } from "./support/workspace";

/**
 * Issue 19.3: a change queued offline in a tab that is then closed is picked up AT ONCE when the
 * task is reopened (not after a 15 s orphan timeout), and the page never says "All changes saved"
 * while a queued change exists. With two tabs open at once, the other tab's live queue is not taken
 * (it sends it itself): nothing is applied twice.
 */
const record = (id: string) => ({
  id,
  source_dataset: "Demo",
  video_path: "demo-cfr30.mp4",
  question: "How many times?",
  counting_type: "E1",
  counting_subtype: "E1-Action",
  occurrence_times: [1.0],
  query_points: { time: [2.0, 5.0, 8.0], count: [1, 1, 1] },
});

const momentsOf = async (page: Page, taskId: string) => ((await storedDocument(page.request, taskId)).data as VcbenchDocument).moments.map((m) => m.at.frame);

async function markOffline(page: Page, frame: number) {
  await seekFrame(page, frame);
  await page.getByTestId("vcbench-panel").getByRole("button", { name: "Mark action at current frame" }).click();
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "offline", { timeout: 10_000 });
}

/**
 * A new project with one E1 item, a browser context (without Web Locks when `locks` is false: the
 * tabs then find each other by pings on a BroadcastChannel, and a closing tab says it is going),
 * and tab A on the task, offline, with a mark at frame 40 queued.
 */
async function tabWithOfflineMark(browser: Browser, id: string, locks: boolean) {
  const { admin, projectId } = await importForAnnotator(browser, "vcbench", "e1.jsonl", `${JSON.stringify(record(locks ? id : `${id}-nolocks`))}\n`);
  const context = await browser.newContext();
  if (!locks) await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "locks", { get: () => undefined, configurable: true }));
  const a = await context.newPage();
  await signIn(a, "ANNOTATOR");
  const taskId = await claimNext(a.request, projectId);
  await openWorkspace(a, taskId);
  await a.route("**/api/annotations/**", (route) => route.abort("connectionrefused"));
  await markOffline(a, 40);
  return { admin, context, a, taskId };
}

for (const locks of [true, false]) {
  test(`a tab closed with an offline change${locks ? "" : ", in a browser without Web Locks"}: reopening the task at once shows it, says it is unsaved, and sends it`, async ({ browser }) => {
    test.setTimeout(120_000);
    const { admin, context, a, taskId } = await tabWithOfflineMark(browser, "reopen-closed", locks);
    await a.close();

    // Reopened at once in a new tab of the same browser. Every status the page shows is logged with
    // the marks shown at that moment: it may say "All changes saved" only while it shows the mark.
    const b = await context.newPage();
    await b.addInitScript(() => {
      const log: { text: string; rows: number }[] = [];
      (window as unknown as { statusLog: typeof log }).statusLog = log;
      new MutationObserver(() => {
        const s = document.querySelector('[data-testid="save-status"]');
        const text = s?.textContent ?? "";
        if (s && log[log.length - 1]?.text !== text) log.push({ text, rows: document.querySelectorAll('[data-testid="moment-row"]').length });
      }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await b.goto(`/annotate/${taskId}`);
    await expect(b.getByTestId("moment-row")).toHaveCount(1, { timeout: 15_000 });
    await waitSaved(b);
    const log = await b.evaluate(() => (window as unknown as { statusLog: { text: string; rows: number }[] }).statusLog);
    expect(log.length).toBeGreaterThan(0);
    expect(log.filter((e) => e.text.includes("All changes saved") && e.rows !== 1), JSON.stringify(log)).toEqual([]);
    expect(log[0].text, "the first status shown is not \"saved\": the taken-over change is still to be sent").not.toContain("All changes saved");
    expect(await momentsOf(b, taskId)).toEqual([40]);
    await expect(b.getByTestId("moment-row")).toHaveCount(1);
    await context.close();
    await admin.context.close();
  });
}

for (const locks of [true, false]) {
  test(`two tabs at once${locks ? "" : ", in a browser without Web Locks"}: the other tab's live queue is not taken over, nothing is applied twice, and it is sent when that tab closes`, async ({ browser }) => {
    test.setTimeout(120_000);
    const { admin, context, a, taskId } = await tabWithOfflineMark(browser, "reopen-live", locks);

    const b = await context.newPage();
    await openWorkspace(b, taskId);
    // B starts from the server's document; A's change is A's to send, and B says it exists.
    await expect(b.getByTestId("moment-row")).toHaveCount(0);
    const statusB = b.getByTestId("save-status");
    await expect(statusB).toHaveAttribute("data-elsewhere", "1");
    await expect(statusB).not.toContainText("All changes saved");
    await expect(statusB).toContainText("1 unsaved change of this task kept by another tab");

    // A comes back online and sends it; B hears of the new version and shows it.
    await a.unroute("**/api/annotations/**");
    await waitSaved(a);
    await expect(b.getByTestId("moment-row")).toHaveCount(1, { timeout: 10_000 });
    await expect(statusB).toHaveAttribute("data-elsewhere", "0");
    await expect(statusB).toContainText("All changes saved");
    expect(await momentsOf(b, taskId)).toEqual([40]);

    // A goes offline again, marks, and is closed while B is open: B takes the change over at once.
    await a.route("**/api/annotations/**", (route) => route.abort("connectionrefused"));
    await markOffline(a, 80);
    await a.close();
    await expect(b.getByTestId("moment-row")).toHaveCount(2, { timeout: 10_000 });
    await waitSaved(b);
    expect(await momentsOf(b, taskId)).toEqual([40, 80]);
    if (!locks) expect(await b.evaluate(() => navigator.locks === undefined), "the page ran without Web Locks").toBe(true);
    await context.close();
    await admin.context.close();
  });
}
