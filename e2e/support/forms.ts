import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import type { WorkspacePayload } from "@/lib/annotation/api-schemas";
import { adminSession, type Admin } from "./baseline";
import { addDemoMembers } from "./members";
import { clickTimelineAt, openWorkspace, settledFrame } from "./workspace";

/**
 * Helpers of the benchmark panel specs (e2e/annotate-<benchmark>-*.spec.ts): each spec imports its
 * own small project in the benchmark's native format on the demo video demo-cfr30.mp4 (30 fps,
 * 300 frames, in-picture frame index), makes the demo annotator a member, puts every item in the
 * pool, and the annotator claims the tasks; submitted truth is read back as the admin.
 */
export const FPS = 30;

export async function importForAnnotator(browser: Browser, kind: string, fileName: string, text: string): Promise<{ admin: Admin; projectId: string; name: string }> {
  const admin = await adminSession(browser);
  const name = `E2E panels ${kind} ${Date.now()}`;
  const res = await admin.request.post(`/api/projects?kind=${kind}&name=${encodeURIComponent(name)}`, {
    data: Buffer.from(text),
    headers: { "content-type": "application/octet-stream", "x-file-name": fileName },
  });
  expect(res.status(), await res.text()).toBe(201);
  const projects = (await (await admin.request.get("/api/projects")).json()) as { projects: { id: string; name: string }[] };
  const projectId = projects.projects.find((p) => p.name === name)!.id;
  await addDemoMembers(admin.request, projectId, ["ANNOTATOR"]);
  const tasks = await admin.request.post(`/api/projects/${projectId}/tasks`, { data: { items: { all: true }, assignees: [] } });
  expect(tasks.status(), await tasks.text()).toBe(201);
  return { admin, projectId, name };
}

/** The annotator claims the project's next pooled task. */
export async function claimNext(request: APIRequestContext, projectId: string): Promise<string> {
  const res = await request.post("/api/me/tasks/next", { data: { projectId } });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { taskId: string | null };
  expect(body.taskId, "a pooled task was claimed").toBeTruthy();
  return body.taskId!;
}

/** Claims every pooled task of the project: externalId -> taskId. */
export async function claimAll(request: APIRequestContext, projectId: string, count: number): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const taskId = await claimNext(request, projectId);
    out.set((await payloadOf(request, taskId)).item.externalId, taskId);
  }
  return out;
}

export async function payloadOf(request: APIRequestContext, taskId: string): Promise<WorkspacePayload> {
  const res = await request.get(`/api/annotate/tasks/${taskId}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as WorkspacePayload;
}

/** Seeks the workspace player to exactly `frame` (timeline click), checked on the picture. */
export async function seekFrame(page: Page, frame: number): Promise<void> {
  await clickTimelineAt(page, (frame + 0.5) / FPS);
  expect(await settledFrame(page)).toBe(frame);
}

export async function reopen(page: Page, taskId: string): Promise<void> {
  await page.reload();
  await openWorkspace(page, taskId);
}

export async function submit(page: Page): Promise<void> {
  await page.getByTestId("submit-annotation").click();
  await expect(page.getByTestId("read-only-note")).toBeVisible({ timeout: 15_000 });
}

export type ItemDetail = {
  status: string;
  removalReason?: string | null;
  question: string;
  presentation: Record<string, unknown>;
  labels: Record<string, unknown>;
  truth: { answer: unknown; source: Record<string, unknown> } | null;
  queryPoints: { timeSec: number; frameIndex: number | null }[];
  spans: { source: string; startSec: number; endSec: number }[];
};

export async function itemDetail(adminRequest: APIRequestContext, projectId: string, itemId: string): Promise<ItemDetail> {
  const res = await adminRequest.get(`/api/projects/${projectId}/items/${itemId}`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { item: ItemDetail }).item;
}
