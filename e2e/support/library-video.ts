import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { displayedFrameIndex } from "./frame-index";

/** The demo videos seeded by scripts/e2e-prepare.sh (lib/video/demo-videos.ts), by file name. */
export const DEMO_VIDEOS = {
  cfr30: "demo-cfr30.mp4",
  vfr: "demo-vfr.mp4",
  offset: "demo-offset.mp4",
  "mkv-mpeg4": "demo-mpeg4.mkv",
} as const;

export type LibraryVideo = {
  id: string;
  originalName: string;
  frameCount: number;
  transcoded: boolean;
  mimeType: string;
  sizeBytes: number;
  container: string;
  videoCodec: string;
  width: number;
  height: number;
  firstPtsSec: number;
  variableFrameRate: boolean;
  mediaTimeOffset: number;
  originalProbe: { firstPtsSec?: number; frameCount?: number } | null;
};

/** A PTS table as `GET /api/videos/<id>/pts?format=json` answers it. */
export type PtsJson = { timeBase: { num: number; den: number }; pts: number[]; endPts: number; frameCount: number; mediaTimeOffset: number };

/** Finds a library video by its original file name through the app's API (signed-in context). */
export async function findLibraryVideo(request: APIRequestContext, originalName: string): Promise<LibraryVideo> {
  const res = await request.get(`/api/videos?q=${encodeURIComponent(originalName)}&take=50`);
  expect(res.status()).toBe(200);
  const { videos } = (await res.json()) as { videos: LibraryVideo[] };
  const video = videos.find((v) => v.originalName === originalName);
  if (!video) throw new Error(`${originalName} is not in the library (run scripts/e2e-prepare.sh)`);
  return video;
}

/** The PTS table of the ORIGINAL file (the timeline every read-out is shown in). */
export async function originalPtsTable(request: APIRequestContext, videoId: string): Promise<PtsJson> {
  const res = await request.get(`/api/videos/${encodeURIComponent(videoId)}/pts?format=json&of=original`);
  expect(res.status()).toBe(200);
  return (await res.json()) as PtsJson;
}

/** Presentation time of frame i in seconds, as the player prints it (6 decimals). */
export function expectedPts(table: PtsJson, i: number): string {
  return ((table.pts[i] * table.timeBase.num) / table.timeBase.den).toFixed(6);
}

/**
 * HH:MM:SS:FF of frame i computed independently of the app: the whole second since the first
 * frame, and FF = how many earlier frames fall in that same second.
 */
export function expectedTimecode(table: PtsJson, i: number): string {
  const { num, den } = table.timeBase;
  const secondOf = (j: number) => Math.floor(((table.pts[j] - table.pts[0]) * num) / den);
  const second = secondOf(i);
  let ff = 0;
  for (let j = i - 1; j >= 0 && secondOf(j) === second; j--) ff++;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(second / 3600))}:${pad(Math.floor(second / 60) % 60)}:${pad(second % 60)}:${pad(ff)}`;
}

/** Opens a video page and waits for the player to show a decodable first picture. */
export async function openPlayer(page: Page, videoId: string): Promise<void> {
  await page.goto(`/videos/${encodeURIComponent(videoId)}`);
  await expect(page.getByTestId("player-status")).toHaveText("paused");
  await page.waitForFunction(() => {
    const v = document.querySelector("video[data-testid=video]") as HTMLVideoElement | null;
    return !!v && v.readyState >= 2 && !v.seeking;
  });
}

/**
 * Waits until the player has settled on a frame (no seek under way, status "paused", frame
 * data available, two animation frames later) and returns the frame index decoded from the
 * picture.
 */
export async function settledPicture(page: Page): Promise<number | null> {
  await page.waitForFunction(() => {
    const v = document.querySelector("video[data-testid=video]") as HTMLVideoElement | null;
    const status = document.querySelector("[data-testid=player-status]")?.textContent;
    return status === "paused" && !!v && v.paused && !v.seeking && v.readyState >= 2;
  });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return displayedFrameIndex(page, "video[data-testid=video]");
}

/** Frame index, timecode and PTS as the read-out shows them. */
export async function readoutText(page: Page): Promise<string> {
  return page.evaluate(() =>
    ["frame-index", "timecode", "pts"].map((id) => document.querySelector(`[data-testid=${id}]`)?.textContent ?? "").join(" | "),
  );
}

/** Asserts the picture and the read-out (frame index, timecode, PTS) both show frame i. */
export async function expectFrame(page: Page, table: PtsJson, i: number, label: string): Promise<void> {
  expect(await settledPicture(page), `${label}: decoded frame index`).toBe(i);
  const expected = [String(i), expectedTimecode(table, i), expectedPts(table, i)].join(" | ");
  await expect.poll(() => readoutText(page), { message: `${label}: read-out (frame | timecode | pts)` }).toBe(expected);
}
