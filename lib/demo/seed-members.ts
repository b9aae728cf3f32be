import "server-only";
import type { Db } from "@/lib/db/prisma";
import { demoFormProjects } from "./demo-form-items";
import { DEMO_ACCOUNTS, DEMO_PROJECT_NAME } from "./seed-demo";

/**
 * Makes the demo reviewer and annotator members of every demo project (project role = their
 * account role): reviewers and annotators see only the projects they are members of
 * (lib/projects/access.ts), so without this the demo accounts would see none. Idempotent; an
 * existing membership keeps its project role.
 */
export async function seedDemoMembers(db: Db): Promise<{ memberships: number }> {
  const names = [DEMO_PROJECT_NAME, ...demoFormProjects().map((p) => p.name)];
  const [projects, users] = await Promise.all([
    db.project.findMany({ where: { name: { in: names } }, select: { id: true } }),
    db.user.findMany({ where: { email: { in: DEMO_ACCOUNTS.filter((a) => a.role === "REVIEWER" || a.role === "ANNOTATOR").map((a) => a.email) } }, select: { id: true, role: true } }),
  ]);
  let memberships = 0;
  for (const project of projects) {
    for (const user of users) {
      await db.projectMember.upsert({
        where: { projectId_userId: { projectId: project.id, userId: user.id } },
        create: { projectId: project.id, userId: user.id, role: user.role },
        update: {},
      });
      memberships++;
    }
  }
  return { memberships };
}
