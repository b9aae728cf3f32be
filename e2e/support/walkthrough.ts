import { expect, type Browser, type Locator, type Page } from "@playwright/test";
import type { AnnotationDocument } from "@/lib/annotation/document";
import { claimNext, FPS, importForAnnotator, submit } from "./forms";
import { tabUntil } from "./keys";
import { signIn } from "./sign-in";
import { openWorkspace, settledFrame, storedDocument } from "./workspace";

/**
 * The walkthroughs of every panel (e2e/annotate-walkthrough-keyboard.spec.ts, -mouse.spec.ts):
 * the items of each benchmark on the demo video (30 fps, 300 frames), opening one task each, and
 * the stored document reduced to what an annotator enters (no ids, times as frames), so a whole
 * document can be compared with what was entered.
 */

const vc = (id: string, subtype: string, counting: string, extra: Record<string, unknown>) => ({
  id,
  source_dataset: "Demo",
  video_path: "demo-cfr30.mp4",
  question: `Walkthrough ${subtype}`,
  counting_type: counting,
  counting_subtype: subtype,
  ...extra,
});

export const RECORDS = {
  e1: (id: string) => vc(id, "E1-Action", "E1", { occurrence_times: [1.0], query_points: { time: [2.0, 5.0, 8.0], count: [1, 1, 1] } }),
  e2: (id: string) => vc(id, "E2-Periodic", "E2", { occurrence_times: { start: [1.0], end: [2.0] }, query_points: { time: [3.0, 6.0, 9.0], count: [1, 1, 1] } }),
  snap: (id: string) => vc(id, "O1-Snap", "O1", { occurrence_times: [2.0, 5.0, 8.0], query_points: { time: [2.0, 5.0, 8.0], count: [1, 2, 1] } }),
  delta: (id: string) => vc(id, "O1-Delta", "O1", { occurrence_times: { start: [1.0], end: [8.0] }, query_points: { time: [8.0], count: [1] } }),
  gain: (id: string) => vc(id, "O2-Gain", "O2", { occurrence_times: { start: [1.0], end: [8.0] }, query_points: { time: [8.0], count: [2] } }),
};

export const EC_CSV =
  "video_url,video_id,video_type,question_id,question_type,task_type,question,clips,answer\n" +
  ',demo-cfr30.mp4,synthetic,WALK,A,Counting,"How many times does an object disappear?","[0:00:04,0:00:06]",3\n';

const TOC_META = { dim: "presence", tier: "tier1", hallucination: null, has_hallucination_distractor: false };
export const tocFile = (id: string) =>
  JSON.stringify({
    benchmark: "TOC-Bench",
    subset: "answer",
    total_items: 1,
    format_counts: { mcq_4: 1 },
    video_count: 1,
    items: [{ qa_id: id, video_id: "demo-cfr30", format: "mcq_4", question: "Which object is visible at 5 seconds?", option_A: "A red box", option_B: "A yellow circle", option_C: "A green box", option_D: "A purple box", correct_answer: "B", metadata: TOC_META }],
  });

export const vstatFile = (id: string) =>
  JSON.stringify({
    version: "e2e",
    data: {
      demo_shapes: [
        { id, source_task: "demo_shapes", video_id: "demo-cfr30", video_path: "demo-cfr30.mp4", question: "What colour is the first object to appear?", choices: ["green", "red", "yellow", "blue"], answer: "B", answer_index: 1, state_element: "attribute", state_structure: "atomic", perceptual_challenges: [] },
      ],
    },
  });

export const vsasTask = (id: string) => ({ task_id: id, video: "demo-cfr30.mp4", task_type: "Present", prompt: "Say what you see.", fps: 1, captions: Array.from({ length: 5 }, (_, s) => `caption ${s}`) });

/** Imports one item, signs the annotator in, claims its task and opens the workspace. */
export async function openOne(page: Page, browser: Browser, kind: string, fileName: string, text: string): Promise<{ taskId: string; close: () => Promise<void> }> {
  const { admin, projectId } = await importForAnnotator(browser, kind, fileName, text);
  await signIn(page, "ANNOTATOR");
  const taskId = await claimNext(page.request, projectId);
  await openWorkspace(page, taskId);
  return { taskId, close: () => admin.context.close() };
}

/** The stored document without ids and seconds (frames are the truth of a time): what was entered. */
export function entered(doc: AnnotationDocument): unknown {
  switch (doc.benchmark) {
    case "VCBENCH":
      return {
        subtype: doc.subtype,
        moments: doc.moments.map((m) => [m.at.frame, m.label]),
        occurrences: doc.occurrences.map((o) => [o.start.frame, o.end?.frame ?? null, o.label, o.splits.map((s) => s.at.frame)]),
        identities: doc.identities.map((x) => [x.key, x.firstAppearance.frame, x.note]),
        window: doc.window ? [doc.window.start.frame, doc.window.end.frame] : null,
        countAtStart: doc.countAtStart,
        countAtEnd: doc.countAtEnd,
        queryPoints: doc.queryPoints.map((q) => [q.at.frame, q.count]),
        notes: doc.notes,
      };
    case "ECBENCH":
      return { feasible: doc.feasible, invalidReason: doc.invalidReason, answer: doc.answer, answerRevised: doc.answerRevised, evidence: doc.evidence.map((s) => [s.start.sec, s.end?.sec ?? null, s.label]), notes: doc.notes };
    case "VSAS":
      return { captions: doc.captions.map((c) => [c.second, c.text, c.corrected, c.inconsistentWith]), notes: doc.notes };
    default: {
      const { benchmark: _b, v: _v, ...rest } = doc;
      return rest;
    }
  }
}

/** Submits (through the UI) and checks the stored, submitted document equals `expected`. */
export async function expectStored(page: Page, taskId: string, expected: unknown, how: "click" | "keys"): Promise<void> {
  if (how === "click") await submit(page);
  else {
    await tabTo(page, page.getByTestId("submit-annotation"));
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("read-only-note")).toBeVisible({ timeout: 15_000 });
  }
  const stored = await storedDocument(page.request, taskId);
  expect(entered(stored.data)).toEqual(expected);
}

// ── keyboard only ──

/** Moves keyboard focus to `target` with Tab (forwards, wrapping round the page). */
export async function tabTo(page: Page, target: Locator): Promise<void> {
  await tabUntil(page, () => target.evaluate((el) => el === document.activeElement), 250);
}

/** Leaves a text field (Escape) so that the next keys are shortcuts, not text. */
export async function leaveField(page: Page): Promise<void> {
  const typing = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return !!el && (el.tagName === "TEXTAREA" || (el.tagName === "INPUT" && !["checkbox", "radio", "button", "submit"].includes((el as HTMLInputElement).type)));
  });
  if (typing) await page.keyboard.press("Escape");
}

/**
 * Seeks from the frame shown to `frame` with the registry's keys only (Shift+→ / Shift+← 1 s, → / ←
 * 1 frame), checked on the picture. A second is a step on the video's time line (to the frame
 * shown then), so it may land a frame either side of FPS frames away: the frame is read off the
 * picture again after the second steps, and the frame steps, which are exact, do the rest.
 */
export async function seekByKeys(page: Page, frame: number): Promise<void> {
  await leaveField(page);
  let at = await settledFrame(page);
  if (Math.abs(frame - at) >= FPS) {
    while (Math.abs(frame - at) >= FPS) {
      await page.keyboard.press(frame > at ? "Shift+ArrowRight" : "Shift+ArrowLeft");
      at += frame > at ? FPS : -FPS;
    }
    at = await settledFrame(page);
  }
  while (at !== frame) {
    await page.keyboard.press(frame > at ? "ArrowRight" : "ArrowLeft");
    at += frame > at ? 1 : -1;
  }
  expect(await settledFrame(page)).toBe(frame);
}

/** Tabs to a button and presses it with Enter. */
export async function pressButton(page: Page, button: Locator): Promise<void> {
  await leaveField(page);
  await tabTo(page, button);
  await page.keyboard.press("Enter");
}

/** Tabs to a text field and types `text` (replacing what is there). */
export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await leaveField(page);
  await tabTo(page, field);
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}
