/**
 * Browser side of the annotation benchmarks (frame-step, timeline): a `next start` of the
 * production build on the e2e data (scripts/e2e-prepare.sh builds and seeds it) — or the server at
 * BENCH_BASE_URL — and Debian's Chromium driven by Playwright, signed in as the demo annotator
 * (or another demo account).
 * Benchmark tooling only.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium, type Browser, type Page } from "@playwright/test";

export type BrowserSession = { base: string; browser: Browser; page: Page; close: () => Promise<void> };

const DATA_DIR = "data/e2e";

async function waitUp(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

export async function startServer(): Promise<{ base: string; stop: () => void }> {
  if (process.env.BENCH_BASE_URL) return { base: process.env.BENCH_BASE_URL.replace(/\/$/, ""), stop: () => undefined };
  if (!existsSync(".next/BUILD_ID") || !existsSync(`${DATA_DIR}/playhead.db`)) {
    throw new Error("no production build or e2e data: run `bash scripts/e2e-prepare.sh` first (or set BENCH_BASE_URL to a running, demo-seeded server)");
  }
  const port = Number(process.env.E2E_PORT ?? 3300);
  const base = `http://127.0.0.1:${port}`;
  const child = spawn("npx", ["next", "start", "-p", String(port), "-H", "127.0.0.1"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PLAYHEAD_DATA_DIR: DATA_DIR,
      DATABASE_URL: `file:${DATA_DIR}/playhead.db`,
      NEXTAUTH_URL: base,
      NEXTAUTH_SECRET: "e2e-secret-not-for-production-0123456789",
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      child.kill("SIGTERM");
    }
  };
  try {
    await waitUp(`${base}/sign-in`, 60_000);
  } catch (e) {
    stop();
    throw e;
  }
  return { base, stop };
}

/** A browser signed in as `email` (default the demo annotator). */
export async function openSession(base: string, email = "annotator@playhead.local"): Promise<BrowserSession> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--autoplay-policy=no-user-gesture-required"],
  });
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1400, height: 900 } });
  // tsx keeps function names with a `__name` helper that the page does not have: give it one.
  await context.addInitScript({ content: "window.__name = (f) => f;" });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(process.env.E2E_PASSWORD ?? "e2e-password-123");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/sign-in"));
  return { base, browser, page, close: () => browser.close() };
}

export async function taskIdOf(page: Page, externalId: string): Promise<string> {
  const body = (await (await page.request.get("/api/me/tasks")).json()) as { tasks: { id: string; item: { externalId: string } }[] };
  const t = body.tasks.find((x) => x.item.externalId === externalId);
  if (!t) throw new Error(`the demo annotator has no task on ${externalId}`);
  return t.id;
}

export async function openWorkspace(page: Page, taskId: string): Promise<void> {
  await page.goto(`/annotate/${taskId}`);
  await page.getByTestId("edit-timeline-canvas").waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    () => document.querySelector("[data-testid=player-status]")?.textContent === "paused" && /^\d+$/.test(document.querySelector("[data-testid=frame-index]")?.textContent ?? ""),
    undefined,
    { timeout: 30_000 },
  );
}

export const pct = (values: number[], p: number) => {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
