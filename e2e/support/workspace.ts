import { expect, type APIRequestContext, type Page } from "@playwright/test";
import type { AnnotationDocument } from "@/lib/annotation/document";
import { settledFrameIndex } from "./frame-index";

/**
 * Helpers of the annotation workspace specs (e2e/annotate-*.spec.ts): the demo annotator's task of
 * a demo item (scripts/e2e-prepare.sh seeds one per item), opening the workspace until the player
 * and the timeline are ready, and reading the stored document through the API.
 */

export async function annotatorTaskId(request: APIRequestContext, externalId: string): Promise<string> {
  const res = await request.get("/api/me/tasks");
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { tasks: { id: string; item: { externalId: string } }[] };
  const task = body.tasks.find((t) => t.item.externalId === externalId);
  expect(task, `the demo annotator has a task on ${externalId}`).toBeTruthy();
  return task!.id;
}

/** Opens /annotate/:taskId and waits for the player (PTS table loaded) and the timeline. */
export async function openWorkspace(page: Page, taskId: string): Promise<void> {
  await page.goto(`/annotate/${taskId}`);
  await expect(page.getByTestId("annotation-workspace")).toBeVisible();
  await expect(page.getByTestId("edit-timeline-canvas")).toBeVisible();
  await expect(page.getByTestId("player-status")).toHaveText(/paused/, { timeout: 15_000 });
  await expect(page.getByTestId("frame-index")).toHaveText(/^\d+$/);
}

/** The frame the readout shows once the player has settled, checked against the picture's own frame index. */
export async function settledFrame(page: Page): Promise<number> {
  await expect(page.getByTestId("player-status")).toHaveText("paused");
  const painted = await settledFrameIndex(page);
  const readout = Number(await page.getByTestId("frame-index").textContent());
  expect(painted, "the frame in the picture equals the frame read-out").toBe(readout);
  return readout;
}

export async function storedDocument(request: APIRequestContext, taskId: string): Promise<{ version: number; data: AnnotationDocument }> {
  const res = await request.get(`/api/annotate/tasks/${taskId}`);
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { annotation: { version: number; data: AnnotationDocument } };
  return body.annotation;
}

export const momentsOf = (doc: AnnotationDocument) => (doc.benchmark === "VCBENCH" ? doc.moments.map((m) => m.at.frame) : []);

export async function waitSaved(page: Page): Promise<number> {
  const status = page.getByTestId("save-status");
  await expect(status).toHaveAttribute("data-status", "saved", { timeout: 15_000 });
  return Number(await status.getAttribute("data-version"));
}

/** Clicks the editing timeline's time axis (never a mark) at `secMiddle` seconds from the start: seeks to the frame shown then. */
export async function clickTimelineAt(page: Page, secMiddle: number): Promise<void> {
  const host = page.getByTestId("edit-timeline");
  const canvas = page.getByTestId("edit-timeline-canvas");
  const start = Number(await host.getAttribute("data-view-start"));
  const end = Number(await host.getAttribute("data-view-end"));
  const labelW = Number(await host.getAttribute("data-label-width"));
  const box = (await canvas.boundingBox())!;
  const x = labelW + ((secMiddle - start) / (end - start)) * (box.width - labelW);
  await canvas.click({ position: { x, y: 10 } });
}
