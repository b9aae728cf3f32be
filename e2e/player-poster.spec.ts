import { expect, test, type Locator, type Page } from "@playwright/test";
import { decodeFrameIndex } from "@/lib/video/frame-code";
import { signIn } from "./support/sign-in";

/**
 * The first picture a player shows is the frame its counter names. Before, the item page (and the
 * video page) showed the library thumbnail as a poster — a frame a tenth of the way in (frame 30
 * of demo-cfr30) — while the counter read frame 0. What is on screen is read from a screenshot of
 * the player (the poster is an overlay: drawing the <video> into a canvas would not see it), by
 * decoding the frame index drawn into every demo frame, from the moment the page opens until
 * the player is ready and has settled.
 */

/** The frame index visible on screen in the player's box (screenshot decoded in the page), or null. */
async function frameOnScreen(page: Page, box: Locator): Promise<number | null> {
  const png = await box.screenshot({ animations: "disabled" });
  const grab = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
    ctx.drawImage(img, 0, 0);
    const band = Math.min(img.naturalHeight, Math.ceil(img.naturalWidth / 12));
    const data = ctx.getImageData(0, 0, img.naturalWidth, band).data;
    let binary = "";
    for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
    return { width: img.naturalWidth, height: band, pixels: btoa(binary) };
  }, png.toString("base64"));
  return decodeFrameIndex(new Uint8ClampedArray(Buffer.from(grab.pixels, "base64")), grab.width, grab.height);
}

type Sample = { counter: string; picture: number | null };

/** Samples counter and picture from now until the player is ready and has stayed so a moment. */
async function sampleUntilSettled(page: Page): Promise<Sample[]> {
  const player = page.getByTestId("video-player");
  const box = player.locator(".video-js");
  await expect(box).toBeVisible({ timeout: 20_000 });
  const samples: Sample[] = [];
  const deadline = Date.now() + 20_000;
  let readySince = 0;
  while (Date.now() < deadline) {
    const counter = ((await player.getByTestId("frame-index").textContent()) ?? "").trim();
    samples.push({ counter, picture: await frameOnScreen(page, box) });
    const ready = (await player.getByTestId("player-status").textContent())?.trim() === "paused";
    if (ready && !readySince) readySince = Date.now();
    if (readySince && Date.now() - readySince > 1500 && samples.filter((s) => s.picture !== null).length >= 3) break;
  }
  return samples;
}

function expectPicturesNameTheCounter(samples: Sample[]) {
  const shown = samples.filter((s) => s.picture !== null);
  expect(shown.length, `frames decoded from the screen: ${JSON.stringify(samples)}`).toBeGreaterThan(0);
  // Every picture on screen is frame 0, and the counter (once it names a frame) names frame 0.
  expect([...new Set(shown.map((s) => s.picture))]).toEqual([0]);
  expect([...new Set(samples.map((s) => s.counter).filter((c) => c !== "–"))]).toEqual(["0"]);
  expect(samples.at(-1)).toEqual({ counter: "0", picture: 0 });
}

test.describe("the first picture of a player is the frame its counter names", () => {
  test("on an item page", async ({ page }) => {
    await signIn(page, "ANNOTATOR");
    const projects = (await (await page.request.get("/api/projects")).json()).projects as { id: string; slug: string }[];
    const demo = projects.find((p) => p.slug === "demo-streaming-counting");
    expect(demo, "the demo project (the demo annotator is a member)").toBeTruthy();
    const items = (await (await page.request.get(`/api/projects/${demo!.id}/items?q=cfr30&pageSize=10`)).json()).items as { id: string; videoId: string | null }[];
    const item = items.find((i) => i.videoId);
    expect(item, "a demo item on demo-cfr30.mp4 with its video attached").toBeTruthy();
    await page.goto(`/projects/${demo!.id}/items/${item!.id}`);
    expectPicturesNameTheCounter(await sampleUntilSettled(page));
  });

  test("on a video page", async ({ page }) => {
    await signIn(page, "ANNOTATOR");
    const videos = (await (await page.request.get("/api/videos?q=demo-cfr30")).json()).videos as { id: string; originalName: string }[];
    const video = videos.find((v) => v.originalName === "demo-cfr30.mp4");
    expect(video).toBeTruthy();
    await page.goto(`/videos/${video!.id}`);
    await expect(page).toHaveTitle("demo-cfr30.mp4 · Videos · Playhead");
    expectPicturesNameTheCounter(await sampleUntilSettled(page));
  });
});
