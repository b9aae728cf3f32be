import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { adminSession } from "./support/baseline";
import { claimNext, importForAnnotator } from "./support/forms";
import { signIn } from "./support/sign-in";
import { openWorkspace } from "./support/workspace";

/**
 * Scene cuts in the VCBench query-point designer: a video with two hard cuts (three 4 s shots at
 * 25 fps: cuts at frames 100 and 200, 4 s and 8 s) is uploaded; the item's query point at 4.5 s is
 * warned "within 1 s of a cut (4.00 s)" once the server has detected them (queued by the first
 * open; the workspace says "Detecting scene cuts…" and polls), the other points are not, and the
 * editing timeline has the two cuts.
 */
const VIDEO_NAME = "e2e-scene-cuts.mp4";

function threeShotVideo(): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), "playhead-e2e-cuts-"));
  try {
    const file = path.join(dir, VIDEO_NAME);
    const shots = ["color=c=red", "color=c=blue", "testsrc"].flatMap((src) => ["-f", "lavfi", "-i", `${src}${src.includes("=") ? ":" : "="}s=320x240:r=25:d=4`]);
    const r = spawnSync(process.env.FFMPEG_PATH || "ffmpeg", [
      "-hide_banner", "-nostdin", "-v", "error", "-y", ...shots,
      "-filter_complex", "[0][1][2]concat=n=3:v=1:a=0", "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-threads", "1", file,
    ]);
    if (r.status !== 0) throw new Error(`ffmpeg failed: ${r.stderr.toString()}`);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("VCBench: a query point within 1 s of a detected scene cut is warned; the timeline has the cuts", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const admin = await adminSession(browser);
  const upload = await admin.request.put("/api/videos/upload", {
    headers: { "x-file-name": VIDEO_NAME, "content-type": "application/octet-stream" },
    data: threeShotVideo(),
  });
  expect([200, 201], await upload.text()).toContain(upload.status());
  await admin.context.close();

  const record = {
    id: `cuts-${Date.now()}`,
    source_dataset: "Demo",
    video_path: VIDEO_NAME,
    question: "How many times has the colour changed so far?",
    counting_type: "E1",
    counting_subtype: "E1-Action",
    occurrence_times: [2.0],
    query_points: { time: [1.0, 4.5, 11.0], count: [0, 1, 1] },
  };
  const { projectId } = await importForAnnotator(browser, "vcbench", "cuts.jsonl", `${JSON.stringify(record)}\n`);
  await signIn(page, "ANNOTATOR");
  const taskId = await claimNext(page.request, projectId);
  await openWorkspace(page, taskId);
  const panel = page.getByTestId("vcbench-panel");
  const rows = panel.getByTestId("query-point-row");
  await expect(rows).toHaveCount(3);
  // Detected in the background from the first open on; the page polls every 5 s while not known.
  await expect(rows.nth(1).getByTestId("query-point-warning")).toContainText("within 1 s of a cut (4.00 s)", { timeout: 60_000 });
  await expect(panel.getByTestId("scene-cuts-pending")).toHaveCount(0);
  await expect(rows.nth(0).getByTestId("query-point-warning")).toHaveCount(0);
  await expect(rows.nth(2).getByTestId("query-point-warning")).toHaveCount(0);
  await expect(page.getByTestId("edit-timeline")).toHaveAttribute("data-cuts", "2");
  const cuts = await page.request.get(`/api/videos/${(await (await page.request.get(`/api/annotate/tasks/${taskId}`)).json()).video.id}/scene-cuts`);
  expect((await cuts.json()).cuts).toEqual([
    { frame: 100, sec: 4 },
    { frame: 200, sec: 8 },
  ]);
});
