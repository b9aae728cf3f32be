import { expect, test } from "@playwright/test";
import type { VstatDocument } from "@/lib/annotation/document";
import { claimNext, importForAnnotator, itemDetail, payloadOf, reopen, submit } from "./support/forms";
import { signIn } from "./support/sign-in";
import { openWorkspace, storedDocument, waitSaved } from "./support/workspace";

/**
 * VSTAT taxonomy labels (state element, structure, perceptual challenges multi-select with the
 * paper's names) and QA validation; the item's own labels are the starting point; reload keeps
 * them; submit writes the labels to the item.
 */
const docs = [
  {
    id: "vstat-colour",
    source_task: "demo_shapes",
    video_id: "demo-cfr30",
    video_path: "demo-cfr30.mp4",
    question: "What colour is the first object to appear?",
    choices: ["green", "red", "yellow", "blue"],
    answer: "B",
    answer_index: 1,
    state_element: "attribute",
    state_structure: "atomic",
    perceptual_challenges: [],
  },
];
const file = JSON.stringify({ version: "e2e", data: { demo_shapes: docs } });

test("VSTAT: taxonomy labels and QA validation, kept on reload, written on submit", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { admin, projectId } = await importForAnnotator(browser, "vstat", "vstat.json", file);
  await signIn(page, "ANNOTATOR");
  const taskId = await claimNext(page.request, projectId);
  await openWorkspace(page, taskId);
  const panel = page.getByTestId("vstat-panel");
  await expect(panel.getByTestId("qa-label")).toHaveText("Label: B");
  const element = panel.getByRole("radiogroup", { name: "state element" });
  const structure = panel.getByRole("radiogroup", { name: "state structure" });
  await expect(element.getByLabel("Attribute")).toBeChecked();
  await expect(structure.getByLabel("Atomic")).toBeChecked();

  await element.getByLabel("Location").check();
  await structure.getByLabel("Sequence").check();
  await panel.getByLabel(/^Camera motion/).check();
  await panel.getByLabel(/^Occlusion/).check();
  await panel.getByLabel(/^Homogeneity/).check();
  await panel.getByLabel(/^Homogeneity/).uncheck();
  await panel.getByLabel("Keep as is", { exact: true }).check();
  await waitSaved(page);

  await reopen(page, taskId);
  const doc = (await storedDocument(page.request, taskId)).data as VstatDocument;
  expect(doc).toMatchObject({ stateElement: "location", stateStructure: "sequence", challenges: ["occlusion", "camera_motion"], decision: "keep" });
  await expect(element.getByLabel("Location")).toBeChecked();
  await expect(panel.getByLabel(/^Occlusion/)).toBeChecked();
  await expect(panel.getByLabel(/^Homogeneity/)).not.toBeChecked();

  const { item } = await payloadOf(page.request, taskId);
  await submit(page);
  const detail = await itemDetail(admin.request, projectId, item.id);
  expect(detail.labels).toMatchObject({ state_element: "location", state_structure: "sequence", perceptual_challenges: ["occlusion", "camera_motion"] });
  expect(detail.truth?.answer).toBe("B");
  await admin.context.close();
});
