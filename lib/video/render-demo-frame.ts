/**
 * Renders one demo-video frame as RGBA pixels (PURE: no Node).
 *
 * Background colour, a faint 80 px grid, the spec's objects (in declaration order)
 * and the frame code (`frame-code.ts`) at the top. The burned-in frame counter
 * text is added afterwards by ffmpeg's drawtext (see `generate-demo-video.ts`).
 */
import { drawFrameCode } from "./frame-code";
import { demoObjectBoxAt, type DemoVideoSpec } from "./demo-videos";

const GRID_STEP = 80;

/** Renders frame `n` into `out` (length width*height*4), or a new buffer. */
export function renderDemoFrame(spec: DemoVideoSpec, n: number, out?: Uint8Array): Uint8Array {
  const { width, height } = spec;
  const buf = out ?? new Uint8Array(width * height * 4);
  const px = new Uint32Array(buf.buffer, buf.byteOffset, width * height);
  // Little-endian RGBA packing (all supported platforms are little-endian).
  const pack = (r: number, g: number, b: number) => ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
  const [br, bg, bb] = spec.background;
  px.fill(pack(br, bg, bb));
  const grid = pack(Math.min(255, br + 18), Math.min(255, bg + 18), Math.min(255, bb + 18));
  for (let y = 0; y < height; y += GRID_STEP) px.fill(grid, y * width, (y + 1) * width);
  for (let x = 0; x < width; x += GRID_STEP) for (let y = 0; y < height; y++) px[y * width + x] = grid;

  for (const obj of spec.objects) {
    const box = demoObjectBoxAt(obj, n);
    if (!box) continue;
    const c = pack(obj.color[0], obj.color[1], obj.color[2]);
    const x0 = Math.max(0, box.x);
    const y0 = Math.max(0, box.y);
    const x1 = Math.min(width, box.x + box.width);
    const y1 = Math.min(height, box.y + box.height);
    if (obj.shape === "box") {
      for (let y = y0; y < y1; y++) px.fill(c, y * width + x0, y * width + x1);
    } else {
      const rx = box.width / 2;
      const ry = box.height / 2;
      const cx = box.x + rx;
      const cy = box.y + ry;
      for (let y = y0; y < y1; y++) {
        const dy = (y + 0.5 - cy) / ry;
        for (let x = x0; x < x1; x++) {
          const dx = (x + 0.5 - cx) / rx;
          if (dx * dx + dy * dy <= 1) px[y * width + x] = c;
        }
      }
    }
  }
  drawFrameCode(buf, width, height, n);
  return buf;
}
