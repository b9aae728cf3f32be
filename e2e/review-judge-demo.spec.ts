import { expect, test, type Page } from "@playwright/test";
import { DEMO_EC_RUN, DEMO_VSAS_RUN } from "@/lib/demo/demo-judging-runs";
import { signIn } from "./support/sign-in";

/**
 * Issue 19.11 on the demo seed (scripts/e2e-prepare.sh seeds it): the demo reviewer finds the VSAS
 * and EC-Bench judge queues with work; grading one VSAS second (y, then the rubric: the verdict is
 * complete and the page moves on to the next second) gives a PARTIAL score over that second
 * ("partial: judged 1 of 10", accuracy 1.000, not 0.100), unranked and labelled on the leaderboard;
 * grading every second gives a final score. Uses the seeded demo run: run on a fresh e2e database.
 */
const VSAS_PROJECT = "Demo forms: VSAS";
const EC_PROJECT = "Demo forms: EC-Bench";

async function rescoreAndReload(page: Page, expected: RegExp): Promise<void> {
  await page.getByTestId("run-score").getByRole("button", { name: "Rescore now" }).click();
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("score-judging")).toHaveText(expected, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

const allSaved = async (page: Page) => expect(page.getByTestId("second-list")).not.toContainText("…");

test("the seeded reviewer judges the demo queues: partial score over the judged seconds, then final", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "REVIEWER");
  await page.goto("/review/judge");
  const vsasRow = page.getByTestId(`judge-project-${VSAS_PROJECT}`).getByTestId(`judge-run-${DEMO_VSAS_RUN}`);
  const ecRow = page.getByTestId(`judge-project-${EC_PROJECT}`).getByTestId(`judge-run-${DEMO_EC_RUN}`);
  await expect(vsasRow).toContainText("0 / 10");
  await expect(ecRow).toContainText("0 / 1");

  await ecRow.getByRole("link", { name: "Match" }).click();
  const matcher = page.getByTestId("ec-matcher");
  await expect(matcher).toBeVisible();
  await expect(matcher.getByTestId("save-state")).toHaveText("Automatic links (not judged yet)");
  await expect(page.getByTestId("score-judging")).toHaveText("automatic matching (no enumeration answer judged by people)");

  await page.goto("/review/judge");
  await vsasRow.getByRole("link", { name: "Grade" }).click();
  const grader = page.getByTestId("vsas-grader");
  await expect(grader).toBeFocused();
  await expect(grader.getByTestId("current-caption")).toContainText("second 0:");
  await expect(page.getByTestId("score-judging")).toHaveText("not judged yet: 0 of 10 seconds");
  await page.keyboard.press("y");
  await page.keyboard.press("3");
  // The second's verdict is complete: the page moves on to the next unjudged second.
  await expect(grader.getByTestId("current-caption")).toContainText("second 1:");
  await expect(grader.getByTestId("second-list").locator('[data-second="0"] [data-verdict]')).toHaveAttribute("data-verdict", "1/3");
  await allSaved(page);

  await rescoreAndReload(page, /^partial: judged 1 of 10 seconds \(score over the judged seconds\)$/);
  // Over the one judged second (yes), not 1/10.
  await expect(page.getByTestId("run-score").locator('[data-metric="accuracy"]')).toContainText("1");
  await expect(page.getByTestId("run-score").locator('[data-metric="accuracy"]')).not.toContainText("0.100");

  // The leaderboard never presents it as final: labelled partial, no rank.
  const projectId = await projectIdOf(page, VSAS_PROJECT);
  await page.goto(`/projects/${projectId}/leaderboard`);
  const row = page.locator(`[data-testid="leaderboard-row"][data-run-name="${DEMO_VSAS_RUN}"]`);
  await expect(row).toHaveAttribute("data-final", "no");
  await expect(row.getByTestId("partial-badge")).toHaveText("partial · judged 1 of 10");
  await expect(row.getByTestId("row-rank")).toHaveText("–");
  // The breakdown charts name it partial too: in the legend, written whole (each bar's tooltip says it as well).
  const charts = page.getByTestId("breakdown-charts");
  await expect(charts.locator(".bar-chart-legend").getByText(`${DEMO_VSAS_RUN} (partial: judged 1 of 10)`, { exact: true }).first()).toBeVisible();

  // Every other second: "u" to the first unjudged one, then "n" and "1", each pair completing a
  // second and moving on to the next.
  await page.goBack();
  await expect(grader).toBeFocused();
  await page.keyboard.press("u");
  await expect(grader.getByTestId("current-caption")).toContainText("second 1:");
  for (let i = 0; i < 9; i++) {
    await page.keyboard.press("n");
    await page.keyboard.press("1");
  }
  await expect(page.getByTestId("judged-count")).toContainText("10 / 10 seconds judged by you");
  await allSaved(page);
  await rescoreAndReload(page, /^final: all 10 seconds judged$/);
  await expect(page.getByTestId("run-score").locator('[data-metric="accuracy"]')).toContainText("0.100");
  await page.goto(`/projects/${projectId}/leaderboard`);
  await expect(row).toHaveAttribute("data-final", "yes");
  await expect(row.getByTestId("partial-badge")).toHaveCount(0);
  await expect(row.getByTestId("row-rank")).toHaveText(/^\d+$/);
});

async function projectIdOf(page: Page, name: string): Promise<string> {
  const list = (await (await page.request.get("/api/projects")).json()) as { projects: { id: string; name: string }[] };
  return list.projects.find((p) => p.name === name)!.id;
}
