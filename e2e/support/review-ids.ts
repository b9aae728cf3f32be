import { expect, type APIRequestContext } from "@playwright/test";
import { projectIdByName } from "./baseline";
import { addDemoMembers } from "./members";

/**
 * Real ids of the review pages for specs that visit them (e2e/ui-*.spec.ts, e2e/a11y-pages.spec.ts):
 * the seeded demo double-review project's disputed adjudications (scripts/seed.ts), and judge runs
 * a spec creates itself (a VSAS project with a run of responses, an EC-Bench enumeration project
 * with a model run), as e2e/review-judge.spec.ts does.
 */

export const DEMO_DOUBLE_PROJECT = "Demo: double review";

/** Ids of the demo double-review project's adjudications with this status (as a reviewer or admin). */
export async function demoAdjudicationIds(request: APIRequestContext, status: "DISPUTED" | "AGREED" | "RESOLVED"): Promise<string[]> {
  const projectId = await projectIdByName(request, DEMO_DOUBLE_PROJECT);
  const res = await request.get(`/api/projects/${projectId}/adjudications?status=${status}`);
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { rows: { id: string }[] };
  return body.rows.map((r) => r.id);
}

const VSAS_TASK = (id: string) => ({ task_id: id, video: "demo-cfr30.mp4", task_type: "Present", prompt: "What is on screen?", fps: 1, captions: [0, 1, 2, 3].map((t) => ({ t, text: `caption ${t}` })) });
const EC_HEADER = "video_url,video_id,video_type,question_id,question_type,task_type,question,clips,answer,count_details";
const EC_ROW = ',demo-cfr30.mp4,cartoon,7,B,Enumeration,List the vehicles.,"[0:00:01,0:00:03]","fire truck, ambulance, police car",';

async function importProject(admin: APIRequestContext, kind: string, name: string, fileName: string, text: string): Promise<string> {
  const res = await admin.post(`/api/projects?kind=${kind}&name=${encodeURIComponent(name)}`, { data: Buffer.from(text), headers: { "content-type": "application/octet-stream", "x-file-name": fileName } });
  expect(res.status(), await res.text()).toBe(201);
  const id = await projectIdByName(admin, name);
  await addDemoMembers(admin, id, ["REVIEWER"]);
  return id;
}

async function uploadRun(admin: APIRequestContext, projectId: string, name: string, fileName: string, text: string): Promise<string> {
  const res = await admin.post(`/api/projects/${projectId}/runs?name=${encodeURIComponent(name)}`, { data: Buffer.from(text), headers: { "content-type": "application/octet-stream", "x-file-name": fileName } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { run: { id: string } }).run.id;
}

export type JudgeRuns = { vsas: { projectId: string; runId: string; itemId: string }; ec: { projectId: string; runId: string; itemId: string } };

/** A VSAS project with a run of responses and an EC-Bench project with an enumeration model run (as an admin). */
export async function createJudgeRuns(admin: APIRequestContext, tag: string): Promise<JudgeRuns> {
  const vsasProject = await importProject(admin, "vsas", `E2E ${tag} VSAS`, "tasks.jsonl", `${JSON.stringify(VSAS_TASK(`${tag}-1`))}\n`);
  const vsasRun = await uploadRun(admin, vsasProject, "Model V", "responses.jsonl", [0, 1, 2].map((t) => JSON.stringify({ task_id: `${tag}-1`, t, response: `response ${t}` })).join("\n") + "\n");
  const ecProject = await importProject(admin, "ecbench", `E2E ${tag} EC`, "dataset.csv", `${EC_HEADER}\n${EC_ROW}\n`);
  const ecRun = await uploadRun(admin, ecProject, "Model E", "preds.csv", `${EC_HEADER},model_A\n${EC_ROW},"Fire engine, ambulance, bicycle"\n`);
  const firstItem = async (projectId: string) => {
    const res = await admin.get(`/api/projects/${projectId}/items`);
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { items: { id: string }[] }).items[0].id;
  };
  return {
    vsas: { projectId: vsasProject, runId: vsasRun, itemId: await firstItem(vsasProject) },
    ec: { projectId: ecProject, runId: ecRun, itemId: await firstItem(ecProject) },
  };
}
