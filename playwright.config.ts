import { defineConfig } from "@playwright/test";
import { e2eDataDir } from "./e2e/support/e2e-data";

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against a production build
 * served by `next start` on a seeded e2e database (scripts/e2e-prepare.sh builds and seeds).
 * scripts/e2e-run.sh can run the spec files as shards side by side (E2E_SHARDS), each with its own server
 * (E2E_PORT), its own copy of the seeded data (E2E_DATA_DIR) and its own output folder.
 */
const port = Number(process.env.E2E_PORT ?? 3300);

export default defineConfig({
  testDir: "e2e",
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // In CI a failed spec runs once more; one that then passes is reported as "flaky" in the list
  // and in the summary's JSON (stats.flaky), so a flake is visible without failing the run.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? "list" : "list",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace only when a failed test runs again (CI retries once): recording one for every test,
    // to keep the failures' (retain-on-failure), cost about 8 % of the suite's time on 2 cores.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--autoplay-policy=no-user-gesture-required",
      ],
    },
  },
  webServer: {
    command: `npm start --silent -- -p ${port} -H 127.0.0.1`,
    url: `http://127.0.0.1:${port}/sign-in`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PLAYHEAD_DATA_DIR: e2eDataDir,
      DATABASE_URL: `file:${e2eDataDir}/playhead.db`,
      NEXTAUTH_URL: `http://127.0.0.1:${port}`,
      NEXTAUTH_SECRET: "e2e-secret-not-for-production-0123456789",
      PLAYHEAD_MAX_UPLOAD_BYTES: String(64 * 1024 * 1024),
      // Background jobs: retries a second apart instead of 10 s, so a failure ends within a spec.
      PLAYHEAD_JOBS_BACKOFF_MS: "300",
      PLAYHEAD_JOBS_POLL_MS: "500",
      // A finished session's human row is refreshed at once (default: 1 s after the last one).
      PLAYHEAD_HUMAN_RUN_QUIET_MS: "0",
    },
  },
});
