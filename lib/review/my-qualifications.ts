import "server-only";
import { db } from "@/lib/db/prisma";
import type { MyQualification, QualificationStatus } from "./qualification-api-schemas";
import { currentGoldSet, storedDetails } from "./qualification-attempts";
import { scoreOpenAttempts } from "./qualification-record";

/**
 * GET /api/me/qualifications and the queue's Qualification entries: per project where the caller
 * is an ANNOTATOR member and that has a gold set, their state (not started, in progress, passed,
 * failed, retry allowed), their latest attempt's per-kind figures and QUALIFY tasks. Never the
 * gold truth, and not the per-item reasons (they would describe the gold marks).
 */
export async function myQualifications(userId: string): Promise<MyQualification[]> {
  await scoreOpenAttempts({ userId });
  const memberships = await db.projectMember.findMany({ where: { userId, role: "ANNOTATOR" }, select: { project: { select: { id: true, name: true } } }, orderBy: { project: { name: "asc" } } });
  const out: MyQualification[] = [];
  for (const { project } of memberships) {
    const gold = await currentGoldSet(project.id);
    if (!gold) continue;
    const passed = await db.qualification.findFirst({ where: { userId, status: "PASSED", goldSet: { projectId: project.id } }, orderBy: { submittedAt: "desc" }, select: { id: true } });
    const latest = await db.qualification.findFirst({
      where: passed ? { id: passed.id } : { userId, goldSetId: gold.id },
      orderBy: { attempt: "desc" },
      select: {
        id: true,
        attempt: true,
        status: true,
        details: true,
        retryAllowed: true,
        submittedAt: true,
        tasks: { select: { id: true, status: true, item: { select: { externalId: true, ordinal: true } } } },
      },
    });
    const state: MyQualification["state"] = !latest
      ? "not_started"
      : latest.status === "PASSED"
        ? "passed"
        : latest.status === "IN_PROGRESS"
          ? "in_progress"
          : latest.retryAllowed
            ? "retry_allowed"
            : "failed";
    out.push({
      projectId: project.id,
      projectName: project.name,
      goldSetName: gold.name,
      threshold: gold.threshold,
      items: gold.items.length,
      state,
      attempt: latest
        ? {
            id: latest.id,
            attempt: latest.attempt,
            status: latest.status as QualificationStatus,
            figures: storedDetails(latest.details)?.kinds ?? [],
            submittedAt: latest.submittedAt?.toISOString() ?? null,
            tasks: latest.tasks.sort((a, b) => a.item.ordinal - b.item.ordinal).map((t) => ({ id: t.id, status: t.status, externalId: t.item.externalId })),
          }
        : null,
    });
  }
  return out;
}
