import "server-only";
import { annotationDocumentSchema, type AnnotationDocument } from "@/lib/annotation/document";
import { db } from "@/lib/db/prisma";
import { derivedResult } from "@/lib/derived/derived-result";
import { inputHash } from "@/lib/derived/input-hash";
import { compareAnnotations } from "./compare";
import { buildDashboard, TRUTH, type Dashboard, type DashboardOptions, type DashboardRecord, type Submission } from "./dashboard";
import type { ItemExport } from "./export";
import { fromStoredAgreement } from "./stored-agreement";
import { reviewThresholdsFromSettings } from "./thresholds";
import { reviewVideoContext } from "./review-video-context";

/**
 * The agreement dashboard of a project (issue 12; docs/annotation/review.md): reads the project's
 * double-review Adjudication rows (their stored agreement, `fromStoredAgreement`), compares every
 * compared annotation of an AGREED / RESOLVED item with the item's final (adjudicated or
 * auto-merged) document, reads the submitted ANNOTATE tasks (throughput: time spent per item),
 * and calls `buildDashboard`. Access is checked by the caller (admins and reviewer members).
 *
 * The dashboard (1,000 bootstrap resamples per figure: about a second at 10,000 items) is computed
 * once per change of its inputs and kept in DerivedResult (lib/derived), shared by every instance:
 * the page and every download read it back while the records, the submissions and the options
 * hash the same; a new annotation, adjudication or submitted task changes them and the next read
 * computes it again.
 */

export const AGREEMENT_DASHBOARD = "agreement.dashboard";
export const agreementDashboardKey = (projectId: string) => `${AGREEMENT_DASHBOARD}:${projectId}`;

export type AgreementData = {
  dashboard: Dashboard;
  /** Every double-reviewed item: its annotators' agreement, their documents and the resolution. */
  items: ItemExport[];
  /** Records of the annotations against the final documents (annotators [author, "truth"]). */
  truthRecords: DashboardRecord[];
  /** Display names of the user ids the figures name. */
  names: Record<string, string>;
  adjudications: number;
};

const FINAL = new Set(["AGREED", "RESOLVED"]);

function parseDoc(data: unknown): AnnotationDocument | null {
  const r = annotationDocumentSchema.safeParse(data);
  return r.success ? r.data : null;
}

type Decision = { differenceId: string; resolution: string };

/** The stored provenance (resolve-adjudication.ts / auto-merge): one {differenceId, resolution} per difference. */
function decisionsOf(v: unknown): Decision[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((d): d is Record<string, unknown> => !!d && typeof d === "object")
    .map((d) => ({ differenceId: String(d.differenceId ?? ""), resolution: String(d.resolution ?? "") }));
}

export async function loadAgreementData(projectId: string, opts: DashboardOptions = {}): Promise<AgreementData> {
  const project = await db.project.findUniqueOrThrow({ where: { id: projectId }, select: { settings: true } });
  const thresholds = reviewThresholdsFromSettings(project.settings);
  const rows = await db.adjudication.findMany({
    where: { projectId, kind: "double" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      itemId: true,
      status: true,
      agreement: true,
      resolution: true,
      decisions: true,
      resolvedById: true,
      item: { select: { externalId: true, video: { select: { avgFrameRate: true, frameCount: true, durationSec: true } } } },
    },
  });
  const stored = rows.map((r) => ({ row: r, agreement: fromStoredAgreement(r.agreement) })).filter((x) => x.agreement !== null);
  const annotationIds = stored.flatMap((x) => x.agreement!.annotationIds);
  const annotations = await db.annotation.findMany({ where: { id: { in: annotationIds } }, select: { id: true, data: true, authorId: true } });
  const byId = new Map(annotations.map((a) => [a.id, a]));

  const records: DashboardRecord[] = [];
  const truthRecords: DashboardRecord[] = [];
  const items: ItemExport[] = [];
  for (const { row, agreement } of stored) {
    const a = agreement!;
    const record: DashboardRecord = { itemId: row.itemId, annotators: a.annotators, comparison: a.comparison };
    records.push(record);
    const documents = a.annotationIds.map((id) => parseDoc(byId.get(id)?.data));
    const final = FINAL.has(row.status) ? parseDoc(row.resolution) : null;
    items.push({
      ...record,
      documents: documents.every((d) => d !== null) ? (documents as AnnotationDocument[]) : undefined,
      resolution: final ? { document: final, resolvedBy: row.resolvedById, decisions: decisionsOf(row.decisions) } : null,
    });
    if (!final) continue;
    documents.forEach((doc, i) => {
      if (!doc) return;
      try {
        const comparison = compareAnnotations([doc, final], { ...reviewVideoContext(row.item.video, [doc, final]), thresholds });
        truthRecords.push({ itemId: row.itemId, annotators: [a.annotators[i], TRUTH], comparison });
      } catch {
        // A document that cannot be compared with the final one (another benchmark or subtype) has no figure.
      }
    });
  }

  const tasks = await db.task.findMany({
    where: { projectId, kind: "ANNOTATE", status: "SUBMITTED", userId: { not: null } },
    select: { userId: true, itemId: true, timeSpentMs: true },
  });
  const submissions: Submission[] = tasks.map((t) => ({ annotatorId: t.userId as string, itemId: t.itemId, elapsedMs: Math.max(0, t.timeSpentMs) }));

  const all = [...records, ...truthRecords];
  const { value: dashboard } = await derivedResult<Dashboard>({
    key: agreementDashboardKey(projectId),
    kind: AGREEMENT_DASHBOARD,
    inputHash: inputHash({ records: all, submissions, opts }),
    compute: () => buildDashboard(all, submissions, opts),
  });
  const ids = new Set([...records.flatMap((r) => r.annotators), ...submissions.map((s) => s.annotatorId)]);
  ids.delete(TRUTH);
  const users = await db.user.findMany({ where: { id: { in: [...ids] } }, select: { id: true, name: true, email: true } });
  const names: Record<string, string> = { [TRUTH]: "final" };
  for (const u of users) names[u.id] = u.name || u.email;
  return { dashboard, items, truthRecords, names, adjudications: rows.length };
}
