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

/**
 * A project whose items use these videos (one item per video), with these members: what makes a
 * library video visible to a reviewer or annotator (lib/video-library/video-access.ts).
 */
export async function projectUsingVideos(name: string, videoIds: string[], members: { id: string; role: Role | string }[] = []): Promise<string> {
  const project = await db.project.create({ data: { name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"), benchmark: "CUSTOM", settings: {} } });
  for (const [ordinal, videoId] of videoIds.entries()) {
    await db.item.create({
      data: { projectId: project.id, externalId: `v${ordinal}`, ordinal, format: "custom", question: "?", presentation: {}, labels: {}, videoRef: `${videoId}.mp4`, videoId },
    });
  }
  await addMembers(project.id, ...members);
  return project.id;
}
