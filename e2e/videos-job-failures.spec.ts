import { mkdtempSync, readdirSync, rmSync, copyFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { e2eDataDir } from "./support/e2e-data";
import { makeUndecodableVideo } from "../tests/support/undecodable-video";
import { adminSession } from "./support/baseline";
import { signIn } from "./support/sign-in";

/**
 * A video ffmpeg cannot decode on the video pages (issue 21: it kept "Detecting scene cuts…"
 * forever). The library accepts it; opening its page queues the scene-cut detection (a job the
 * server's in-app runner runs); each attempt fails, and after the last one the page shows the
 * failure with ffmpeg's reason instead of "detecting…", as do the library's background-work
 * panel, the card and /admin/jobs. The admin fixes the file and clicks Retry: the job runs again
 * and the page shows the cuts. Reviewers cannot open /admin/jobs nor retry through the API.
 */
const work = mkdtempSync(path.join(os.tmpdir(), "playhead-e2e-jobs-"));
const videosDir = path.join(e2eDataDir, "videos");
const listDir = (dir: string) => {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
};
test.afterAll(() => rmSync(work, { recursive: true, force: true }));

test("a video ffmpeg cannot decode ends with its scene-cut failure shown, and an admin's retry runs it again", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const name = `undecodable-${Date.now()}.mp4`;
  const file = path.join(work, name);
  makeUndecodableVideo(file, name);

  const admin = await adminSession(browser);
  const before = new Set(listDir(videosDir));
  const { readFileSync } = await import("node:fs");
  const upload = await admin.request.put("/api/videos/upload", {
    headers: { "x-file-name": name, "content-type": "application/octet-stream" },
    data: readFileSync(file),
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const video = (await upload.json()).video as { id: string; transcoded: boolean };
  expect(video.transcoded).toBe(false);
  const storageKey = listDir(videosDir).find((d) => !before.has(d));
  expect(storageKey, "the upload's storage directory").toBeTruthy();

  // First use: the page queues the detection; it refreshes itself while the job is pending.
  const p = admin.page;
  await p.goto(`/videos/${video.id}`);
  const status = p.getByTestId("scene-cuts-status");
  await expect(status).toBeVisible();
  await expect(status).toHaveAttribute("data-status", "failed", { timeout: 90_000 });
  await expect(p.getByTestId("scene-cuts-error")).toContainText("Scene cut detection failed after 3 attempts: scene detection failed: most frames of the video cannot be decoded");
  await expect(p.getByTestId("scene-cuts-error")).toContainText("Invalid data found when processing input");
  await expect(status).not.toContainText("Detecting scene cuts");

  // The library shows it too: the card's badge and the admins' background-work panel.
  await p.goto(`/videos?q=${encodeURIComponent(name)}`);
  await expect(p.getByTestId("video-card").filter({ hasText: name }).getByTestId("scene-cuts-failed-badge")).toBeVisible();
  const panelItem = p.getByTestId("library-job").filter({ hasText: name });
  await expect(panelItem).toHaveAttribute("data-state", "FAILED");
  await expect(panelItem.getByTestId("library-job-error")).toContainText("most frames of the video cannot be decoded");

  // ... and /admin/jobs, with the error and the instance that ran it.
  await p.goto("/admin/jobs?state=FAILED&kind=video.scene-cuts");
  const row = p.getByTestId("job-row").filter({ hasText: name });
  await expect(row).toHaveAttribute("data-state", "FAILED");
  await expect(row.getByTestId("job-error")).toContainText("most frames of the video cannot be decoded");
  await expect(row).toContainText("3 / 3");

  // Reviewers may neither see the queue nor retry a job.
  await signIn(page, "REVIEWER");
  await page.goto("/admin/jobs");
  await expect(page).toHaveURL(/\/forbidden/);
  const jobId = await row.getAttribute("data-job-id");
  const refused = await page.request.post(`/api/admin/jobs/${jobId}`, { data: { action: "retry" } });
  expect(refused.status()).toBe(403);

  // The admin replaces the broken file with a decodable one of the same frames and retries.
  copyFileSync(`${file}.good.mp4`, path.join(videosDir, storageKey!, "original.mp4"));
  await p.goto(`/videos/${video.id}`);
  await p.getByRole("button", { name: /^Retry video\.scene-cuts/ }).click();
  await expect(status).toHaveAttribute("data-status", "ready", { timeout: 90_000 });
  await expect(status).toContainText(/scene cuts? detected|No scene cut detected/);
  await admin.context.close();
});
