import { expect, test, type Page } from "@playwright/test";
import { EC_CSV, expectStored, openOne, pressButton, RECORDS, seekByKeys, tabTo, tocFile, typeInto, vsasTask, vstatFile } from "./support/walkthrough";

/**
 * Issue 19, "done means": every panel walked through with the KEYBOARD ALONE (Tab / Shift+Tab to
 * move, Enter / Space to press, arrows in radio groups, the registry's shortcuts for the player
 * and the timeline, typing for text); after submitting, the stored document (read through the
 * API) equals exactly what was entered.
 */
const line = (o: unknown) => `${JSON.stringify(o)}\n`;
const vcEmpty = { moments: [], occurrences: [], identities: [], window: null, countAtStart: null, countAtEnd: null, notes: "" };

test.describe.configure({ timeout: 180_000 });

test("VCBench E1-Action by keyboard", async ({ page, browser }) => {
  const { taskId, close } = await openOne(page, browser, "vcbench", "e1.jsonl", line(RECORDS.e1("walk-k-e1")));
  const panel = page.getByTestId("vcbench-panel");
  await seekByKeys(page, 30);
  await page.keyboard.press("m");
  await typeInto(page, page.getByTestId("selection-label"), "clap");
  for (const f of [90, 180]) {
    await seekByKeys(page, f);
    await page.keyboard.press("m");
  }
  await seekByKeys(page, 285);
  await pressButton(page, panel.getByRole("button", { name: "Add query point here" }));
  await pressButton(page, panel.getByRole("button", { name: "delete query point 2" }));
  await typeInto(page, panel.getByRole("textbox", { name: "notes" }), "keyboard only");
  await expectStored(page, taskId, { ...vcEmpty, subtype: "E1-Action", moments: [[30, "clap"], [90, ""], [180, ""]], queryPoints: [[60, null], [240, null], [285, null]], notes: "keyboard only" }, "keys");
  await close();
});

test("VCBench E2-Periodic by keyboard: cycles with i / o, a split point with m", async ({ page, browser }) => {
  const { taskId, close } = await openOne(page, browser, "vcbench", "e2.jsonl", line(RECORDS.e2("walk-k-e2")));
  const panel = page.getByTestId("vcbench-panel");
  const span = async (start: number, end: number) => {
    await seekByKeys(page, start);
    await page.keyboard.press("i");
    await seekByKeys(page, end);
    await page.keyboard.press("o");
    await page.keyboard.press("Escape");
  };
  await span(100, 170);
  await span(30, 75);
  await seekByKeys(page, 50);
  await page.keyboard.press("m");
  await page.keyboard.press("Escape");
  await typeInto(page, panel.getByRole("textbox", { name: "label of cycle 1" }), "wave");
  await expectStored(page, taskId, { ...vcEmpty, subtype: "E2-Periodic", occurrences: [[30, 75, "wave", [50]], [100, 170, "", []]], queryPoints: [[90, null], [180, null], [270, null]] }, "keys");
  await close();
});

test("VCBench O1-Snap by keyboard: counts typed per query point", async ({ page, browser }) => {
  const { taskId, close } = await openOne(page, browser, "vcbench", "snap.jsonl", line(RECORDS.snap("walk-k-snap")));
  const panel = page.getByTestId("vcbench-panel");
  for (const [i, n] of ["2", "3", "1"].entries()) await typeInto(page, panel.getByRole("textbox", { name: `count at query point ${i + 1}` }), n);
  await expectStored(page, taskId, { ...vcEmpty, subtype: "O1-Snap", queryPoints: [[60, 2], [150, 3], [240, 1]] }, "keys");
  await close();
});

async function windowByKeys(page: Page, start: number, end: number) {
  const set = page.getByTestId("vcbench-window").getByRole("button", { name: "Set to current frame" });
  await seekByKeys(page, start);
  await pressButton(page, set.nth(0));
  await seekByKeys(page, end);
  await pressButton(page, set.nth(1));
}

test("VCBench O1-Delta by keyboard: the window and the counts at its ends", async ({ page, browser }) => {
  const { taskId, close } = await openOne(page, browser, "vcbench", "delta.jsonl", line(RECORDS.delta("walk-k-delta")));
  const panel = page.getByTestId("vcbench-panel");
  await windowByKeys(page, 30, 240);
  await typeInto(page, panel.getByRole("textbox", { name: "count at the window start" }), "1");
  await typeInto(page, panel.getByRole("textbox", { name: "count at the window end" }), "3");
  await expectStored(page, taskId, { ...vcEmpty, subtype: "O1-Delta", window: [30, 240], countAtStart: 1, countAtEnd: 3, queryPoints: [[240, null]] }, "keys");
  await close();
});

test("VCBench O2-Gain by keyboard: the window, individuals with m, an id and a note", async ({ page, browser }) => {
  const { taskId, close } = await openOne(page, browser, "vcbench", "gain.jsonl", line(RECORDS.gain("walk-k-gain")));
  const panel = page.getByTestId("vcbench-panel");
  await windowByKeys(page, 30, 240);
  for (const f of [120, 45]) {
    await seekByKeys(page, f);
    await page.keyboard.press("m");
  }
  await typeInto(page, panel.getByRole("textbox", { name: "id of individual 2" }), "yellow circle");
  await typeInto(page, panel.getByRole("textbox", { name: "note of individual 1" }), "enters left");
  await expectStored(page, taskId, { ...vcEmpty, subtype: "O2-Gain", window: [30, 240], identities: [["#2", 45, "enters left"], ["yellow circle", 120, ""]], queryPoints: [[240, null]] }, "keys");
  await close();
});

test("EC-Bench by keyboard: feasibility, a revised answer, a clip with i / o and its subject", async ({ page, browser }) => {
  const { taskId, close } = await openOne(page, browser, "ecbench", "dataset.csv", EC_CSV);
  const panel = page.getByTestId("ecbench-panel");
  await tabTo(page, panel.getByLabel("Answerable from the video"));
  await page.keyboard.press("Space");
  await typeInto(page, panel.getByRole("textbox", { name: "answer" }), "2");
  await seekByKeys(page, 30);
  await page.keyboard.press("i");
  await seekByKeys(page, 75);
  await page.keyboard.press("o");
  await page.keyboard.press("Escape");
  await typeInto(page, panel.getByRole("textbox", { name: "subject of clip 1" }), "dog");
  await typeInto(page, panel.getByRole("textbox", { name: "notes" }), "by keyboard");
  await expectStored(page, taskId, { feasible: true, invalidReason: "", answer: "2", answerRevised: true, evidence: [[1, 3, "dog"], [4, 6, ""]], notes: "by keyboard" }, "keys");
  await close();
});

test("TOC-Bench by keyboard: remove with a reason and details", async ({ page, browser }) => {
  const { taskId, close } = await openOne(page, browser, "tocbench", "answer_final.json", tocFile("walk-k-toc"));
  const panel = page.getByTestId("tocbench-panel");
  await tabTo(page, panel.getByLabel("Keep as is", { exact: true }));
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(panel.getByLabel("Remove", { exact: true })).toBeChecked();
  await tabTo(page, panel.getByLabel("Tracking error"));
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(panel.getByLabel("Wrong label")).toBeChecked();
  await typeInto(page, panel.getByRole("textbox", { name: "removal details" }), "A is the true answer");
  await expectStored(page, taskId, { decision: "remove", revision: null, removalReason: "wrong_label", removalNote: "A is the true answer", notes: "" }, "keys");
  await close();
});

test("VSTAT by keyboard: taxonomy radios and challenges, keep", async ({ page, browser }) => {
  const { taskId, close } = await openOne(page, browser, "vstat", "vstat.json", vstatFile("walk-k-vstat"));
  const panel = page.getByTestId("vstat-panel");
  await tabTo(page, panel.getByRole("radiogroup", { name: "state element" }).getByLabel("Attribute"));
  await page.keyboard.press("ArrowUp");
  await tabTo(page, panel.getByRole("radiogroup", { name: "state structure" }).getByLabel("Atomic"));
  await page.keyboard.press("ArrowDown");
  for (const c of [/^Occlusion/, /^Camera motion/]) {
    await tabTo(page, panel.getByLabel(c));
    await page.keyboard.press("Space");
  }
  await tabTo(page, panel.getByLabel("Keep as is", { exact: true }));
  await page.keyboard.press("Space");
  await expectStored(page, taskId, { stateElement: "location", stateStructure: "sequence", challenges: ["occlusion", "camera_motion"], decision: "keep", revision: null, removalNote: "", notes: "" }, "keys");
  await close();
});

test("VSAS by keyboard: walk the captions, mark, flag, edit in place", async ({ page, browser }) => {
  const { taskId, close } = await openOne(page, browser, "vsas", "tasks.jsonl", line(vsasTask("walk-k-vsas")));
  const panel = page.getByTestId("vsas-panel");
  await tabTo(page, panel.getByTestId("caption-list"));
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("c");
  await page.keyboard.press("Shift+ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(panel.getByRole("textbox", { name: "caption of second 3" })).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("a dog runs");
  await page.keyboard.press("Enter");
  await typeInto(page, panel.getByRole("textbox", { name: "notes" }), "by keyboard");
  await expectStored(
    page,
    taskId,
    {
      captions: [
        [0, "caption 0", false, null],
        [1, "caption 1", false, null],
        [2, "caption 2", true, "next"],
        [3, "a dog runs", false, null],
        [4, "caption 4", false, null],
      ],
      notes: "by keyboard",
    },
    "keys",
  );
  await close();
});
