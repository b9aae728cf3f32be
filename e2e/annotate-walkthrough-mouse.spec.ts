import { expect, test, type Page } from "@playwright/test";
import { seekFrame } from "./support/forms";
import { EC_CSV, expectStored, openOne, RECORDS, tocFile, vsasTask, vstatFile } from "./support/walkthrough";

/**
 * Issue 19, "done means": every panel walked through with the MOUSE ALONE (clicks on the timeline
 * to seek, on the panel's buttons, radios and checkboxes; text typed into the fields clicked);
 * after submitting, the stored document (read through the API) equals exactly what was entered.
 */
const line = (o: unknown) => `${JSON.stringify(o)}\n`;
const vcEmpty = { moments: [], occurrences: [], identities: [], window: null, countAtStart: null, countAtEnd: null, notes: "" };

test.describe.configure({ timeout: 180_000 });

/** Clicks a text field and types into it (replacing its text). */
async function write(page: Page, field: import("@playwright/test").Locator, text: string) {
  await field.click();
  await field.fill(text);
}

test("VCBench E1-Action by mouse", async ({ page, browser }) => {
  const { taskId, close } = await openOne(page, browser, "vcbench", "e1.jsonl", line(RECORDS.e1("walk-m-e1")));
  const panel = page.getByTestId("vcbench-panel");
  for (const f of [90, 30, 180]) {
    await seekFrame(page, f);
    await panel.getByRole("button", { name: "Mark action at current frame" }).click();
  }
  await write(page, panel.getByRole("textbox", { name: "label of occurrence 1" }), "clap");
  await seekFrame(page, 285);
  await panel.getByRole("button", { name: "Add query point here" }).click();
  await panel.getByRole("button", { name: "delete query point 2" }).click();
  await write(page, panel.getByRole("textbox", { name: "notes" }), "mouse only");
  await expectStored(page, taskId, { ...vcEmpty, subtype: "E1-Action", moments: [[30, "clap"], [90, ""], [180, ""]], queryPoints: [[60, null], [240, null], [285, null]], notes: "mouse only" }, "click");
  await close();
});

test("VCBench E2-Periodic by mouse: cycles, a split point", async ({ page, browser }) => {
  const { taskId, close } = await openOne(page, browser, "vcbench", "e2.jsonl", line(RECORDS.e2("walk-m-e2")));
  const panel = page.getByTestId("vcbench-panel");
  for (const [s, e] of [
    [100, 170],
    [30, 75],
  ]) {
    await seekFrame(page, s);
    await panel.getByRole("button", { name: "Start cycle here" }).click();
    await seekFrame(page, e);
    await panel.getByRole("button", { name: "End cycle here" }).click();
  }
  await seekFrame(page, 50);
  await panel.getByTestId("occurrence-row").nth(0).getByRole("button", { name: "Split here" }).click();
  await write(page, panel.getByRole("textbox", { name: "label of cycle 1" }), "wave");
  await expectStored(page, taskId, { ...vcEmpty, subtype: "E2-Periodic", occurrences: [[30, 75, "wave", [50]], [100, 170, "", []]], queryPoints: [[90, null], [180, null], [270, null]] }, "click");
  await close();
});

test("VCBench O1-Snap by mouse", async ({ page, browser }) => {
  const { taskId, close } = await openOne(page, browser, "vcbench", "snap.jsonl", line(RECORDS.snap("walk-m-snap")));
  const panel = page.getByTestId("vcbench-panel");
  for (const [i, n] of ["2", "3", "1"].entries()) await write(page, panel.getByRole("textbox", { name: `count at query point ${i + 1}` }), n);
  await expectStored(page, taskId, { ...vcEmpty, subtype: "O1-Snap", queryPoints: [[60, 2], [150, 3], [240, 1]] }, "click");
  await close();
});

async function windowByMouse(page: Page, start: number, end: number) {
  const set = page.getByTestId("vcbench-window").getByRole("button", { name: "Set to current frame" });
  await seekFrame(page, start);
  await set.nth(0).click();
  await seekFrame(page, end);
  await set.nth(1).click();
}

test("VCBench O1-Delta by mouse", async ({ page, browser }) => {
  const { taskId, close } = await openOne(page, browser, "vcbench", "delta.jsonl", line(RECORDS.delta("walk-m-delta")));
  const panel = page.getByTestId("vcbench-panel");
  await windowByMouse(page, 30, 240);
  await write(page, panel.getByRole("textbox", { name: "count at the window start" }), "1");
  await write(page, panel.getByRole("textbox", { name: "count at the window end" }), "3");
  await expectStored(page, taskId, { ...vcEmpty, subtype: "O1-Delta", window: [30, 240], countAtStart: 1, countAtEnd: 3, queryPoints: [[240, null]] }, "click");
  await close();
});

test("VCBench O2-Gain by mouse", async ({ page, browser }) => {
  const { taskId, close } = await openOne(page, browser, "vcbench", "gain.jsonl", line(RECORDS.gain("walk-m-gain")));
  const panel = page.getByTestId("vcbench-panel");
  await windowByMouse(page, 30, 240);
  for (const f of [120, 45]) {
    await seekFrame(page, f);
    await panel.getByRole("button", { name: "New individual first seen here" }).click();
  }
  await write(page, panel.getByRole("textbox", { name: "id of individual 2" }), "yellow circle");
  await write(page, panel.getByRole("textbox", { name: "note of individual 1" }), "enters left");
  await expectStored(page, taskId, { ...vcEmpty, subtype: "O2-Gain", window: [30, 240], identities: [["#2", 45, "enters left"], ["yellow circle", 120, ""]], queryPoints: [[240, null]] }, "click");
  await close();
});

test("EC-Bench by mouse", async ({ page, browser }) => {
  const { taskId, close } = await openOne(page, browser, "ecbench", "dataset.csv", EC_CSV);
  const panel = page.getByTestId("ecbench-panel");
  await panel.getByLabel("Answerable from the video").check();
  await write(page, panel.getByRole("textbox", { name: "answer" }), "2");
  await seekFrame(page, 30);
  await panel.getByRole("button", { name: "Start clip here" }).click();
  await seekFrame(page, 75);
  await panel.getByRole("button", { name: "End clip here" }).click();
  await write(page, panel.getByRole("textbox", { name: "subject of clip 1" }), "dog");
  await write(page, panel.getByRole("textbox", { name: "notes" }), "by mouse");
  await expectStored(page, taskId, { feasible: true, invalidReason: "", answer: "2", answerRevised: true, evidence: [[1, 3, "dog"], [4, 6, ""]], notes: "by mouse" }, "click");
  await close();
});

test("TOC-Bench by mouse", async ({ page, browser }) => {
  const { taskId, close } = await openOne(page, browser, "tocbench", "answer_final.json", tocFile("walk-m-toc"));
  const panel = page.getByTestId("tocbench-panel");
  await panel.getByLabel("Remove", { exact: true }).check();
  await panel.getByLabel("Wrong label").check();
  await write(page, panel.getByRole("textbox", { name: "removal details" }), "A is the true answer");
  await expectStored(page, taskId, { decision: "remove", revision: null, removalReason: "wrong_label", removalNote: "A is the true answer", notes: "" }, "click");
  await close();
});

test("VSTAT by mouse", async ({ page, browser }) => {
  const { taskId, close } = await openOne(page, browser, "vstat", "vstat.json", vstatFile("walk-m-vstat"));
  const panel = page.getByTestId("vstat-panel");
  await panel.getByRole("radiogroup", { name: "state element" }).getByLabel("Location").check();
  await panel.getByRole("radiogroup", { name: "state structure" }).getByLabel("Sequence").check();
  await panel.getByLabel(/^Camera motion/).check();
  await panel.getByLabel(/^Occlusion/).check();
  await panel.getByLabel("Keep as is", { exact: true }).check();
  await expectStored(page, taskId, { stateElement: "location", stateStructure: "sequence", challenges: ["occlusion", "camera_motion"], decision: "keep", revision: null, removalNote: "", notes: "" }, "click");
  await close();
});

test("VSAS by mouse: mark, flag, edit in place", async ({ page, browser }) => {
  const { taskId, close } = await openOne(page, browser, "vsas", "tasks.jsonl", line(vsasTask("walk-m-vsas")));
  const panel = page.getByTestId("vsas-panel");
  const rows = panel.getByTestId("caption-row");
  await rows.nth(2).getByRole("checkbox", { name: "second 2 corrected" }).check();
  await rows.nth(2).getByRole("button", { name: "second 2 inconsistent with the next second" }).click();
  await rows.nth(3).getByRole("button", { name: "edit second 3" }).click();
  await write(page, panel.getByRole("textbox", { name: "caption of second 3" }), "a dog runs");
  await panel.getByTestId("vsas-summary").click();
  await expect(rows.nth(3).getByTestId("caption-text")).toHaveText("a dog runs");
  await write(page, panel.getByRole("textbox", { name: "notes" }), "by mouse");
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
      notes: "by mouse",
    },
    "click",
  );
  await close();
});
