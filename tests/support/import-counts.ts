/** Row counts of the tables an import writes (import after tests/support/test-db). */
import { db } from "./test-db";

export async function tableCounts() {
  const [project, item, itemTruth, queryPoint, evidenceSpan, itemRevision, importJob, auditLog] = await Promise.all([
    db.project.count(),
    db.item.count(),
    db.itemTruth.count(),
    db.queryPoint.count(),
    db.evidenceSpan.count(),
    db.itemRevision.count(),
    db.importJob.count(),
    db.auditLog.count(),
  ]);
  return { project, item, itemTruth, queryPoint, evidenceSpan, itemRevision, importJob, auditLog };
}
