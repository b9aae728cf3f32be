/**
 * Machine-readable frame index ("frame code") drawn into every demo frame.
 *
 * PURE: no Node, no DOM. Used by the demo-video generator (drawing), by ffmpeg
 * based tests (decoding raw RGBA frames) and in the browser (Playwright tests and
 * the player draw the current video frame into a canvas and decode it).
 *
 * Layout, in reference pixels of a frame REFERENCE_WIDTH (640) pixels wide; for a
 * frame W pixels wide every coordinate is multiplied by W / REFERENCE_WIDTH (so a
 * 1280x720 capture of a 640x360 video decodes as well, square pixels assumed):
 *
 *   a black quiet zone (QUIET_ZONE px) around a horizontal strip of
 *   CODE_BLOCK_COUNT square blocks of BLOCK_SIZE px, starting at (ORIGIN_X, ORIGIN_Y):
 *
 *     [1][0] [b0][b1] ... [b19] [p] [0][1]
 *      start    bits, LSB first   |  end guard
 *      guard               even parity of the 20 bits
 *
 *   1 = white block, 0 = black block. A block is read by averaging the luma
 *   (BT.601: 0.299 R + 0.587 G + 0.114 B) of a window around its centre
 *   (SAMPLE_RADIUS reference px each side) and thresholding at 128.
 *
 * The guards reject frames without a code (all-white or all-black areas fail one
 * guard); the parity block rejects most single-block misreads.
 */

export const REFERENCE_WIDTH = 640;
export const BLOCK_SIZE = 16;
export const ORIGIN_X = 16;
export const ORIGIN_Y = 8;
export const QUIET_ZONE = 8;
export const FRAME_CODE_BITS = 20;
export const START_GUARD: readonly (0 | 1)[] = [1, 0];
export const END_GUARD: readonly (0 | 1)[] = [0, 1];
/** start guard + data bits + parity + end guard */
export const CODE_BLOCK_COUNT = START_GUARD.length + FRAME_CODE_BITS + 1 + END_GUARD.length;
export const MAX_FRAME_INDEX = 2 ** FRAME_CODE_BITS - 1;
export const SAMPLE_RADIUS = 4;
export const LUMA_THRESHOLD = 128;
/** Height of the band at the top of the frame covered by the code, in reference px. */
export const FRAME_CODE_BAND_HEIGHT = ORIGIN_Y + BLOCK_SIZE + QUIET_ZONE;

export type PixelRect = { x: number; y: number; width: number; height: number };

/** Values (0 = black, 1 = white) of every block, left to right, for a frame index. */
export function frameCodeBlockValues(frameIndex: number): (0 | 1)[] {
  if (!Number.isInteger(frameIndex) || frameIndex < 0 || frameIndex > MAX_FRAME_INDEX) {
    throw new RangeError(`frame index ${frameIndex} is outside 0..${MAX_FRAME_INDEX}`);
  }
  const bits: (0 | 1)[] = [];
  let parity = 0;
  for (let i = 0; i < FRAME_CODE_BITS; i++) {
    const bit = ((frameIndex >>> i) & 1) as 0 | 1;
    parity ^= bit;
    bits.push(bit);
  }
  return [...START_GUARD, ...bits, parity as 0 | 1, ...END_GUARD];
}

function scaleOf(width: number): number {
  return width / REFERENCE_WIDTH;
}

/** Pixel rectangle of block `k` (0-based, left to right) in a frame `width` px wide. */
export function frameCodeBlockRect(k: number, width: number): PixelRect {
  const s = scaleOf(width);
  const x0 = Math.round((ORIGIN_X + k * BLOCK_SIZE) * s);
  const x1 = Math.round((ORIGIN_X + (k + 1) * BLOCK_SIZE) * s);
  const y0 = Math.round(ORIGIN_Y * s);
  const y1 = Math.round((ORIGIN_Y + BLOCK_SIZE) * s);
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** Black quiet-zone rectangle behind the strip in a frame `width` px wide. */
export function frameCodeQuietZoneRect(width: number): PixelRect {
  const s = scaleOf(width);
  const x0 = Math.round((ORIGIN_X - QUIET_ZONE) * s);
  const x1 = Math.round((ORIGIN_X + CODE_BLOCK_COUNT * BLOCK_SIZE + QUIET_ZONE) * s);
  const y0 = Math.max(0, Math.round((ORIGIN_Y - QUIET_ZONE) * s));
  const y1 = Math.round((ORIGIN_Y + BLOCK_SIZE + QUIET_ZONE) * s);
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

function fillRect(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number, r: PixelRect, v: number): void {
  const xEnd = Math.min(width, r.x + r.width);
  const yEnd = Math.min(height, r.y + r.height);
  for (let y = Math.max(0, r.y); y < yEnd; y++) {
    for (let x = Math.max(0, r.x); x < xEnd; x++) {
      const o = (y * width + x) * 4;
      rgba[o] = v;
      rgba[o + 1] = v;
      rgba[o + 2] = v;
      rgba[o + 3] = 255;
    }
  }
}

/** Draws the quiet zone and the code for `frameIndex` into an RGBA buffer (in place). */
export function drawFrameCode(
  rgba: Uint8ClampedArray | Uint8Array,
  width: number,
  height: number,
  frameIndex: number,
): void {
  const values = frameCodeBlockValues(frameIndex);
  fillRect(rgba, width, height, frameCodeQuietZoneRect(width), 0);
  values.forEach((v, k) => {
    if (v === 1) fillRect(rgba, width, height, frameCodeBlockRect(k, width), 255);
  });
}

/**
 * Reads the block values (0/1) of the strip, or null when the frame is too small
 * or the buffer length does not match width x height x 4.
 */
export function readFrameCodeBlocks(
  rgba: Uint8ClampedArray | Uint8Array,
  width: number,
  height: number,
): (0 | 1)[] | null {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) return null;
  if (rgba.length < width * height * 4) return null;
  const s = scaleOf(width);
  const cy = (ORIGIN_Y + BLOCK_SIZE / 2) * s;
  const radius = Math.max(0, Math.floor(SAMPLE_RADIUS * s));
  if (Math.ceil(cy + radius) >= height) return null;
  const values: (0 | 1)[] = [];
  for (let k = 0; k < CODE_BLOCK_COUNT; k++) {
    const cx = (ORIGIN_X + k * BLOCK_SIZE + BLOCK_SIZE / 2) * s;
    const px = Math.floor(cx);
    const py = Math.floor(cy);
    let sum = 0;
    let n = 0;
    for (let y = py - radius; y <= py + radius; y++) {
      for (let x = px - radius; x <= px + radius; x++) {
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        const o = (y * width + x) * 4;
        sum += 0.299 * rgba[o] + 0.587 * rgba[o + 1] + 0.114 * rgba[o + 2];
        n++;
      }
    }
    if (n === 0) return null;
    values.push(sum / n >= LUMA_THRESHOLD ? 1 : 0);
  }
  return values;
}

/**
 * Decodes the frame index drawn by `drawFrameCode` from an RGBA buffer
 * (e.g. `ImageData.data` of a canvas holding the whole video frame, or raw
 * `-pix_fmt rgba` ffmpeg output). Returns null when there is no valid code
 * (guards or parity do not match, or the frame is too small).
 */
export function decodeFrameIndex(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): number | null {
  const values = readFrameCodeBlocks(rgba, width, height);
  if (!values) return null;
  for (let i = 0; i < START_GUARD.length; i++) if (values[i] !== START_GUARD[i]) return null;
  const endStart = CODE_BLOCK_COUNT - END_GUARD.length;
  for (let i = 0; i < END_GUARD.length; i++) if (values[endStart + i] !== END_GUARD[i]) return null;
  let index = 0;
  let parity = 0;
  for (let i = 0; i < FRAME_CODE_BITS; i++) {
    const bit = values[START_GUARD.length + i];
    parity ^= bit;
    index += bit * 2 ** i;
  }
  if (parity !== values[START_GUARD.length + FRAME_CODE_BITS]) return null;
  return index;
}
