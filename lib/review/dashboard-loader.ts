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
 * The dashboard (the annotations compared with the final documents, then 1,000 bootstrap
 * resamples per figure: about 2 s of CPU at 10,000 items) is computed once per change of its inputs
 * and kept in DerivedResult (lib/derived), shared by every instance: the page and every download
 * read it back while the inputs' versions hash the same (each adjudication's and annotation's
 * version and last write, the submitted tasks' times, the thresholds, the options); a new or
 * edited annotation, adjudication or submitted task changes them and the next read computes it
 * again.
 */

export const AGREEMENT_DASHBOARD = "agreement.dashboard";
export const agreementDashboardKey = (projectId: string) => `${AGREEMENT_DASHBOARD}:${projectId}`;

export type AgreementData = {
  dashboard: Dashboard;
  /** Every double-reviewed item: its annotators' agreement, their documents and the resolution. */
  items: ItemExport[];
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

/**
 * Records of each annotation against its item's final (adjudicated or auto-merged) document
 * (annotators [author, TRUTH]): only computed with the dashboard, when its inputs changed.
 */
function truthRecordsOf(
  finals: ReadonlyArray<{ itemId: string; annotators: string[]; documents: (AnnotationDocument | null)[]; final: AnnotationDocument; video: Parameters<typeof reviewVideoContext>[0] }>,
  thresholds: ReturnType<typeof reviewThresholdsFromSettings>,
): DashboardRecord[] {
  const out: DashboardRecord[] = [];
  for (const f of finals) {
    f.documents.forEach((doc, i) => {
      if (!doc) return;
      try {
        const comparison = compareAnnotations([doc, f.final], { ...reviewVideoContext(f.video, [doc, f.final]), thresholds });
        out.push({ itemId: f.itemId, annotators: [f.annotators[i], TRUTH], comparison });
      } catch {
        // A document that cannot be compared with the final one (another benchmark or subtype) has no figure.
      }
    });
  }
  return out;
}

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
      id: true,
      itemId: true,
      status: true,
      agreement: true,
      resolution: true,
      decisions: true,
      resolvedById: true,
      version: true,
      updatedAt: true,
      item: { select: { externalId: true, video: { select: { avgFrameRate: true, frameCount: true, durationSec: true } } } },
    },
  });
  const stored = rows.map((r) => ({ row: r, agreement: fromStoredAgreement(r.agreement) })).filter((x) => x.agreement !== null);
  const annotationIds = stored.flatMap((x) => x.agreement!.annotationIds);
  const annotations = await db.annotation.findMany({ where: { id: { in: annotationIds } }, select: { id: true, data: true, authorId: true, version: true, updatedAt: true } });
  const byId = new Map(annotations.map((a) => [a.id, a]));

  const records: DashboardRecord[] = [];
  const items: ItemExport[] = [];
  const finals: Array<{ itemId: string; annotators: string[]; documents: (AnnotationDocument | null)[]; final: AnnotationDocument; video: (typeof rows)[number]["item"]["video"] }> = [];
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
    if (final) finals.push({ itemId: row.itemId, annotators: a.annotators, documents, final, video: row.item.video });
  }

  const tasks = await db.task.findMany({
    where: { projectId, kind: "ANNOTATE", status: "SUBMITTED", userId: { not: null } },
    orderBy: { id: "asc" },
    select: { id: true, userId: true, itemId: true, timeSpentMs: true },
  });
  const submissions: Submission[] = tasks.map((t) => ({ annotatorId: t.userId as string, itemId: t.itemId, elapsedMs: Math.max(0, t.timeSpentMs) }));

  // The inputs' versions: every row the figures come from, with its version and last write (each
  // write of an adjudication or annotation bumps both), the tasks' times, the thresholds, the
  // videos' timing and the options. Small to hash, whatever the size of the documents.
  const versions = {
    opts,
    settings: project.settings,
    adjudications: rows.map((r) => [r.id, r.itemId, r.status, r.version, r.updatedAt.getTime(), r.item.video]),
    annotations: annotations.map((x) => [x.id, x.authorId, x.version, x.updatedAt.getTime()]).sort((p, q) => String(p[0]).localeCompare(String(q[0]))),
    tasks: tasks.map((t) => [t.id, t.userId, t.itemId, t.timeSpentMs]),
  };
  const { value: dashboard } = await derivedResult<Dashboard>({
    key: agreementDashboardKey(projectId),
    kind: AGREEMENT_DASHBOARD,
    inputHash: inputHash(versions),
    compute: () => buildDashboard([...records, ...truthRecordsOf(finals, thresholds)], submissions, opts),
  });
  const ids = new Set([...records.flatMap((r) => r.annotators), ...submissions.map((s) => s.annotatorId)]);
  ids.delete(TRUTH);
  const users = await db.user.findMany({ where: { id: { in: [...ids] } }, select: { id: true, name: true, email: true } });
  const names: Record<string, string> = { [TRUTH]: "final" };
  for (const u of users) names[u.id] = u.name || u.email;
  return { dashboard, items, names, adjudications: rows.length };
}
