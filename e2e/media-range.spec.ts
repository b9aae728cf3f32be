import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { e2eDataDir } from "./support/e2e-data";
import { DEMO_VIDEOS, findLibraryVideo } from "./support/library-video";
import { signIn } from "./support/sign-in";

/**
 * The media route as the signed-in browser sees it (page.request shares the page's session):
 * 206 with exact Content-Range / Content-Length for first-last, open-ended and suffix ranges,
 * 416 with `bytes *\/size`, a full 200 with Accept-Ranges, type, ETag and Last-Modified, 304 on
 * If-None-Match; every byte equals the stored file under data/e2e. Signed out: 401 JSON; a
 * participant: 403 JSON.
 */

/** The stored file whose SHA-256 is `sha256` (the original; for cfr30 it is also the playback file). */
function storedOriginal(sha256: string): { bytes: Buffer; file: string } {
  const root = path.join(e2eDataDir, "videos");
  for (const dir of readdirSync(root)) {
    for (const name of readdirSync(path.join(root, dir)).filter((n) => n.startsWith("original."))) {
      const bytes = readFileSync(path.join(root, dir, name));
      if (createHash("sha256").update(bytes).digest("hex") === sha256) return { bytes, file: path.join(root, dir, name) };
    }
  }
  throw new Error(`no stored file with SHA-256 ${sha256} under ${root}`);
}

test.describe("media route: ranges, validators and access", () => {
  test("ranges, full answers and validators match the stored file byte for byte", async ({ page }) => {
    await signIn(page, "ANNOTATOR");
    const video = await findLibraryVideo(page.request, DEMO_VIDEOS.cfr30);
    expect(video.transcoded).toBe(false);
    const stored = storedOriginal((await (await page.request.get(`/api/videos/${video.id}`)).json()).video.sha256);
    const file = stored.bytes;
    const size = file.length;
    expect(size).toBe(video.sizeBytes);
    const url = `/api/media/${encodeURIComponent(video.id)}`;

    const first = await page.request.get(url, { headers: { range: "bytes=0-99" } });
    expect(first.status()).toBe(206);
    expect(first.headers()["content-range"]).toBe(`bytes 0-99/${size}`);
    expect(first.headers()["content-length"]).toBe("100");
    expect(Buffer.compare(await first.body(), file.subarray(0, 100))).toBe(0);

    const open = await page.request.get(url, { headers: { range: "bytes=100-" } });
    expect(open.status()).toBe(206);
    expect(open.headers()["content-range"]).toBe(`bytes 100-${size - 1}/${size}`);
    expect(open.headers()["content-length"]).toBe(String(size - 100));
    expect(Buffer.compare(await open.body(), file.subarray(100))).toBe(0);

    const suffix = await page.request.get(url, { headers: { range: "bytes=-500" } });
    expect(suffix.status()).toBe(206);
    expect(suffix.headers()["content-range"]).toBe(`bytes ${size - 500}-${size - 1}/${size}`);
    expect(suffix.headers()["content-length"]).toBe("500");
    expect(Buffer.compare(await suffix.body(), file.subarray(size - 500))).toBe(0);

    const unsatisfiable = await page.request.get(url, { headers: { range: `bytes=${size}-${size + 10}` } });
    expect(unsatisfiable.status()).toBe(416);
    expect(unsatisfiable.headers()["content-range"]).toBe(`bytes */${size}`);

    const full = await page.request.get(url);
    expect(full.status()).toBe(200);
    const h = full.headers();
    expect(h["accept-ranges"]).toBe("bytes");
    expect(h["content-type"]).toBe("video/mp4");
    expect(h["content-length"]).toBe(String(size));
    expect(h["etag"]).toMatch(/^"[^"]+"$/);
    expect(h["last-modified"]).toBe(new Date(Math.floor(statSync(stored.file).mtimeMs / 1000) * 1000).toUTCString());
    expect(Buffer.compare(await full.body(), file)).toBe(0);

    const notModified = await page.request.get(url, { headers: { "if-none-match": h["etag"] } });
    expect(notModified.status()).toBe(304);
    expect(notModified.headers()["etag"]).toBe(h["etag"]);
    expect((await notModified.body()).length).toBe(0);
    // A different ETag gets the file again.
    const changed = await page.request.get(url, { headers: { "if-none-match": '"something-else"' } });
    expect(changed.status()).toBe(200);
  });

  test("signed out: 401 JSON; a participant: 403 JSON", async ({ page, playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    await signIn(page, "ADMIN");
    const video = await findLibraryVideo(page.request, DEMO_VIDEOS.cfr30);
    const url = `/api/media/${encodeURIComponent(video.id)}`;

    const signedOut = await anonymous.get(url, { headers: { range: "bytes=0-99" } });
    expect(signedOut.status()).toBe(401);
    expect(signedOut.headers()["content-type"]).toMatch(/^application\/json/);
    expect((await signedOut.json()).error.code).toBe("unauthenticated");
    await anonymous.dispose();

    await page.context().clearCookies();
    await signIn(page, "PARTICIPANT");
    const participant = await page.request.get(url, { headers: { range: "bytes=0-99" } });
    expect(participant.status()).toBe(403);
    expect(participant.headers()["content-type"]).toMatch(/^application\/json/);
    expect((await participant.json()).error.code).toBe("forbidden");
  });
});
