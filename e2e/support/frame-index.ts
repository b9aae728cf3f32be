import type { Page } from "@playwright/test";
import { FRAME_CODE_BAND_HEIGHT, REFERENCE_WIDTH, decodeFrameIndex } from "@/lib/video/frame-code";

/**
 * Decodes the machine-readable frame index drawn into the demo videos from the frame the
 * browser is displaying right now (a <video>, or an <img> showing a still of one): draws the <video> into a canvas in the page and decodes the
 * top band with the same decoder the generator's tests use. Null when no code is readable.
 */
export async function displayedFrameIndex(page: Page, selector = "video"): Promise<number | null> {
  const grab = await page.evaluate(
    ({ sel, bandRef, refWidth }) => {
      // A <video> (the frame on screen) or an <img> (a still picture).
      const el = document.querySelector(sel) as HTMLVideoElement | HTMLImageElement | null;
      if (!el) return null;
      const width = el instanceof HTMLVideoElement ? el.videoWidth : el.naturalWidth;
      const height = el instanceof HTMLVideoElement ? el.videoHeight : el.naturalHeight;
      if (!width || !height) return null;
      const band = Math.min(height, Math.ceil((bandRef * width) / refWidth) + 2);
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext("2d", { willReadFrequently: true });
      if (!ctx) return null;
      ctx.drawImage(el, 0, 0, width, height);
      const data = ctx.getImageData(0, 0, width, band).data;
      // base64 rather than an array of numbers: a tenth of the time to hand over
      let binary = "";
      for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
      return { width, height: band, pixels: btoa(binary) };
    },
    { sel: selector, bandRef: FRAME_CODE_BAND_HEIGHT, refWidth: REFERENCE_WIDTH },
  );
  if (!grab) return null;
  return decodeFrameIndex(new Uint8ClampedArray(Buffer.from(grab.pixels, "base64")), grab.width, grab.height);
}

/** Waits until the video has settled (not seeking, frame decoded) and returns the displayed frame index. */
export async function settledFrameIndex(page: Page, selector = "video"): Promise<number | null> {
  await page.waitForFunction(
    (sel) => {
      const v = document.querySelector(sel) as HTMLVideoElement | null;
      return !!v && !v.seeking && v.readyState >= 2;
    },
    selector,
    { timeout: 10_000 },
  );
  // One more animation frame so the compositor shows the seeked frame.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return displayedFrameIndex(page, selector);
}

/**
 * Records every frame the <video> presents from now on (requestVideoFrameCallback): the top band
 * of each is kept in the page, and {@link recordedFrameIndices} decodes them in order. Catches
 * what sampling between actions would miss (a replay flashing an earlier frame).
 */
export async function startFrameRecorder(page: Page, selector = "video"): Promise<void> {
  await page.evaluate(
    ({ sel, bandRef, refWidth }) => {
      const video = document.querySelector(sel) as HTMLVideoElement | null;
      if (!video) throw new Error(`no ${sel}`);
      const w = window as unknown as { __frameBands: { width: number; height: number; pixels: string }[] };
      w.__frameBands = [];
      const canvas = document.createElement("canvas");
      const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
      const onFrame = () => {
        const width = video.videoWidth;
        if (width && w.__frameBands.length < 2000) {
          const band = Math.min(video.videoHeight, Math.ceil((bandRef * width) / refWidth) + 2);
          canvas.width = width;
          canvas.height = video.videoHeight;
          ctx.drawImage(video, 0, 0, width, video.videoHeight);
          const data = ctx.getImageData(0, 0, width, band).data;
          let binary = "";
          for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
          w.__frameBands.push({ width, height: band, pixels: btoa(binary) });
        }
        video.requestVideoFrameCallback(onFrame);
      };
      video.requestVideoFrameCallback(onFrame);
    },
    { sel: selector, bandRef: FRAME_CODE_BAND_HEIGHT, refWidth: REFERENCE_WIDTH },
  );
}

/** The frame indices of the frames recorded since {@link startFrameRecorder} (null: unreadable). */
export async function recordedFrameIndices(page: Page): Promise<(number | null)[]> {
  const bands = await page.evaluate(() => (window as unknown as { __frameBands?: { width: number; height: number; pixels: string }[] }).__frameBands ?? []);
  return bands.map((b) => decodeFrameIndex(new Uint8ClampedArray(Buffer.from(b.pixels, "base64")), b.width, b.height));
}
