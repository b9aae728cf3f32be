import "server-only";
import { csvText } from "@/lib/csv/write-csv";
import type { Db } from "@/lib/db/prisma";
import { uploadRun } from "@/lib/runs/score-run";
import { demoFormProjects } from "./demo-form-items";
import { DEMO_EC_ANSWERS, DEMO_EC_RUN, DEMO_VSAS_RESPONSES, DEMO_VSAS_RUN } from "./demo-judging-runs";
import { DEMO_ACCOUNTS } from "./seed-demo";

/**
 * A demo run with VSAS live responses and one with an EC-Bench enumeration answer, uploaded as any
 * prediction file is (lib/runs `uploadRun`: parsed, scored, stored), on the answer-form demo
 * projects of those benchmarks, so a new reviewer finds both judge queues (/review/judge) with
 * work: 10 seconds to grade, 1 enumeration answer to match. Idempotent: an existing run is kept.
 */
export async function seedDemoJudging(db: Db): Promise<{ runs: number; created: number }> {
  const admin = await db.user.findUnique({ where: { email: DEMO_ACCOUNTS.find((a) => a.role === "ADMIN")!.email }, select: { id: true } });
  const specs = demoFormProjects();
  const vsas = specs.find((p) => p.benchmark === "VSAS")!;
  const ec = specs.find((p) => p.benchmark === "ECBENCH")!;
  const runs = [
    { project: vsas.name, name: DEMO_VSAS_RUN, fileName: "demo-live-responses.jsonl", text: DEMO_VSAS_RESPONSES.map((r) => JSON.stringify({ task_id: vsas.items[0].externalId, ...r })).join("\n") + "\n" },
    { project: ec.name, name: DEMO_EC_RUN, fileName: "demo-enumeration.csv", text: csvText([["question_id", "demo_A"], ...Object.entries(DEMO_EC_ANSWERS)]) },
  ];
  let created = 0;
  for (const r of runs) {
    const project = await db.project.findUnique({ where: { name: r.project }, select: { id: true } });
    if (!project) continue;
    if (await db.modelRun.findFirst({ where: { projectId: project.id, name: r.name }, select: { id: true } })) continue;
    await uploadRun({ project: project.id, name: r.name, text: r.text, fileName: r.fileName, actorId: admin?.id ?? null });
    created++;
  }
  return { runs: runs.length, created };
}
