import { expect, test, type APIRequestContext } from "@playwright/test";
import { adminSession } from "./support/baseline";
import { addDemoMembers } from "./support/members";
import { signIn } from "./support/sign-in";
import { settledFrame } from "./support/workspace";

/**
 * Judge queues (issue 12) through the UI: the demo reviewer grades a VSAS run's responses with the
 * keys of the one registry (y / n, 0-3, next second; a completed second moves on to the next
 * unjudged one), the video paused at each second's frame; the
 * `?` overlay lists the keys; then links an EC-Bench enumeration pair the automatic matching
 * missed (click-click) and sees TP / FP / FN change. A reload keeps both.
 */
const stamp = Date.now();
const VSAS_TASK = { task_id: "judge-1", video: "demo-cfr30.mp4", task_type: "Present", prompt: "What is on screen?", fps: 1, captions: [0, 1, 2, 3].map((t) => ({ t, text: `caption ${t}` })) };
const EC_HEADER = "video_url,video_id,video_type,question_id,question_type,task_type,question,clips,answer,count_details";
const EC_ROW = ',demo-cfr30.mp4,cartoon,7,B,Enumeration,List the vehicles.,"[0:00:01,0:00:03]","fire truck, ambulance, police car",';

async function importProject(request: APIRequestContext, kind: string, name: string, fileName: string, text: string): Promise<string> {
  const res = await request.post(`/api/projects?kind=${kind}&name=${encodeURIComponent(name)}`, { data: Buffer.from(text), headers: { "content-type": "application/octet-stream", "x-file-name": fileName } });
  expect(res.status(), await res.text()).toBe(201);
  const list = (await (await request.get("/api/projects")).json()) as { projects: { id: string; name: string }[] };
  const id = list.projects.find((p) => p.name === name)!.id;
  await addDemoMembers(request, id, ["REVIEWER"]);
  return id;
}

async function uploadRun(request: APIRequestContext, projectId: string, name: string, fileName: string, text: string): Promise<void> {
  const res = await request.post(`/api/projects/${projectId}/runs?name=${encodeURIComponent(name)}`, { data: Buffer.from(text), headers: { "content-type": "application/octet-stream", "x-file-name": fileName } });
  expect(res.status(), await res.text()).toBe(201);
}

test("a reviewer grades VSAS seconds with keys and matches an EC-Bench enumeration; reload keeps both", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const admin = await adminSession(browser);
  const vsasProject = await importProject(admin.request, "vsas", `E2E judge VSAS ${stamp}`, "tasks.jsonl", `${JSON.stringify(VSAS_TASK)}\n`);
  await uploadRun(admin.request, vsasProject, "Model V", "responses.jsonl", [0, 1, 2].map((t) => JSON.stringify({ task_id: "judge-1", t, response: `response ${t}` })).join("\n") + "\n");
  const ecProject = await importProject(admin.request, "ecbench", `E2E judge EC ${stamp}`, "dataset.csv", `${EC_HEADER}\n${EC_ROW}\n`);
  await uploadRun(admin.request, ecProject, "Model E", "preds.csv", `${EC_HEADER},model_A\n${EC_ROW},"Fire engine, ambulance, bicycle"\n`);
  await admin.context.close();

  await signIn(page, "REVIEWER");
  await page.goto("/review/judge");
  const vsasRow = page.getByTestId(`judge-project-E2E judge VSAS ${stamp}`).getByTestId("judge-run-Model V");
  await expect(vsasRow).toContainText("0 / 4");
  await vsasRow.getByRole("link", { name: "Grade" }).click();

  const grader = page.getByTestId("vsas-grader");
  await expect(grader.getByTestId("current-caption")).toHaveText("caption 0");
  await expect(grader.getByTestId("current-response")).toHaveText("response 0");
  await expect(grader).toBeFocused();
  await page.keyboard.press("y");
  await page.keyboard.press("3");
  // Yes / no and the rubric both given: the page moves on to the next unjudged second by itself.
  await expect(grader.getByTestId("current-caption")).toHaveText("caption 1");
  // The video is paused on the second's frame (30 fps demo video: second 1 = frame 30).
  expect(await settledFrame(page)).toBe(30);
  // The rubric first, then no: the same (either order completes the second).
  await page.keyboard.press("1");
  await page.keyboard.press("n");
  await expect(grader.getByTestId("current-caption")).toHaveText("caption 2");
  await page.keyboard.press("ArrowDown");
  // Second 3 has no response of its own: the latest earlier one is shown (as the scorer extrapolates).
  await expect(grader.getByTestId("current-caption")).toHaveText("caption 3");
  await expect(grader.getByTestId("current-response")).toHaveText("response 2");
  await page.keyboard.press("y");
  await page.keyboard.press("2");
  // Complete: on to the one second left unjudged (second 2, wrapping around).
  await expect(grader.getByTestId("current-caption")).toHaveText("caption 2");
  await expect(grader.getByTestId("second-list").locator('[data-second="3"] [data-verdict]')).toHaveAttribute("data-verdict", "1/2");
  await expect(grader.getByTestId("second-list")).not.toContainText("…");
  // The stored score is behind the saves until the rescoring loop has run.
  await expect(page.getByTestId("score-behind")).toContainText("scores update shortly");
  await page.keyboard.press("?");
  await expect(page.getByTestId("shortcut-help").locator('[data-shortcut="judge.yes"]')).toContainText("Yes");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("shortcut-help")).toHaveCount(0);
  await expect(grader).toBeFocused();

  await page.reload();
  const list = page.getByTestId("second-list");
  await expect(list.locator('[data-second="0"] [data-verdict]')).toHaveAttribute("data-verdict", "1/3");
  await expect(list.locator('[data-second="1"] [data-verdict]')).toHaveAttribute("data-verdict", "0/1");
  await expect(list.locator('[data-second="2"] [data-verdict]')).toHaveAttribute("data-verdict", "");
  await expect(list.locator('[data-second="3"] [data-verdict]')).toHaveAttribute("data-verdict", "1/2");
  await expect(page.getByTestId("judged-count")).toContainText("3 / 4 seconds judged by you");

  await page.goto("/review/judge");
  await page.getByTestId(`judge-project-E2E judge EC ${stamp}`).getByTestId("judge-run-Model E").getByRole("link", { name: "Match" }).click();
  const matcher = page.getByTestId("ec-matcher");
  await expect(matcher).toBeFocused();
  // "ambulance" is linked by the automatic normalisation; "Fire engine" / "fire truck" is not.
  await expect(matcher.getByTestId("live-counts")).toHaveText("TP 1 · FP 2 · FN 2");
  await expect(matcher.getByTestId("save-state")).toHaveText("Automatic links (not judged yet)");
  await matcher.locator('[data-pred="0"]').click();
  await matcher.locator('[data-truth="0"]').click();
  await expect(matcher.getByTestId("live-counts")).toHaveText("TP 2 · FP 1 · FN 1");
  await expect(matcher.getByTestId("save-state")).toHaveText("Saved");

  await page.reload();
  await expect(matcher.getByTestId("live-counts")).toHaveText("TP 2 · FP 1 · FN 1");
  await expect(matcher.getByTestId("save-state")).toHaveText("Saved earlier");
  await expect(matcher.locator('[data-pred="0"]')).toContainText("#");
  // Rescoring takes the human links: the run's F1 becomes 2/3.
  await matcher.getByRole("button", { name: "Rescore now" }).click();
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("run-score").locator('[data-metric="enumeration_f1"]')).toContainText("0.667", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
});

test("the VSAS grader pages by task: the keys cross task boundaries both ways, saving before the page changes", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const admin = await adminSession(browser);
  const task = (id: string, n: number) => JSON.stringify({ ...VSAS_TASK, task_id: id, captions: Array.from({ length: n }, (_, t) => ({ t, text: `${id} caption ${t}` })) });
  const projectId = await importProject(admin.request, "vsas", `E2E judge paged ${stamp}`, "tasks.jsonl", `${task("pg-1", 2)}\n${task("pg-2", 2)}\n`);
  await uploadRun(admin.request, projectId, "Model P", "responses.jsonl", `${JSON.stringify({ task_id: "pg-1", t: 0, response: "first" })}\n`);
  await admin.context.close();

  await signIn(page, "REVIEWER");
  await page.goto("/review/judge");
  await page.getByTestId(`judge-project-E2E judge paged ${stamp}`).getByTestId("judge-run-Model P").getByRole("link", { name: "Grade" }).click();
  const grader = page.getByTestId("vsas-grader");
  await expect(grader.getByTestId("task-position")).toHaveText("1 of 2");
  // The grader takes the focus once its keys are live (a key before the page is interactive is
  // the browser's, and was lost in 1 run of 10 here).
  await expect(grader).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(grader.getByTestId("current-caption")).toHaveText("pg-1 caption 1");
  await page.keyboard.press("y");
  await page.keyboard.press("2");
  // Complete, and nothing unjudged after it on this task: the next task's page at its first
  // unjudged second (saved before the page changes), keys still live.
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByTestId("vsas-grader").getByTestId("current-caption")).toHaveText("pg-2 caption 0");
  await expect(page.getByTestId("vsas-grader")).toBeFocused();
  await expect(page.getByTestId("judged-count")).toContainText("1 / 4 seconds judged by you");
  // Before its first second: back to the previous task at its last second, the verdict saved.
  await page.keyboard.press("ArrowUp");
  await expect(page).toHaveURL(/[?&]page=1&at=last/);
  const back = page.getByTestId("vsas-grader");
  await expect(back.getByTestId("current-caption")).toHaveText("pg-1 caption 1");
  await expect(back.getByTestId("second-list").locator('[data-second="1"] [data-verdict]')).toHaveAttribute("data-verdict", "1/2");
  // Past the task's last second: the next task's page, at its first second.
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/[?&]page=2$/);
  await expect(page.getByTestId("vsas-grader").getByTestId("current-caption")).toHaveText("pg-2 caption 0");
});
