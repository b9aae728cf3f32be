import { expect, test, type Locator } from "@playwright/test";
import { projectIdByName } from "./support/baseline";
import { DEMO_DOUBLE_PROJECT } from "./support/review-ids";
import { signIn } from "./support/sign-in";

/**
 * Issue 19.12: bar charts do not mislead. Every value axis starts at zero (or below, for a
 * negative kappa) and a bounded measure's axis stops at its bound (agreement and rates at 1, not
 * 1.05; percentages at 100); the Agreement tab of the demo double-review project
 * (lib/charts/bar-axis.ts is the one rule), drawn by the app's one chart component: bars with
 * outlines, black interval whiskers.
 */

/** The value axis's tick labels (lib/charts/bar-chart-figure.tsx: visx's left axis). */
const Y_TICKS = "svg .visx-axis-left .visx-axis-tick text";

async function yTicks(chart: Locator): Promise<number[]> {
  const texts = await chart.locator(Y_TICKS).allTextContents();
  return texts.map((t) => Number(t.replace(/[^\d.-]/g, "")));
}

test("the Agreement tab's bar charts start at zero and stop at their bound", async ({ page }) => {
  await signIn(page, "ADMIN");
  const projectId = await projectIdByName(page.request, DEMO_DOUBLE_PROJECT);
  await page.goto(`/projects/${projectId}/agreement`);
  await expect(page.getByTestId("agreement-charts")).toBeVisible();
  for (const id of ["chart-agreement", "chart-disputed"]) {
    const chart = page.getByTestId(id);
    await expect(chart.locator(Y_TICKS).first()).toBeVisible();
    const ticks = await yTicks(chart);
    expect(Math.min(...ticks), `${id}: the axis starts at 0 (or below)`).toBeLessThanOrEqual(0);
    expect(Math.max(...ticks), `${id}: the axis stops at 1`).toBe(1);
    // One outlined bar per figure shown, each with a tooltip; intervals as whiskers.
    const bars = chart.locator("svg .bar-chart-bar");
    expect(await bars.count(), `${id}: bars`).toBeGreaterThan(0);
    await expect(bars.first().locator("title")).toHaveText(/: -?[\d.]+/);
    await expect(chart.locator("svg .bar-chart-interval").first()).toHaveAttribute("stroke", "#000000");
  }
  // The demo's two annotators work at about the same speed (58-62 items per hour): bars from 0.
  const speed = page.getByTestId("chart-throughput");
  await expect(speed.locator(Y_TICKS).first()).toBeVisible();
  expect(Math.min(...(await yTicks(speed))), "items per hour start at 0").toBe(0);
});
