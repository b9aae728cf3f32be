import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CODE_BLOCK_COUNT,
  decodeFrameIndex,
  drawFrameCode,
  frameCodeBlockRect,
  frameCodeBlockValues,
  frameCodeQuietZoneRect,
  FRAME_CODE_BAND_HEIGHT,
  MAX_FRAME_INDEX,
} from "./frame-code";

function blank(width: number, height: number, value = 90): Uint8ClampedArray {
  const buf = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < buf.length; i += 4) {
    buf[i] = value;
    buf[i + 1] = value;
    buf[i + 2] = value;
    buf[i + 3] = 255;
  }
  return buf;
}

function framed(index: number, width = 640, height = 360): Uint8ClampedArray {
  const buf = blank(width, height);
  drawFrameCode(buf, width, height, index);
  return buf;
}

describe("frame code layout", () => {
  it("has guards, 20 bits and parity, and fits in a 640 px wide frame", () => {
    expect(CODE_BLOCK_COUNT).toBe(25);
    const q = frameCodeQuietZoneRect(640);
    expect(q.x).toBeGreaterThanOrEqual(0);
    expect(q.x + q.width).toBeLessThanOrEqual(640);
    expect(q.y + q.height).toBeLessThanOrEqual(FRAME_CODE_BAND_HEIGHT);
    expect(frameCodeBlockRect(0, 640)).toEqual({ x: 16, y: 8, width: 16, height: 16 });
    expect(frameCodeBlockRect(1, 1280)).toEqual({ x: 64, y: 16, width: 32, height: 32 });
  });

  it("encodes bits LSB first with even parity", () => {
    const v = frameCodeBlockValues(5);
    expect(v.slice(0, 2)).toEqual([1, 0]);
    expect(v.slice(2, 6)).toEqual([1, 0, 1, 0]);
    expect(v[22]).toBe(0); // two set bits: even
    expect(v.slice(23)).toEqual([0, 1]);
    expect(frameCodeBlockValues(1)[22]).toBe(1);
  });

  it("rejects indices outside 0..2^20-1", () => {
    expect(() => frameCodeBlockValues(-1)).toThrow(RangeError);
    expect(() => frameCodeBlockValues(MAX_FRAME_INDEX + 1)).toThrow(RangeError);
    expect(() => frameCodeBlockValues(1.5)).toThrow(RangeError);
  });
});

describe("decodeFrameIndex", () => {
  it("round-trips edge values", () => {
    for (const i of [0, 1, 2, 299, 1023, 18_000, MAX_FRAME_INDEX]) expect(decodeFrameIndex(framed(i), 640, 360)).toBe(i);
  });

  it("round-trips any index (property)", () => {
    const buf = blank(640, 360);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_FRAME_INDEX }), (i) => {
        drawFrameCode(buf, 640, 360, i);
        return decodeFrameIndex(buf, 640, 360) === i;
      }),
      { numRuns: 200 },
    );
  });

  it("works at other frame sizes (the layout scales with the width)", () => {
    for (const [w, h] of [[1280, 720], [1920, 1080], [320, 180], [854, 480]]) {
      expect(decodeFrameIndex(framed(4321, w, h), w, h)).toBe(4321);
    }
  });

  it("survives noise up to +-60 on every channel", () => {
    const buf = framed(123_456);
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < buf.length; i += 4) for (let c = 0; c < 3; c++) buf[i + c] = buf[i + c] + Math.round((rand() - 0.5) * 120);
    expect(decodeFrameIndex(buf, 640, 360)).toBe(123_456);
  });

  it("reads luma, not a single channel", () => {
    const buf = framed(77);
    // Tint every white block pure yellow (luma 226) and every black one dark blue (luma 29): still decodes.
    for (let i = 0; i < buf.length; i += 4) {
      if (buf[i] === 255) buf[i + 2] = 0;
      else if (buf[i] === 0) buf[i + 2] = 255;
    }
    expect(decodeFrameIndex(buf, 640, 360)).toBe(77);
  });

  it("returns null without a valid code", () => {
    expect(decodeFrameIndex(blank(640, 360, 0), 640, 360)).toBeNull();
    expect(decodeFrameIndex(blank(640, 360, 255), 640, 360)).toBeNull();
    expect(decodeFrameIndex(blank(640, 360, 128), 640, 360)).toBeNull();
  });

  it("returns null when a guard or the parity block is wrong", () => {
    const flip = (k: number) => {
      const buf = framed(12345);
      const r = frameCodeBlockRect(k, 640);
      const v = frameCodeBlockValues(12345)[k] ? 0 : 255;
      for (let y = r.y; y < r.y + r.height; y++)
        for (let x = r.x; x < r.x + r.width; x++) buf.fill(v, (y * 640 + x) * 4, (y * 640 + x) * 4 + 3);
      return decodeFrameIndex(buf, 640, 360);
    };
    expect(flip(0)).toBeNull();
    expect(flip(1)).toBeNull();
    expect(flip(5)).toBeNull(); // a data bit: parity no longer matches
    expect(flip(22)).toBeNull(); // the parity block
    expect(flip(24)).toBeNull();
  });

  it("returns null for buffers that are too small or mis-sized", () => {
    expect(decodeFrameIndex(new Uint8ClampedArray(10), 640, 360)).toBeNull();
    expect(decodeFrameIndex(framed(3, 640, 20), 640, 20)).toBeNull();
    expect(decodeFrameIndex(new Uint8ClampedArray(0), 0, 0)).toBeNull();
  });

  it("accepts a Uint8Array (raw ffmpeg output)", () => {
    const buf = new Uint8Array(framed(99));
    expect(decodeFrameIndex(buf, 640, 360)).toBe(99);
  });
});
