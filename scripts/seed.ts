/**
 * Seeds demo data (idempotent): one account per role, the demo videos, the demo project and the
 * answer-form demo projects (one per benchmark, used by the baseline e2e specs), with the demo
 * reviewer and annotator as members of every demo project and an annotation task for the demo
 * annotator on every demo item; the double-review demo project (k = 2), where both demo annotators
 * submit a few items through the real task, save and submit functions (agreed and disputed items);
 * two demo model runs (VSAS live responses, an EC-Bench enumeration answer) for the judge queues.
 *
 *   tsx scripts/seed.ts [--videos <dir>]
 *
 * New accounts get random passwords, printed once and saved to <data dir>/demo-credentials.txt
 * (mode 600); PLAYHEAD_DEMO_PASSWORD sets one fixed password instead (tests).
 */
import { appendFileSync, existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { dataDir } from "@/lib/config/data-dir";
import { db } from "@/lib/db/prisma";
import { seedDemoAccounts, seedDemoFormProjects, seedDemoProject } from "@/lib/demo/seed-demo";
import { seedDemoDoubleReview } from "@/lib/demo/seed-double-review";
import { seedDemoJudging } from "@/lib/demo/seed-judging";
import { seedDemoMembers } from "@/lib/demo/seed-members";
import { seedDemoTasks } from "@/lib/demo/seed-tasks";
import { importDirectory } from "@/lib/video-library/import-directory";

async function main() {
  const { values } = parseArgs({ options: { videos: { type: "string" } } });
  const accounts = await seedDemoAccounts(db, process.env.PLAYHEAD_DEMO_PASSWORD || undefined);
  const admin = await db.user.findUniqueOrThrow({ where: { email: accounts[0].email }, select: { id: true } });

  if (values.videos) {
    if (!existsSync(values.videos)) throw new Error(`--videos ${values.videos}: no such directory`);
    const summary = await importDirectory(path.resolve(values.videos), { actorId: admin.id, log: () => {} });
    console.log(`demo videos: ${summary.imported} imported, ${summary.skipped} already there, ${summary.rejected + summary.failed} refused`);
  }
  const project = await seedDemoProject(db);
  console.log(`demo project: ${project.items} items (${project.created} new)`);
  const forms = await seedDemoFormProjects(db);
  console.log(`answer-form demo projects: ${forms.projects} (${forms.created} new items)`);
  const members = await seedDemoMembers(db);
  console.log(`demo reviewer and annotator: members of the demo projects (${members.memberships} memberships)`);
  const tasks = await seedDemoTasks(db);
  console.log(`demo annotator: annotation tasks on every demo item (${tasks.tasks} tasks, ${tasks.created} new)`);
  const double = await seedDemoDoubleReview(db);
  console.log(`demo double-review project: ${double.created} new items, ${double.submitted} passes submitted by the two demo annotators`);
  const judging = await seedDemoJudging(db);
  console.log(`demo judge queues: ${judging.runs} demo model runs (VSAS live responses, EC-Bench enumeration; ${judging.created} new)`);

  const fresh = accounts.filter((a) => a.password);
  const file = path.join(dataDir(), "demo-credentials.txt");
  if (fresh.length) {
    const lines = fresh.map((a) => `${a.role.padEnd(12)} ${a.email.padEnd(28)} ${a.password}`).join("\n") + "\n";
    if (!existsSync(file)) writeFileSync(file, "# Playhead demo accounts (role, email, password)\n", { mode: 0o600 });
    appendFileSync(file, lines);
  }
  console.log("\nDemo accounts (role, email, password):");
  for (const a of accounts) {
    console.log(`  ${a.role.padEnd(12)} ${a.email.padEnd(28)} ${a.password ?? `(unchanged; see ${file})`}`);
  }
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => db.$disconnect());
