/**
 * Project membership for tests (import after tests/support/test-db). Reviewers and annotators see
 * only the projects they are members of (lib/projects/access.ts).
 *
 *   await addMembers(projectId, reviewer, annotator);   // project role = account role
 */
import type { Role } from "@/lib/db/types";
import { db } from "./test-db";

export async function addMembers(projectId: string, ...users: { id: string; role: Role | string }[]): Promise<void> {
  for (const user of users) {
    const role = user.role as Role;
    await db.projectMember.upsert({
      where: { projectId_userId: { projectId, userId: user.id } },
      create: { projectId, userId: user.id, role },
      update: { role },
    });
  }
}
