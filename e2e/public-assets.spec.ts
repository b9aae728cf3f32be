import { expect, test, type ConsoleMessage, type Response } from "@playwright/test";

/**
 * The static files of public/ (app icon, web manifest, robots.txt) are served with the right
 * content types, every page's <head> links them, and the sign-in page loads without a single
 * failed request or console error (it used to log a 404 for /favicon.ico).
 */

/** Whether robots.txt `text` lets a crawler (User-agent: *) fetch `path` (longest matching rule wins; Allow wins ties). */
function robotsAllows(text: string, path: string): boolean {
  let applies = false;
  let best: { length: number; allow: boolean } | null = null;
  for (const raw of text.split("\n")) {
    const line = raw.replace(/#.*/, "").trim();
    const m = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!m) continue;
    const [key, value] = [m[1].toLowerCase(), m[2].trim()];
    if (key === "user-agent") applies = value === "*";
    else if (applies && (key === "allow" || key === "disallow") && value !== "") {
      const anchored = value.endsWith("$");
      const pattern = new RegExp("^" + value.replace(/\$$/, "").replace(/[.+?^{}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*") + (anchored ? "$" : ""));
      if (!pattern.test(path)) continue;
      const allow = key === "allow";
      if (!best || value.length > best.length || (value.length === best.length && allow)) best = { length: value.length, allow };
    }
  }
  return best ? best.allow : true;
}

test.describe("public assets", () => {
  test("/favicon.ico is an ICO file with 16, 32 and 48 px images", async ({ request }) => {
    const res = await request.get("/favicon.ico");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const body = await res.body();
    expect([...body.subarray(0, 4)]).toEqual([0, 0, 1, 0]); // ICO header: reserved 0, type 1
    const count = body.readUInt16LE(4);
    const sizes = Array.from({ length: count }, (_, i) => body[6 + 16 * i]);
    expect(sizes).toEqual([16, 32, 48]);
    for (let i = 0; i < count; i++) {
      const offset = body.readUInt32LE(6 + 16 * i + 12);
      expect(body.subarray(offset, offset + 4).toString("latin1")).toBe("\x89PNG");
    }
  });

  test("the web manifest names Playhead and every icon it lists is served with its type", async ({ request }) => {
    const res = await request.get("/manifest.webmanifest");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
    const manifest = await res.json();
    expect(manifest).toMatchObject({ name: "Playhead", short_name: "Playhead", start_url: "/", display: "standalone" });
    expect(manifest.icons.map((i: { src: string }) => i.src)).toEqual(["/icon.svg", "/icon-192.png", "/icon-512.png"]);
    for (const icon of manifest.icons as { src: string; type: string; sizes: string }[]) {
      const file = await request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()["content-type"], icon.src).toContain(icon.type);
      const body = await file.body();
      if (icon.type === "image/png") {
        expect(body.subarray(1, 4).toString("latin1")).toBe("PNG");
        const [w, h] = [body.readUInt32BE(16), body.readUInt32BE(20)];
        expect(`${w}x${h}`).toBe(icon.sizes);
      } else expect(body.toString("utf8")).toContain("<svg");
    }
  });

  test("robots.txt keeps study links, sessions, the API and signed-in pages out of search engines", async ({ request }) => {
    const res = await request.get("/robots.txt");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^text\/plain/);
    const text = await res.text();
    const privatePaths = [
      "/s/cm1study0000",
      "/s/cm1study0000?PROLIFIC_PID=abc",
      "/s/cm1study0000/session/cm1session0000",
      "/s/cm1study0000/done",
      "/invite/some-token",
      "/api/projects",
      "/api/sessions/x/answers",
      "/api/media/x/seg-0.m4s",
      "/projects",
      "/projects/p1/items/i1",
      "/videos/v1",
      "/admin/users",
      "/admin/studies/s1",
      "/account/tokens",
    ];
    for (const p of privatePaths) expect(robotsAllows(text, p), p).toBe(false);
  });

  test("the sign-in page links the icon and manifest, asks not to be indexed, and loads without errors", async ({ page }) => {
    const failures: string[] = [];
    const onResponse = (r: Response) => {
      if (r.status() >= 400) failures.push(`${r.status()} ${r.url()}`);
    };
    const onConsole = (m: ConsoleMessage) => {
      if (m.type() === "error") failures.push(`console: ${m.text()}`);
    };
    page.on("response", onResponse);
    page.on("console", onConsole);
    page.on("requestfailed", (r) => {
      // A prefetch the router cancels (ERR_ABORTED) is not a failed load.
      if (r.failure()?.errorText !== "net::ERR_ABORTED") failures.push(`failed: ${r.url()} ${r.failure()?.errorText ?? ""}`);
    });
    await page.goto("/sign-in");
    await expect(page.getByRole("button", { name: /sign in/i })).toBeVisible();
    await expect(page).toHaveTitle(/ · Playhead$|^Playhead$/);
    const head = page.locator("head");
    await expect(head.locator('link[rel="icon"][href="/favicon.ico"]')).toHaveCount(1);
    await expect(head.locator('link[rel="icon"][href="/icon.svg"][type="image/svg+xml"]')).toHaveCount(1);
    await expect(head.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    await expect(head.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    // What the browser itself fetches for the tab icon must be there.
    expect((await page.request.get(await head.locator('link[rel="icon"]').first().getAttribute("href") ?? "")).status()).toBe(200);
    await page.waitForLoadState("networkidle");
    expect(failures).toEqual([]);
  });
});
