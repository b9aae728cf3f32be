import { expect, test, type Page } from "@playwright/test";
import { DEMO_VIDEOS, expectFrame, findLibraryVideo, openPlayer, originalPtsTable, type PtsJson } from "./support/library-video";
import { signIn } from "./support/sign-in";

/**
 * Frame stepping on every demo video with the player's keyboard shortcuts (← → one frame,
 * Shift for ten): after every step the frame index decoded from the picture, the frame read-out,
 * the timecode and the presentation time all show exactly the expected frame of the video's PTS
 * table (fetched through the API). Covers the first and last frames, clamping at both ends, the
 * VFR video's rate changes, the offset video's 2.5 s first PTS, the transcoded MKV, and quick
 * key presses chaining from the frame being sought.
 */

type Key = "ArrowRight" | "ArrowLeft" | "Shift+ArrowRight" | "Shift+ArrowLeft";
const DELTA: Record<Key, number> = { ArrowRight: 1, ArrowLeft: -1, "Shift+ArrowRight": 10, "Shift+ArrowLeft": -10 };

class Stepper {
  frame = 0;
  constructor(
    private readonly page: Page,
    private readonly table: PtsJson,
    private readonly name: string,
  ) {}

  private target(key: Key) {
    return Math.min(this.table.pts.length - 1, Math.max(0, this.frame + DELTA[key]));
  }

  /** One key press, then wait until settled and check picture and read-out. */
  async press(key: Key) {
    const expected = this.target(key);
    await this.page.keyboard.press(key);
    this.frame = expected;
    await expectFrame(this.page, this.table, expected, `${this.name}: ${key} -> ${expected}`);
  }

  /** `times` quick presses without waiting in between (steps chain from the frame being sought). */
  async burst(key: Key, times: number) {
    for (let k = 0; k < times; k++) {
      this.frame = this.target(key);
      await this.page.keyboard.press(key);
    }
    await expectFrame(this.page, this.table, this.frame, `${this.name}: ${times} × ${key} -> ${this.frame}`);
  }

  /** Moves to frame `to` with quick presses (Shift steps, then single steps), checking once. */
  async goTo(to: number) {
    const diff = to - this.frame;
    const tens = Math.trunc(Math.abs(diff) / 10);
    const ones = Math.abs(diff) % 10;
    for (let k = 0; k < tens; k++) await this.page.keyboard.press(diff > 0 ? "Shift+ArrowRight" : "Shift+ArrowLeft");
    for (let k = 0; k < ones; k++) await this.page.keyboard.press(diff > 0 ? "ArrowRight" : "ArrowLeft");
    this.frame = to;
    await expectFrame(this.page, this.table, to, `${this.name}: quick presses -> ${to}`);
  }
}

/**
 * Opens the player as an annotator (a member of the demo projects, whose items use the demo
 * videos); `demo-mpeg4.mkv` is used by no project, so only admins see it (video-access.ts).
 */
async function openStepper(page: Page, fileName: string, role: "ANNOTATOR" | "ADMIN" = "ANNOTATOR") {
  await signIn(page, role);
  const video = await findLibraryVideo(page.request, fileName);
  const table = await originalPtsTable(page.request, video.id);
  expect(table.frameCount).toBe(video.frameCount);
  await openPlayer(page, video.id);
  await page.getByTestId("video-player").focus();
  const stepper = new Stepper(page, table, fileName);
  await expectFrame(page, table, 0, `${fileName}: first frame on load`);
  return { stepper, table, video };
}

/** Common walk: clamping at the start, single and ten-frame steps, the last frame, clamping at the end. */
async function walkBothEnds(stepper: Stepper, frameCount: number) {
  const last = frameCount - 1;
  await stepper.press("ArrowLeft"); // clamps at 0
  await stepper.press("Shift+ArrowLeft"); // clamps at 0
  await stepper.press("ArrowRight"); // 1
  await stepper.press("ArrowRight"); // 2
  await stepper.press("Shift+ArrowRight"); // 12
  await stepper.press("ArrowLeft"); // 11
  await stepper.press("Shift+ArrowLeft"); // 1
  await stepper.press("Shift+ArrowLeft"); // clamps at 0 from 1
  await stepper.burst("ArrowRight", 7); // 7
  await stepper.goTo(last - 12);
  await stepper.press("Shift+ArrowRight"); // last - 2
  await stepper.press("ArrowRight"); // last - 1
  await stepper.press("ArrowRight"); // last
  await stepper.press("ArrowRight"); // clamps at last
  await stepper.press("Shift+ArrowRight"); // clamps at last
  await stepper.press("ArrowLeft"); // last - 1
  await stepper.press("Shift+ArrowRight"); // clamps at last from last - 1
  await stepper.press("Shift+ArrowLeft"); // last - 10
  await stepper.burst("ArrowLeft", 5); // last - 15
}

test.describe("frame stepping on the demo videos", () => {
  test("cfr30: constant 30 fps", async ({ page }) => {
    const { stepper, video } = await openStepper(page, DEMO_VIDEOS.cfr30);
    expect(video.frameCount).toBe(300);
    await walkBothEnds(stepper, 300);
    // Across a second boundary: timecode 00:00:00:29 -> 00:00:01:00.
    await stepper.goTo(29);
    await expect(page.getByTestId("timecode")).toHaveText("00:00:00:29");
    await stepper.press("ArrowRight");
    await expect(page.getByTestId("timecode")).toHaveText("00:00:01:00");
    await expect(page.getByTestId("pts")).toHaveText("1.000000");
  });

  test("vfr: variable rate 30 / 15 / 60 / 24 fps, across every rate change", async ({ page }) => {
    const { stepper, table, video } = await openStepper(page, DEMO_VIDEOS.vfr);
    expect(video.frameCount).toBe(480);
    expect(video.variableFrameRate).toBe(true);
    // played from a copy without B-frames (lib/video/browser-playable.ts: keyframe decode delays)
    expect(video.transcoded).toBe(true);
    // One frame at a time through the whole 15 fps part (frames 119..180), whose keyframes
    // (150, 180) are decoded earlier than the first frame: every frame must be reachable.
    await stepper.goTo(118);
    for (let i = 118; i < 181; i++) await stepper.press("ArrowRight");
    // Rate changes after frames 119 (30 -> 15 fps, walked above), 179 (15 -> 60, walked above;
    // ten-frame steps across it here) and 359 (60 -> 24).
    await stepper.press("Shift+ArrowLeft"); // 171
    await stepper.press("Shift+ArrowRight"); // 181
    await stepper.goTo(359);
    await stepper.press("ArrowRight");
    await stepper.press("ArrowLeft");
    await stepper.press("Shift+ArrowRight");
    await stepper.press("Shift+ArrowLeft");
    // The presentation times follow the table, not a constant rate: 4 s at 30 fps + 2 frames at 15 fps.
    await stepper.goTo(122);
    await expect(page.getByTestId("pts")).toHaveText("4.133333");
    expect(table.pts.length).toBe(480);
    await stepper.goTo(0);
    await walkBothEnds(stepper, 480);
  });

  test("offset: 25 fps with a first presentation time of 2.5 s", async ({ page }) => {
    const { stepper, video } = await openStepper(page, DEMO_VIDEOS.offset);
    expect(video.frameCount).toBe(250);
    // The read-out is in the original's timeline: frame 0 is at 2.5 s, timecode counts from it.
    await expect(page.getByTestId("pts")).toHaveText("2.500000");
    await expect(page.getByTestId("timecode")).toHaveText("00:00:00:00");
    await walkBothEnds(stepper, 250);
    await stepper.goTo(25);
    await expect(page.getByTestId("pts")).toHaveText("3.500000");
    await expect(page.getByTestId("timecode")).toHaveText("00:00:01:00");
  });

  test("mkv-mpeg4: transcoded on ingest, stepped on the playback copy", async ({ page }) => {
    const { stepper, video } = await openStepper(page, DEMO_VIDEOS["mkv-mpeg4"], "ADMIN");
    expect(video.frameCount).toBe(240);
    expect(video.transcoded).toBe(true);
    await walkBothEnds(stepper, 240);
  });
});
