import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { e2eDataDir } from "./support/e2e-data";
import { signIn } from "./support/sign-in";

/**
 * Uploading videos through the browser (admin): the progress bar, then the probe on the video
 * page (checked against ffprobe's own reading of the file); cancelling in flight leaves no row
 * and no file; a non-video and a truncated file are refused with a message naming the file and
 * the reason; roles without upload rights cannot open the upload page. The files are made with
 * ffmpeg at test time (unique bytes per run, so never "already in the library").
 */

const work = mkdtempSync(path.join(os.tmpdir(), "playhead-e2e-upload-"));
const runTag = `${Date.now()}-${randomBytes(3).toString("hex")}`;
const videosDir = path.join(e2eDataDir, "videos");
const tmpDir = path.join(e2eDataDir, "tmp");
const listDir = (dir: string) => {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
};

/** A small H.264 MP4 (fast start): 320x240, 25 fps, 60 frames, tagged with this run's id. */
function makeVideo(name: string): string {
  const file = path.join(work, name);
  execFileSync("ffmpeg", [
    "-hide_banner", "-v", "error", "-y",
    "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25",
    "-frames:v", "60", "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p",
    "-metadata", `comment=${runTag}-${name}`, "-movflags", "+faststart", file,
  ]);
  return file;
}

type Ffprobe = { streams: Array<Record<string, string | number>>; format: Record<string, string> };
function ffprobe(file: string): Ffprobe {
  return JSON.parse(
    execFileSync("ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_streams", "-show_format", "-of", "json", file]).toString(),
  ) as Ffprobe;
}

/** Limits the page's upload speed (Chromium network emulation) so an upload stays in flight. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return cdp;
}

async function libraryNames(page: Page, q: string): Promise<string[]> {
  const res = await page.request.get(`/api/videos?q=${encodeURIComponent(q)}&take=50`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { videos: Array<{ originalName: string }> }).videos.map((v) => v.originalName);
}

test.afterAll(() => rmSync(work, { recursive: true, force: true }));

test.describe("uploading videos", () => {
  test("an admin uploads a video: progress bar, then the probe on its page", async ({ page }) => {
    const name = `upload-${runTag}.mp4`;
    const file = makeVideo(name);
    const truth = ffprobe(file);
    const stream = truth.streams[0];
    await signIn(page, "ADMIN");
    await page.goto("/videos");
    await page.getByRole("link", { name: /upload/i }).first().click();
    await expect(page).toHaveURL(/\/videos\/upload$/);

    const cdp = await throttleUploads(page, 64 * 1024);
    await page.getByTestId("upload-input").setInputFiles(file);
    const entry = page.getByTestId("upload-entry").filter({ hasText: name });
    await expect(entry.getByRole("progressbar", { name: `Uploading ${name}` })).toBeVisible();
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    const added = entry.getByRole("status");
    await expect(added).toContainText("added: 320×240, 60 frames", { timeout: 30_000 });
    await added.getByRole("link").click();
    await expect(page).toHaveURL(/\/videos\/(?!upload$)[a-z0-9]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);

    const probe = page.getByRole("heading", { name: "Probe" }).locator("..");
    const row = (label: string) => probe.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");
    expect(truth.format.format_name).toBe("mov,mp4,m4a,3gp,3g2,mj2");
    await expect(row("container")).toHaveText(`${truth.format.format_name} (video/mp4)`);
    await expect(row("video codec")).toHaveText(String(stream.codec_name));
    await expect(row("width × height")).toHaveText(`${stream.width} × ${stream.height}`);
    await expect(row("frame count")).toHaveText(String(stream.nb_read_frames));
    await expect(row("average frame rate")).toHaveText(`${stream.avg_frame_rate} (25 fps)`);
    await expect(row("first PTS")).toHaveText(`${Number(stream.start_time).toFixed(6)} s`);
    await expect(row("variable frame rate")).toHaveText("no");
    await expect(row("transcoded")).toHaveText(/^no/);
    expect([stream.width, stream.height, Number(stream.nb_read_frames), stream.avg_frame_rate]).toEqual([320, 240, 60, "25/1"]);
    expect(await libraryNames(page, name)).toEqual([name]);
  });

  test("cancelling an upload in flight leaves no video row and no file", async ({ page }) => {
    const name = `cancel-${runTag}.mp4`;
    const file = path.join(work, name);
    writeFileSync(file, Buffer.concat([readFileSync(makeVideo(`src-${name}`)), randomBytes(3 * 1024 * 1024)]));
    const videosBefore = listDir(videosDir);
    await signIn(page, "ADMIN");
    await page.goto("/videos/upload");
    await throttleUploads(page, 256 * 1024);
    // See the bytes arrive on the server before cancelling.
    const requestSent = page.waitForRequest((r) => r.url().endsWith("/api/videos/upload"));
    await page.getByTestId("upload-input").setInputFiles(file);
    const entry = page.getByTestId("upload-entry").filter({ hasText: name });
    await requestSent;
    await expect
      .poll(async () => Number((await entry.getByRole("progressbar").getAttribute("value")) ?? 0), { message: "upload under way" })
      .toBeGreaterThan(5);
    await entry.getByTestId("upload-cancel").click();
    await expect(entry).toContainText("cancelled");

    // The server drops the partial upload: no temp file, no stored video, no row.
    await expect.poll(() => listDir(tmpDir), { message: "no partial upload left in data/e2e/tmp", timeout: 15_000 }).toEqual([]);
    expect(listDir(videosDir)).toEqual(videosBefore);
    expect(await libraryNames(page, name)).toEqual([]);
  });

  test("a non-video and a truncated file are refused, naming the file and the reason", async ({ page }) => {
    const notVideo = path.join(work, `notes-${runTag}.mp4`);
    writeFileSync(notVideo, "These are meeting notes, not a video.\n".repeat(200));
    const full = readFileSync(makeVideo(`whole-${runTag}.mp4`));
    const truncated = path.join(work, `truncated-${runTag}.mp4`);
    writeFileSync(truncated, full.subarray(0, Math.floor(full.length * 0.6)));
    const videosBefore = listDir(videosDir);

    await signIn(page, "ADMIN");
    await page.goto("/videos/upload");
    await page.getByTestId("upload-input").setInputFiles([notVideo, truncated]);
    const alert = (file: string) => page.getByTestId("upload-entry").filter({ hasText: path.basename(file) }).getByRole("alert");
    await expect(alert(notVideo)).toHaveText(`${path.basename(notVideo)}: not a video (the file's format is not recognised)`, { timeout: 30_000 });
    await expect(alert(truncated)).toHaveText(new RegExp(`^${path.basename(truncated).replace(/[.]/g, "\\.")}: truncated`), { timeout: 30_000 });

    expect(listDir(videosDir)).toEqual(videosBefore);
    await expect.poll(() => listDir(tmpDir)).toEqual([]);
    expect(await libraryNames(page, runTag)).not.toContain(path.basename(notVideo));
    expect(await libraryNames(page, runTag)).not.toContain(path.basename(truncated));
  });

  for (const role of ["REVIEWER", "ANNOTATOR"] as const) {
    test(`${role === "ANNOTATOR" ? "an" : "a"} ${role.toLowerCase()} (no upload rights) cannot reach the upload page or the upload API`, async ({ page }) => {
      await signIn(page, role);
      await page.goto("/videos/upload");
      await expect(page).toHaveURL(/\/forbidden/);
      await expect(page.getByTestId("upload-input")).toHaveCount(0);
      const res = await page.request.put("/api/videos/upload", {
        headers: { "x-file-name": "x.mp4", "content-type": "application/octet-stream" },
        data: Buffer.from("not really"),
      });
      expect(res.status()).toBe(403);
      expect((await res.json()).error.code).toBe("forbidden");
    });
  }
});
