import "server-only";
import { existsSync } from "node:fs";
import { Resvg, renderAsync } from "@resvg/resvg-js";
import { FIGURE_WIDTH } from "@/lib/charts/bar-chart-spec";

/** Print resolution of the PNG figures. */
export const PNG_DPI = 300;
/** A figure's printed width (inches): FIGURE_WIDTH SVG units at 96 per inch. */
export const FIGURE_INCHES = FIGURE_WIDTH / 96;

const FONT_FILES = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"].filter((f) => existsSync(f));

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The PNG with a pHYs chunk (pixels per metre) after IHDR, so image tools and LaTeX read the dpi. */
export function withDpi(png: Uint8Array, dpi: number): Uint8Array {
  const ppm = Math.round(dpi / 0.0254);
  const chunk = new Uint8Array(4 + 4 + 9 + 4);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, 9);
  chunk.set([0x70, 0x48, 0x59, 0x73], 4); // "pHYs"
  view.setUint32(8, ppm);
  view.setUint32(12, ppm);
  chunk[16] = 1; // unit: metre
  view.setUint32(17, crc32(chunk.subarray(4, 17)));
  const ihdrEnd = 8 + 4 + 4 + 13 + 4; // signature + IHDR (length, type, 13 data bytes, CRC)
  const out = new Uint8Array(png.length + chunk.length);
  out.set(png.subarray(0, ihdrEnd), 0);
  out.set(chunk, ihdrEnd);
  out.set(png.subarray(ihdrEnd), ihdrEnd + chunk.length);
  return out;
}

/** An SVG figure of the report rendered as a 300 dpi PNG (7.5 in wide), from the same markup. */
export function svgToPng(svg: string): Uint8Array {
  return withDpi(new Uint8Array(new Resvg(svg, renderOptions()).render().asPng()), PNG_DPI);
}

/** `svgToPng` rendered off the main thread (resvg's worker pool): the report draws its figures while it reads the per-item data. */
export async function svgToPngAsync(svg: string): Promise<Uint8Array> {
  return withDpi(new Uint8Array((await renderAsync(svg, renderOptions())).asPng()), PNG_DPI);
}

function renderOptions() {
  return {
    fitTo: { mode: "width" as const, value: Math.round(FIGURE_INCHES * PNG_DPI) },
    background: "#ffffff",
    font: FONT_FILES.length ? { loadSystemFonts: false, fontFiles: FONT_FILES, defaultFontFamily: "DejaVu Sans" } : { loadSystemFonts: true },
  };
}
