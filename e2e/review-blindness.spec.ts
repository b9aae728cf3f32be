import { expect, test, type APIResponse, type Page, type Response } from "@playwright/test";
import type { WorkspacePayload } from "@/lib/annotation/api-schemas";
import { payloadOf } from "./support/forms";
import { doubleReviewSetup } from "./support/double-review";

/**
 * Blind passes (docs/annotation/review.md): annotator B stores a pass full of unique marker
 * strings (mark ids, labels, comments, notes); then, as annotator A, every page A can reach is
 * visited (also as a React server component payload, `RSC: 1`) and every annotator API route is
 * requested, including B's task and annotation by id. Nothing A's browser receives may contain a
 * marker, B's task id or B's annotation id: before B submits, and after both submitted (DISPUTED).
 */
const MARK = "ZQ9BLINDMARK";
const MARKERS = [`${MARK}-id-1`, `${MARK}-id-2`, `${MARK} label`, `${MARK} comment`, `${MARK} notes`];

type Captured = { url: string; status: number; text: string };

async function bodyOf(r: Response | APIResponse): Promise<string> {
  try {
    return (await r.body()).toString("latin1");
  } catch {
    return "";
  }
}

test("annotator A's pages, RSC payloads and API answers never carry B's pass", async ({ browser }) => {
  test.setTimeout(240_000);
  const { admin, projectId, itemId, a, b } = await doubleReviewSetup(browser, `blind-${Date.now()}`);

  // B stores a pass through the API (the workspace's own autosave route), full of markers.
  const payloadB: WorkspacePayload = await payloadOf(b.page.request, b.taskId);
  const ft = (frame: number) => ({ frame, sec: Math.round((frame / 30) * 1e6) / 1e6 });
  const docB = {
    ...payloadB.annotation.data,
    notes: MARKERS[4],
    moments: [
      { id: MARKERS[0], at: ft(40), label: MARKERS[2], comment: MARKERS[3] },
      { id: MARKERS[1], at: ft(100), label: "", comment: "" },
    ],
  };
  const saved = await b.page.request.put(`/api/annotations/${payloadB.annotation.id}`, { data: { baseVersion: payloadB.annotation.version, clientSaveId: `blind-${Date.now()}`, data: docB } });
  expect(saved.status(), await saved.text()).toBe(200);
  const annB = payloadB.annotation.id;
  const secrets = [...MARKERS, annB, b.taskId];

  const annA = (await payloadOf(a.page.request, a.taskId)).annotation.id;
  const captured: Captured[] = [];
  const page: Page = a.page;
  page.on("response", async (r) => captured.push({ url: r.url(), status: r.status(), text: await bodyOf(r) }));

  async function crawl() {
    const pages = ["/", "/annotate", `/annotate/${a.taskId}`, `/annotate/${b.taskId}`, "/projects", `/projects/${projectId}`, `/projects/${projectId}/items`, `/projects/${projectId}/items/${itemId}`, `/projects/${projectId}/leaderboard`, "/videos"];
    for (const url of pages) {
      await page.goto(url);
      await page.waitForLoadState("networkidle");
      for (const headers of [{ RSC: "1" }, { RSC: "1", "Next-Router-Prefetch": "1" }] as Record<string, string>[]) {
        const r = await page.request.get(url, { headers });
        captured.push({ url: `${url} [RSC]`, status: r.status(), text: await bodyOf(r) });
      }
    }
    const api = [
      "/api/me/tasks",
      `/api/annotate/tasks/${a.taskId}`,
      `/api/annotate/tasks/${b.taskId}`,
      `/api/annotations/${annA}/revisions`,
      `/api/annotations/${annB}/revisions`,
      `/api/annotations/${annB}/revisions/1`,
      `/api/annotations/${annB}/revisions/2`,
      `/api/projects/${projectId}`,
      `/api/projects/${projectId}/items`,
      `/api/projects/${projectId}/items/${itemId}`,
      `/api/projects/${projectId}/leaderboard/items`,
      "/api/projects",
    ];
    for (const url of api) {
      const r = await page.request.get(url);
      captured.push({ url, status: r.status(), text: await bodyOf(r) });
    }
    for (const [url, data] of [
      [`/api/tasks/${b.taskId}/claim`, {}],
      [`/api/annotations/${annB}/submit`, { baseVersion: 2 }],
    ] as const) {
      const r = await page.request.post(url, { data });
      captured.push({ url: `POST ${url}`, status: r.status(), text: await bodyOf(r) });
    }
    const put = await page.request.put(`/api/annotations/${annB}`, { data: { baseVersion: 1, clientSaveId: `a-${Date.now()}`, data: docB } });
    captured.push({ url: `PUT /api/annotations/${annB}`, status: put.status(), text: await bodyOf(put) });
  }

  function leaks(): string[] {
    const out: string[] = [];
    for (const c of captured) {
      for (const s of secrets) {
        // An id A itself put in the URL may come back (a 404 naming it); markers never may.
        if (c.text.includes(s) && !(c.url.includes(s) && !MARKERS.includes(s))) out.push(`${s} in ${c.url} (${c.status})`);
      }
    }
    return out;
  }

  await crawl();
  expect(captured.length).toBeGreaterThan(40);
  expect(captured.some((c) => c.url.includes(`/annotate/${a.taskId}`) && c.status === 200)).toBe(true);
  expect(leaks()).toEqual([]);

  // Both submit (A through the API too: the UI is covered by review-double-blind.spec.ts): disputed.
  const submitted = await b.page.request.post(`/api/annotations/${annB}/submit`, { data: { baseVersion: 2 } });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const current = await payloadOf(a.page.request, a.taskId);
  const docA = { ...current.annotation.data, moments: [{ id: "a1", at: ft(200), label: "", comment: "" }] };
  const savedA = await a.page.request.put(`/api/annotations/${annA}`, { data: { baseVersion: current.annotation.version, clientSaveId: `a-save-${Date.now()}`, data: docA } });
  expect(savedA.status(), await savedA.text()).toBe(200);
  const version = ((await savedA.json()) as { version: number }).version;
  const submittedA = await a.page.request.post(`/api/annotations/${annA}/submit`, { data: { baseVersion: version } });
  expect(submittedA.status(), await submittedA.text()).toBe(200);
  expect(((await submittedA.json()) as { truthWritten: boolean }).truthWritten).toBe(false);

  captured.length = 0;
  await crawl();
  expect(leaks()).toEqual([]);
  await admin.context.close();
});
