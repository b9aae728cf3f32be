import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { demoItems, type DemoItem } from "@/lib/demo/demo-items";
import type { StudySettingsInput } from "@/lib/protocol/study-settings";
import { signIn } from "./sign-in";

/**
 * Helpers of the human-baseline specs (e2e/baseline-*.spec.ts): an admin context that creates and
 * opens its own study through the admin API (so specs do not depend on each other or on run
 * order), the participant's way in (study link, consent), and the demo items' known frames.
 */

export const DEMO_PROJECT = "Demo: streaming counting";

export type Admin = { context: BrowserContext; page: Page; request: APIRequestContext };

export async function adminSession(browser: Browser): Promise<Admin> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, "ADMIN");
  return { context, page, request: page.request };
}

export async function projectIdByName(request: APIRequestContext, name: string): Promise<string> {
  const res = await request.get("/api/projects");
  expect(res.status()).toBe(200);
  const { projects } = (await res.json()) as { projects: { id: string; name: string }[] };
  const project = projects.find((p) => p.name === name);
  expect(project, `project "${name}" is seeded`).toBeTruthy();
  return project!.id;
}

/** externalId → item id of a project's items. */
export async function itemIds(request: APIRequestContext, projectId: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let page = 1; page < 50; page++) {
    const res = await request.get(`/api/projects/${projectId}/items?page=${page}&pageSize=100`);
    expect(res.status(), await res.text()).toBe(200);
    const body = (await res.json()) as { items: { id: string; externalId: string }[] };
    for (const i of body.items) out.set(i.externalId, i.id);
    if (body.items.length < 100) break;
  }
  return out;
}

/**
 * Creates, fills and opens a study (admin API); returns its id. Unless the spec says otherwise the
 * study recruits on both crowd platforms (platform links are refused elsewhere) and lets videos
 * seen in other studies through (`excludeSeenVideos: false`): the specs share one demo participant
 * account across many studies of the same few demo videos. e2e/protocol-attacks.spec.ts tests
 * the rule itself.
 */
export async function openStudy(
  request: APIRequestContext,
  args: {
    projectId: string;
    protocol: "STREAMING" | "FREE_REWATCH";
    itemIds: string[];
    settings?: StudySettingsInput;
    name?: string;
  },
): Promise<string> {
  const name = args.name ?? `e2e ${args.protocol.toLowerCase()} ${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
  const created = await request.post("/api/studies", {
    data: { projectId: args.projectId, name, protocol: args.protocol, settings: { crowdPlatforms: ["prolific", "mturk"], excludeSeenVideos: false, ...args.settings } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const studyId = ((await created.json()) as { study: { id: string } }).study.id;
  const put = await request.put(`/api/studies/${studyId}/items`, {
    data: { items: args.itemIds.map((itemId) => ({ itemId, attentionCheck: false })) },
  });
  expect(put.status(), await put.text()).toBe(200);
  const opened = await request.post(`/api/studies/${studyId}/status`, { data: { status: "OPEN", confirmMissingCompletion: true }, timeout: 120_000 });
  expect(opened.status(), await opened.text()).toBe(200);
  return studyId;
}

/** A demo item (frames and truth known from the demo video spec). */
export function demoItem(externalId: string): DemoItem {
  const item = demoItems().find((i) => i.externalId === externalId);
  if (!item) throw new Error(`no demo item ${externalId}`);
  return item;
}

/**
 * As the signed-in participant on `page`: opens the study link, takes part, accepts the consent
 * and lands on the session page; returns the session id.
 */
export async function joinStudy(page: Page, studyId: string): Promise<string> {
  await page.goto(`/s/${studyId}`);
  const takePart = page.getByRole("link", { name: "Take part with this account" });
  if (await takePart.isVisible()) await takePart.click();
  await acceptConsent(page, studyId);
  return sessionIdFromUrl(page);
}

export async function acceptConsent(page: Page, studyId: string): Promise<void> {
  await expect(page.getByTestId("consent-text")).toBeVisible();
  await page.getByTestId("consent-checkbox").check();
  await expect(page.getByTestId("consent-accept")).toBeEnabled();
  await page.getByTestId("consent-accept").click();
  await expect(page).toHaveURL(new RegExp(`/s/${studyId}/session/[^/]+$`));
}

export function sessionIdFromUrl(page: Page): string {
  const m = /\/session\/([^/?#]+)/.exec(page.url());
  if (!m) throw new Error(`not on a session page: ${page.url()}`);
  return m[1];
}

export const VIDEO = 'video[data-testid="baseline-video"]';

/** Waits until the question is shown (the player paused at the query point). */
export async function waitForQuestion(page: Page, timeout = 30_000): Promise<void> {
  await expect(page.getByTestId("question")).toBeVisible({ timeout });
}

export type ServeRow = { at: string; segmentIndex: number; allowed: boolean; reason: string; bytes: number };

/** The session's media requests as the admin sees them in the playback log (GET …/sessions/[id]/log). */
export async function serveLog(request: APIRequestContext, studyId: string, sessionId: string): Promise<ServeRow[]> {
  const res = await request.get(`/api/studies/${studyId}/sessions/${sessionId}/log`);
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { events: ({ kind: string } & ServeRow)[] };
  return body.events.filter((e) => e.kind === "serve");
}

/** Indices of the video segments (>= 0) served with bytes. */
export const servedSegments = (rows: ServeRow[]) => rows.filter((r) => r.allowed && r.segmentIndex >= 0).map((r) => r.segmentIndex);
