import { expect, test } from "@playwright/test";
import { adminSession, itemIds, joinStudy, openStudy, VIDEO, waitForQuestion } from "./support/baseline";
import { settledFrameIndex } from "./support/frame-index";
import { signIn } from "./support/sign-in";

/**
 * Each answer form's hint comes from the item's answer type (issue 13, "wrong hint on counting
 * questions"): "a whole number, negative if it decreased" only on a question whose answer can be
 * negative (VCBench O1-Delta), where a negative answer is accepted; every other count says
 * "0 or more" and a negative answer is refused before it is sent. A VCBench project imported
 * from a small native file on the demo video demo-cfr30.mp4 (30 fps): an O1-Delta question
 * (query point at 5 s = frame 150) and an O2-Unique question (2 s, 5 s, 8 s = frames 60, 150, 240).
 */
const records = [
  {
    id: "hint-delta",
    source_dataset: "Demo",
    video_path: "demo-cfr30.mp4",
    question: "By how much did the number of visible objects change between 2 s and 5 s?",
    counting_type: "O1",
    counting_subtype: "O1-Delta",
    occurrence_times: { start: [2.0], end: [5.0] },
    query_points: { time: [5.0], count: [1] },
  },
  {
    id: "hint-unique",
    source_dataset: "Demo",
    video_path: "demo-cfr30.mp4",
    question: "How many different objects have appeared so far?",
    counting_type: "O2",
    counting_subtype: "O2-Unique",
    occurrence_times: [1.0, 3.0, 6.666667],
    query_points: { time: [2.0, 5.0, 8.0], count: [1, 2, 3] },
  },
];

test("counting hints follow the answer type: signed only for O1-Delta", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const admin = await adminSession(browser);
  const name = `E2E hints ${Date.now()}`;
  const imported = await admin.request.post(`/api/projects?kind=vcbench&name=${encodeURIComponent(name)}`, {
    data: Buffer.from(records.map((r) => JSON.stringify(r)).join("\n") + "\n"),
    headers: { "content-type": "application/octet-stream", "x-file-name": "hints.jsonl" },
  });
  expect(imported.status(), await imported.text()).toBe(201);
  const projects = (await (await admin.request.get("/api/projects")).json()) as { projects: { id: string; name: string }[] };
  const projectId = projects.projects.find((p) => p.name === name)!.id;
  const ids = await itemIds(admin.request, projectId);
  const studyId = await openStudy(admin.request, {
    projectId,
    protocol: "STREAMING",
    itemIds: [ids.get("hint-delta")!, ids.get("hint-unique")!],
    settings: { playbackRate: 2 },
  });

  await signIn(page, "PARTICIPANT");
  await joinStudy(page, studyId);
  await page.getByTestId("baseline-start").click();
  const box = page.getByTestId("question");
  const hint = box.getByTestId("answer-hint");

  // Frame 60: O2-Unique.
  await waitForQuestion(page);
  await expect(box).toContainText("different objects");
  await expect(hint).toHaveText("a whole number, 0 or more");
  await expect(box).not.toContainText("negative");
  await box.getByTestId("answer-integer").fill("1");
  await box.getByTestId("answer-submit").click();
  await expect(page.getByText("1 of 4 answered")).toBeVisible();

  // Frame 150: O1-Delta first (file order), then O2-Unique on the same frame.
  await waitForQuestion(page);
  expect(await settledFrameIndex(page, VIDEO)).toBe(150);
  await expect(box).toContainText("change between");
  await expect(hint).toHaveText("a whole number, negative if it decreased");
  await box.getByTestId("answer-integer").fill("-1");
  await box.getByTestId("answer-submit").click();
  await expect(page.getByText("2 of 4 answered")).toBeVisible();

  await waitForQuestion(page);
  await expect(box).toContainText("different objects");
  await expect(hint).toHaveText("a whole number, 0 or more");
  await box.getByTestId("answer-integer").fill("-1");
  await box.getByTestId("answer-submit").click();
  await expect(box.getByRole("alert")).toContainText("must not be negative");
  await expect(page.getByText("2 of 4 answered")).toBeVisible();
  await box.getByTestId("answer-integer").fill("2");
  await box.getByTestId("answer-submit").click();
  await expect(page.getByText("3 of 4 answered")).toBeVisible();
  await admin.context.close();
});
