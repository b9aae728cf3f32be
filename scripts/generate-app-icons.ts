/**
 * Renders Playhead's app icon, drawn by hand in public/icon.svg, into the raster files browsers
 * and the web manifest ask for (committed; run again after editing the SVG):
 *
 *   npm run --silent icons
 *
 *   public/favicon.ico           16, 32 and 48 px PNG images in one ICO container (/favicon.ico)
 *   public/icon-192.png          192 px (web manifest)
 *   public/icon-512.png          512 px (web manifest)
 *
 * Rasterising uses ffmpeg's librsvg decoder (Debian's ffmpeg has it), the same ffmpeg Playhead
 * needs for videos. The ICO container is written here: a 6-byte header, one 16-byte entry per
 * image, then the PNG files themselves (PNG-in-ICO, read by every current browser).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const PUBLIC = path.join(process.cwd(), "public");
const SVG = path.join(PUBLIC, "icon.svg");

function renderPng(size: number, out: string): Buffer {
  execFileSync("ffmpeg", ["-y", "-loglevel", "error", "-width", String(size), "-height", String(size), "-i", SVG, "-frames:v", "1", "-pix_fmt", "rgba", "-bitexact", out], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  return readFileSync(out);
}

/** An ICO file holding the given square PNG images. */
export function icoFromPngs(images: ReadonlyArray<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type 1 = icon
  header.writeUInt16LE(images.length, 4);
  const entries: Buffer[] = [];
  let offset = 6 + 16 * images.length;
  for (const { size, png } of images) {
    const e = Buffer.alloc(16);
    e.writeUInt8(size >= 256 ? 0 : size, 0); // width (0 = 256)
    e.writeUInt8(size >= 256 ? 0 : size, 1); // height
    e.writeUInt8(0, 2); // no palette
    e.writeUInt8(0, 3); // reserved
    e.writeUInt16LE(1, 4); // colour planes
    e.writeUInt16LE(32, 6); // bits per pixel
    e.writeUInt32LE(png.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += png.length;
    entries.push(e);
  }
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

function main(): void {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "playhead-icons-"));
  try {
    const png = (size: number) => renderPng(size, path.join(tmp, `${size}.png`));
    writeFileSync(path.join(PUBLIC, "favicon.ico"), icoFromPngs([16, 32, 48].map((size) => ({ size, png: png(size) }))));
    writeFileSync(path.join(PUBLIC, "icon-192.png"), png(192));
    writeFileSync(path.join(PUBLIC, "icon-512.png"), png(512));
    console.log(`wrote favicon.ico, icon-192.png, icon-512.png to ${PUBLIC}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main();
