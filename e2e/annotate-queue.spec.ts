import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E_PASSWORD } from "./support/accounts";
import { signIn, signInWithEmail } from "./support/sign-in";

/**
 * Assigning work (issue 11): an admin creates tasks on the project's Workflow tab for filtered
 * items (to a named annotator, and to the pool) and follows progress per annotator; annotators
 * work from /annotate: Start next, skip with a reason, two annotators racing for one pooled task,
 * the in-progress task after a reload. Own project (the mini VCBench fixture) and two annotators
 * created here, so no other spec's demo tasks are touched.
 */

const stamp = Date.now();
const PROJECT = `E2E queue ${stamp}`;
const ANNIE = { email: `queue-annie-${stamp}@example.org`, name: "Annie Queue", role: "ANNOTATOR" as const };
const BOB = { email: `queue-bob-${stamp}@example.org`, name: "Bob Queue", role: "ANNOTATOR" as const };
const MINI = path.join(process.cwd(), "e2e", "fixtures", "projects-vcbench-mini.jsonl");

type StoredTask = { id: string; status: string; skipReason: string | null; item: { externalId: string }; user: { id: string; name: string } | null };

async function signInAs(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInWithEmail(page, email);
  return page;
}

async function storedTasks(admin: Page, projectId: string): Promise<StoredTask[]> {
  const res = await admin.request.get(`/api/projects/${projectId}/tasks`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { tasks: StoredTask[] }).tasks;
}

/** The progress row of one annotator (or "Pool (unclaimed)"): its open / in progress / submitted / skipped cells and the bar's numbers. */
async function expectProgress(admin: Page, who: string, c: { open: number; inProgress: number; submitted: number; skipped: number }) {
  const row = admin.getByTestId("workflow-progress").getByRole("row").filter({ hasText: who });
  const cells = row.getByRole("cell");
  await expect(cells.nth(2)).toHaveText(String(c.open));
  await expect(cells.nth(3)).toHaveText(String(c.inProgress));
  await expect(cells.nth(4)).toHaveText(String(c.submitted));
  await expect(cells.nth(5)).toHaveText(String(c.skipped));
  const total = c.open + c.inProgress + c.submitted + c.skipped;
  await expect(row.getByRole("img")).toHaveAttribute("aria-label", `${c.submitted} of ${total} submitted, ${c.inProgress} in progress, ${c.skipped} skipped, ${c.open} open`);
}

async function createTasks(admin: Page, filter: string, assignee: string | null): Promise<void> {
  const form = admin.locator("form").filter({ has: admin.getByRole("button", { name: "Create tasks" }) });
  await form.getByLabel("Items matching a filter").check();
  await form.getByLabel("Filter", { exact: true }).fill(filter);
  for (const box of await form.getByRole("checkbox").all()) await box.setChecked(false);
  if (assignee) await form.getByRole("checkbox", { name: new RegExp(assignee) }).check();
  await form.getByRole("button", { name: "Create tasks" }).click();
}

const queueRow = (page: Page, externalId: string) => page.getByRole("row").filter({ has: page.getByText(externalId, { exact: true }) });

test.describe.configure({ mode: "serial" });

test("admin assigns filtered items; annotators work the queue, skip, race for the pool, reload", async ({ page: admin, browser }) => {
  test.setTimeout(180_000);
  await signIn(admin, "ADMIN");
  for (const u of [ANNIE, BOB]) {
    const res = await admin.request.post("/api/admin/users", { data: { ...u, password: E2E_PASSWORD } });
    expect(res.status(), await res.text()).toBe(201);
  }
  const imported = await admin.request.post(`/api/projects?kind=vcbench&name=${encodeURIComponent(PROJECT)}`, {
    data: readFileSync(MINI),
    headers: { "content-type": "application/octet-stream", "x-file-name": "queue.jsonl" },
  });
  expect(imported.status(), await imported.text()).toBe(201);
  const projectId = ((await (await admin.request.get("/api/projects")).json()) as { projects: { id: string; name: string }[] }).projects.find((p) => p.name === PROJECT)!.id;
  for (const u of [ANNIE, BOB]) {
    const res = await admin.request.post(`/api/projects/${projectId}/members`, { data: { email: u.email, role: "ANNOTATOR" } });
    expect(res.status(), await res.text()).toBe(201);
  }

  // The admin opens the project's Workflow tab.
  await admin.goto(`/projects/${projectId}`);
  await admin.getByRole("link", { name: "Workflow", exact: true }).click();
  await expect(admin).toHaveURL(new RegExp(`/projects/${projectId}/workflow$`));
  await expectProgress(admin, ANNIE.name, { open: 0, inProgress: 0, submitted: 0, skipped: 0 });

  // Filtered items to Annie: first the squares item, then the O1-Snap items (the squares item again, left alone).
  const result = admin.getByRole("status").filter({ hasText: "selected" });
  await createTasks(admin, "q=squares", ANNIE.name);
  await expect(result).toHaveText(`1 item selected: 1 task created (${ANNIE.name}: 1), 0 already existed.`);
  await createTasks(admin, "label.subtype=O1-Snap", ANNIE.name);
  await expect(result).toHaveText(`2 items selected: 1 task created (${ANNIE.name}: 1), 1 already existed.`);
  // The scene-change item to the pool.
  await createTasks(admin, "subtype=E1-Transit", null);
  await expect(result).toHaveText("1 item selected: 1 task created (1 in the pool), 0 already existed.");
  // A misspelt filter parameter is refused naming it (it used to select every item); nothing is created.
  await createTasks(admin, "subtyp=E1-Action", null);
  await expect(admin.getByRole("alert").filter({ hasText: "items.filter.subtyp: is not a filter of the Items page" })).toBeVisible();
  await createTasks(admin, "", null);
  await expect(admin.getByRole("alert").filter({ hasText: "items.filter: is empty" })).toBeVisible();
  await createTasks(admin, "format=enumeration", null);
  await expect(result).toHaveText("0 items selected: 0 tasks created (none), 0 already existed.");

  await expectProgress(admin, ANNIE.name, { open: 2, inProgress: 0, submitted: 0, skipped: 0 });
  await expectProgress(admin, BOB.name, { open: 0, inProgress: 0, submitted: 0, skipped: 0 });
  await expectProgress(admin, "Pool (unclaimed)", { open: 1, inProgress: 0, submitted: 0, skipped: 0 });
  let tasks = await storedTasks(admin, projectId);
  expect(tasks.map((t) => `${t.item.externalId}:${t.user?.name ?? "pool"}:${t.status}`).sort()).toEqual([
    `e2e-01:${ANNIE.name}:OPEN`,
    "e2e-02:pool:OPEN",
    `e2e-06:${ANNIE.name}:OPEN`,
  ]);
  const taskOf = (externalId: string) => tasks.find((t) => t.item.externalId === externalId)!.id;

  // Annie's queue: her two tasks with item, kind, status and time spent.
  const annie = await signInAs(browser, ANNIE.email);
  await annie.goto("/annotate");
  await expect(annie.getByRole("heading", { name: "My annotation queue" })).toBeVisible();
  await expect(annie.getByTestId("queue-counts")).toHaveText(`2 open or in progress · 1 in the pool (${PROJECT}: 1)`);
  for (const id of ["e2e-01", "e2e-06"]) {
    const row = queueRow(annie, id);
    await expect(row.getByRole("cell").nth(1)).toHaveText(PROJECT);
    await expect(row.getByRole("cell").nth(2)).toHaveText("Annotate");
    await expect(row.getByRole("cell").nth(3)).toHaveText("Open");
    await expect(row.getByRole("cell").nth(4)).toHaveText("0 s");
  }
  await expect(queueRow(annie, "e2e-02")).toHaveCount(0);

  // Start next opens her oldest assigned task: the squares item.
  await annie.getByRole("button", { name: "Start next" }).click();
  await expect(annie).toHaveURL(new RegExp(`/annotate/${taskOf("e2e-01")}$`));
  await expect(annie.getByTestId("annotation-workspace")).toBeVisible();
  await expect(annie.getByRole("navigation", { name: "Breadcrumb" })).toContainText("e2e-01");

  // Back in the queue: the squares item in progress; she skips the lamps item with a reason.
  await annie.goto("/annotate");
  await expect(queueRow(annie, "e2e-01").getByRole("cell").nth(3)).toHaveText("In progress");
  const lamps = queueRow(annie, "e2e-06");
  await lamps.getByRole("button", { name: "Skip" }).click();
  await annie.getByRole("button", { name: "Skip task" }).click();
  await expect(annie.getByText("must say why (at least 3 characters)")).toBeVisible();
  await annie.getByLabel("Why are you skipping this task?").fill("The video of this item is not available yet");
  await annie.getByRole("button", { name: "Skip task" }).click();
  await expect(annie.getByText("Skipped e2e-06.")).toBeVisible();
  await expect(annie.getByTestId("queue-counts")).toHaveText(`1 open or in progress · 1 in the pool (${PROJECT}: 1)`);
  await expect(lamps.getByRole("cell").nth(3)).toContainText("Skipped");
  await expect(lamps.getByRole("button", { name: "Skip" })).toHaveCount(0);

  // The admin sees it skipped, with the reason.
  await admin.reload();
  await expectProgress(admin, ANNIE.name, { open: 0, inProgress: 1, submitted: 0, skipped: 1 });
  const skippedRow = admin.getByTestId(`workflow-task-${taskOf("e2e-06")}`);
  await expect(skippedRow).toContainText("Skipped");
  await expect(skippedRow).toContainText("The video of this item is not available yet");
  tasks = await storedTasks(admin, projectId);
  expect(tasks.find((t) => t.item.externalId === "e2e-06")).toMatchObject({ status: "SKIPPED", skipReason: "The video of this item is not available yet" });

  // Annie (no open assigned task left) and Bob click Start next at once: one pooled task, one winner.
  const bob = await signInAs(browser, BOB.email);
  await bob.goto("/annotate");
  await annie.goto("/annotate");
  await expect(bob.getByTestId("queue-counts")).toHaveText(`0 open or in progress · 1 in the pool (${PROJECT}: 1)`);
  await Promise.all([annie.getByRole("button", { name: "Start next" }).click(), bob.getByRole("button", { name: "Start next" }).click()]);
  const pooled = taskOf("e2e-02");
  const outcome = async (p: Page) => {
    await expect(p.getByText(/^Nothing to do/).or(p.getByTestId("annotation-workspace"))).toBeVisible({ timeout: 20_000 });
    return p.url().endsWith(`/annotate/${pooled}`) ? "won" : "nothing";
  };
  const [annieGot, bobGot] = await Promise.all([outcome(annie), outcome(bob)]);
  expect([annieGot, bobGot].sort()).toEqual(["nothing", "won"]);
  const winner = annieGot === "won" ? ANNIE : BOB;
  const loser = annieGot === "won" ? bob : annie;
  await expect(loser).toHaveURL(/\/annotate$/);
  tasks = await storedTasks(admin, projectId);
  expect(tasks.find((t) => t.id === pooled)).toMatchObject({ status: "IN_PROGRESS", user: { name: winner.name } });

  // After a reload the queue shows the in-progress tasks.
  await annie.goto("/annotate");
  await annie.reload();
  await expect(queueRow(annie, "e2e-01").getByRole("cell").nth(3)).toHaveText("In progress");
  await expect(queueRow(annie, "e2e-01").getByRole("link", { name: "Continue" })).toHaveAttribute("href", `/annotate/${taskOf("e2e-01")}`);
  const winnerPage = winner === ANNIE ? annie : bob;
  await winnerPage.goto("/annotate");
  await winnerPage.reload();
  await expect(queueRow(winnerPage, "e2e-02").getByRole("cell").nth(3)).toHaveText("In progress");
  await expect(winnerPage.getByTestId("queue-counts")).toContainText("0 in the pool");

  await admin.reload();
  await expect(admin.getByTestId("workflow-progress").getByRole("row").filter({ hasText: "Pool (unclaimed)" })).toHaveCount(0);
  await expectProgress(admin, ANNIE.name, winner === ANNIE ? { open: 0, inProgress: 2, submitted: 0, skipped: 1 } : { open: 0, inProgress: 1, submitted: 0, skipped: 1 });
  await expectProgress(admin, BOB.name, winner === BOB ? { open: 0, inProgress: 1, submitted: 0, skipped: 0 } : { open: 0, inProgress: 0, submitted: 0, skipped: 0 });
});
