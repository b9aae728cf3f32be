import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import type { EcbenchDocument, TocbenchDocument, VcbenchDocument, VsasDocument } from "@/lib/annotation/document";
import { ACCOUNTS } from "./support/accounts";
import { e2eDatabaseEnv } from "./support/e2e-data";
import { adminSession } from "./support/baseline";
import { claimNext, importForAnnotator, seekFrame } from "./support/forms";
import { fireKeys } from "./support/keys";
import { addDemoMembers } from "./support/members";
import { signIn } from "./support/sign-in";
import { openWorkspace, settledFrame, storedDocument, waitSaved } from "./support/workspace";

/**
 * Issue 19.2: keys act on the state they follow, however fast they come. Each panel gets a key
 * sequence fired 0 ms apart (one task each, no animation frame between: e2e/support/keys.ts), and
 * the stored document (through the API) must be exactly what the keys say. The VSAS case is the
 * reported one: after an edit the list re-renders, and a key in the same animation frame used to
 * act on "no current caption" (second 0).
 */

test("VSAS caption review: c, Shift+↓, ↓, c, ↓, Shift+↑, Enter fired 0 ms apart act on seconds 2, 3, 4", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const task = { task_id: "vsas-fast", video: "demo-cfr30.mp4", task_type: "Present", prompt: "Say what you see.", fps: 1, captions: Array.from({ length: 8 }, (_, s) => `caption ${s}`) };
  const { admin, projectId } = await importForAnnotator(browser, "vsas", "tasks.jsonl", `${JSON.stringify(task)}\n`);
  await signIn(page, "ANNOTATOR");
  const taskId = await claimNext(page.request, projectId);
  await openWorkspace(page, taskId);
  const panel = page.getByTestId("vsas-panel");
  const list = panel.getByTestId("caption-list");
  await list.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(panel.locator('[data-testid="caption-row"][data-current]')).toHaveAttribute("data-second", "2");

  await fireKeys(page, ["c", "Shift+ArrowDown", "ArrowDown", "c", "ArrowDown", "Shift+ArrowUp", "Enter"]);
  const editor = panel.getByRole("textbox", { name: "caption of second 4" });
  await expect(editor).toBeFocused();
  await editor.fill("a red box leaves");
  await editor.press("Enter");
  await expect(list).toBeFocused();
  // And again, fast: ↑ then c acts on second 3 (uncorrects it), never on second 0.
  await fireKeys(page, ["ArrowUp", "c"]);
  await waitSaved(page);

  const doc = (await storedDocument(page.request, taskId)).data as VsasDocument;
  const marks = doc.captions.map((c) => [c.second, c.corrected, c.inconsistentWith, c.text]);
  expect(marks).toEqual([
    [0, false, null, "caption 0"],
    [1, false, null, "caption 1"],
    [2, true, "next", "caption 2"],
    [3, false, null, "caption 3"],
    [4, false, "previous", "a red box leaves"],
    [5, false, null, "caption 5"],
    [6, false, null, "caption 6"],
    [7, false, null, "caption 7"],
  ]);
  expect(await settledFrame(page)).toBe(90);
  await admin.context.close();
});

test("VCBench E1 and EC-Bench: marks, steps, nudges, spans and undo fired 0 ms apart land on the frames the keys say", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const e1 = {
    id: "e1-fast",
    source_dataset: "Demo",
    video_path: "demo-cfr30.mp4",
    question: "How many times?",
    counting_type: "E1",
    counting_subtype: "E1-Action",
    occurrence_times: [1.0],
    query_points: { time: [2.0, 5.0, 8.0], count: [1, 1, 1] },
  };
  const vc = await importForAnnotator(browser, "vcbench", "e1.jsonl", `${JSON.stringify(e1)}\n`);
  await signIn(page, "ANNOTATOR");
  const taskId = await claimNext(page.request, vc.projectId);
  await openWorkspace(page, taskId);
  await seekFrame(page, 30);
  await page.getByRole("heading", { level: 1 }).click();
  // m@30, →→ m@32, Shift+→ (1 s) m@62, , , (nudge the selected mark to 60, the playhead follows), Ctrl+z (the mark back at 61), →→ m@62, Delete (that new one).
  await fireKeys(page, ["m", "ArrowRight", "ArrowRight", "m", "Shift+ArrowRight", "m", ",", ",", "Ctrl+z", "ArrowRight", "ArrowRight", "m", "Delete"]);
  await waitSaved(page);
  const moments = ((await storedDocument(page.request, taskId)).data as VcbenchDocument).moments.map((m) => m.at.frame);
  expect(moments).toEqual([30, 32, 61]);
  expect(await settledFrame(page)).toBe(62);

  const csv =
    "video_url,video_id,video_type,question_id,question_type,task_type,question,clips,answer\n" +
    ',demo-cfr30.mp4,synthetic,ec-fast,A,Counting,"How many objects appear?","[0:00:05,0:00:07]",1\n';
  const ec = await importForAnnotator(browser, "ecbench", "dataset.csv", csv);
  const ecTask = await claimNext(page.request, ec.projectId);
  await openWorkspace(page, ecTask);
  await seekFrame(page, 12);
  await page.getByRole("heading", { level: 1 }).click();
  // i at 0.4 s (-> 0 s), 2 s later o (2.4 s -> 2 s): a clip 0 s-2 s, listed first (time order).
  await fireKeys(page, ["i", "Shift+ArrowRight", "Shift+ArrowRight", "o", "Escape"]);
  await waitSaved(page);
  const evidence = ((await storedDocument(page.request, ecTask)).data as EcbenchDocument).evidence.map((s) => [s.start.sec, s.end?.sec]);
  expect(evidence).toEqual([
    [0, 2],
    [5, 7],
  ]);
  await vc.admin.context.close();
  await ec.admin.context.close();
});

test("TOC-Bench: undo / redo fired 0 ms apart after decisions give the decision they say", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const meta = { dim: "presence", tier: "tier1", hallucination: null, has_hallucination_distractor: false };
  const items = [{ qa_id: "t-fast", video_id: "demo-cfr30", format: "mcq_4", question: "Which object is visible at 5 seconds?", option_A: "A red box", option_B: "A yellow circle", option_C: "A green box", option_D: "A purple box", correct_answer: "B", metadata: meta }];
  const file = JSON.stringify({ benchmark: "TOC-Bench", subset: "answer", total_items: 1, format_counts: { mcq_4: 1 }, video_count: 1, items });
  const { admin, projectId } = await importForAnnotator(browser, "tocbench", "answer_final.json", file);
  await signIn(page, "ANNOTATOR");
  const taskId = await claimNext(page.request, projectId);
  await openWorkspace(page, taskId);
  const panel = page.getByTestId("tocbench-panel");
  await panel.getByLabel("Keep as is", { exact: true }).check();
  await panel.getByLabel("Remove", { exact: true }).check();
  await panel.getByLabel("Wrong label").check();
  await page.getByRole("heading", { level: 1 }).click();
  await fireKeys(page, ["Ctrl+z", "Ctrl+z", "Ctrl+Shift+z", "Ctrl+z", "Ctrl+z", "Ctrl+y"]);
  await waitSaved(page);
  const doc = (await storedDocument(page.request, taskId)).data as TocbenchDocument;
  expect(doc).toMatchObject({ decision: "keep", removalReason: null });
  await admin.context.close();
});

const MINI = path.join(process.cwd(), "e2e", "fixtures", "projects-vcbench-mini.jsonl");

function seedAdjudication(projectId: string): string {
  const r = spawnSync(
    process.execPath,
    [path.join(process.cwd(), "node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "e2e/support/seed-adjudications.ts", projectId, ACCOUNTS.ANNOTATOR, ACCOUNTS.ADMIN, "1"],
    { cwd: process.cwd(), encoding: "utf8", env: e2eDatabaseEnv() },
  );
  if (r.status !== 0) throw new Error(`seeding failed: ${r.stderr}`);
  return (JSON.parse(r.stdout) as { adjudicationIds: string[] }).adjudicationIds[0];
}

async function draftPicks(request: APIRequestContext, id: string) {
  const res = await request.get(`/api/adjudications/${id}`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { draft: { picks: { differenceId: string; take?: number }[] } }).draft.picks.map((p) => [p.differenceId, p.take]);
}

test("adjudication and the VSAS judge page: take / step keys fired 0 ms apart decide the differences and seconds they follow", async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const admin = await adminSession(browser);
  const name = `E2E fast adjudicate ${stamp}`;
  const imported = await admin.request.post(`/api/projects?kind=vcbench&name=${encodeURIComponent(name)}`, { data: readFileSync(MINI), headers: { "content-type": "application/octet-stream", "x-file-name": "fast.jsonl" } });
  expect(imported.status(), await imported.text()).toBe(201);
  const projectId = ((await (await admin.request.get("/api/projects")).json()) as { projects: { id: string; name: string }[] }).projects.find((p) => p.name === name)!.id;
  await addDemoMembers(admin.request, projectId, ["REVIEWER", "ANNOTATOR"]);
  const adjudicationId = seedAdjudication(projectId);

  const page = await (await browser.newContext()).newPage();
  await signIn(page, "REVIEWER");
  await page.goto(`/review/adjudications/${adjudicationId}`);
  await page.getByTestId("claim-bar").getByRole("button", { name: "Claim" }).click();
  await expect(page.getByTestId("resolve-panel")).toBeVisible();
  await expect(page.getByTestId("player-status")).toHaveText(/paused/, { timeout: 20_000 });
  await page.getByRole("heading", { level: 1 }).click();
  // Take A for the first difference, next, take B for the second.
  await fireKeys(page, ["a", "n", "b"]);
  await expect(page.getByTestId("draft-status")).toHaveAttribute("data-status", "saved", { timeout: 10_000 });
  expect(await draftPicks(page.request, adjudicationId)).toEqual([
    ["moments:0.a1", 0],
    ["moments:1.b1", 1],
  ]);

  // VSAS judge: y 3 n 1 ↓ y 2 fired 0 ms apart. Completing a second moves on to the next one not
  // fully judged (0 → 1 → 2); ↓ then steps from that committed second (2 → 3), and completing the
  // last second goes back to the one left unjudged (2). Each verdict lands on its own second.
  const vsasName = `E2E fast judge ${stamp}`;
  const VSAS_TASK = { task_id: "judge-fast", video: "demo-cfr30.mp4", task_type: "Present", prompt: "What is on screen?", fps: 1, captions: [0, 1, 2, 3].map((t) => ({ t, text: `caption ${t}` })) };
  const res = await admin.request.post(`/api/projects?kind=vsas&name=${encodeURIComponent(vsasName)}`, { data: Buffer.from(`${JSON.stringify(VSAS_TASK)}\n`), headers: { "content-type": "application/octet-stream", "x-file-name": "tasks.jsonl" } });
  expect(res.status(), await res.text()).toBe(201);
  const vsasId = ((await (await admin.request.get("/api/projects")).json()) as { projects: { id: string; name: string }[] }).projects.find((p) => p.name === vsasName)!.id;
  await addDemoMembers(admin.request, vsasId, ["REVIEWER"]);
  const run = await admin.request.post(`/api/projects/${vsasId}/runs?name=Fast`, {
    data: Buffer.from([0, 1, 2, 3].map((t) => JSON.stringify({ task_id: "judge-fast", t, response: `response ${t}` })).join("\n") + "\n"),
    headers: { "content-type": "application/octet-stream", "x-file-name": "responses.jsonl" },
  });
  expect(run.status(), await run.text()).toBe(201);
  await page.goto("/review/judge");
  await page.getByTestId(`judge-project-${vsasName}`).getByTestId("judge-run-Fast").getByRole("link", { name: "Grade" }).click();
  const grader = page.getByTestId("vsas-grader");
  await expect(grader).toBeFocused();
  await fireKeys(page, ["y", "3", "n", "1", "ArrowDown", "y", "2"]);
  await expect(grader.getByTestId("current-caption")).toHaveText("caption 2");
  // Second 2 (shown) has no verdict; the three judged ones are saved (no "…" left in the list).
  await expect(grader.getByTestId("judged-count")).toHaveText(/^3 \/ 4 seconds judged/);
  await expect(page.getByTestId("second-list")).not.toContainText("…", { timeout: 10_000 });
  await page.reload();
  const list = page.getByTestId("second-list");
  await expect(list.locator('[data-second="0"] [data-verdict]')).toHaveAttribute("data-verdict", "1/3");
  await expect(list.locator('[data-second="1"] [data-verdict]')).toHaveAttribute("data-verdict", "0/1");
  await expect(list.locator('[data-second="2"] [data-verdict]')).toHaveAttribute("data-verdict", "");
  await expect(list.locator('[data-second="3"] [data-verdict]')).toHaveAttribute("data-verdict", "1/2");
  await admin.context.close();
  await page.context().close();
});
