import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { studyResults } from "@/lib/studies/results";
import { ResultsTable } from "./results-table";
import { StudyItemsEditor } from "./study-items-editor";
import { StudySettingsForm } from "./study-settings-form";
import { StudyStatusControls } from "./study-status-controls";

export const metadata: Metadata = { title: "Study" };
export const dynamic = "force-dynamic";

/** `/admin/studies/[studyId]` — settings, items, opening/closing, the study link, results and exports (ADMIN). */
export default async function StudyPage({ params }: { params: Promise<{ studyId: string }> }) {
  const { studyId } = await params;
  await requireUser(["ADMIN"], `/admin/studies/${studyId}`);
  let results;
  try {
    results = await studyResults(studyId);
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) notFound();
    throw e;
  }
  const { study } = results;
  const [studyItems, projectItems] = await Promise.all([
    db.studyItem.findMany({ where: { studyId }, select: { itemId: true, attentionCheck: true } }),
    db.item.findMany({
      where: { projectId: study.projectId, status: "ACTIVE" },
      orderBy: { ordinal: "asc" },
      select: { id: true, externalId: true, format: true, videoId: true, truth: { select: { itemId: true } } },
    }),
  ]);
  const link = `/s/${studyId}?PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}&SESSION_ID={{%SESSION_ID%}}`;
  return (
    <main className="mx-auto max-w-7xl space-y-6 p-6">
      <div className="flex flex-wrap items-center gap-3">
        <Link href="/admin/studies" className="text-sm text-blue-700 hover:underline">
          ← Studies
        </Link>
        <h1 className="text-2xl font-semibold">{study.name}</h1>
        <Badge tone={study.status === "OPEN" ? "green" : study.status === "DRAFT" ? "neutral" : "amber"}>{study.status}</Badge>
        <Badge tone="blue">{study.protocol === "STREAMING" ? "Streaming" : "Free rewatch"}</Badge>
        <Badge>{study.benchmark}</Badge>
      </div>
      <Card>
        <CardHeader title="Status and study link" />
        <CardBody className="space-y-3 text-sm">
          <StudyStatusControls studyId={studyId} status={study.status} protocol={study.protocol} />
          <p>
            Prolific link (append to this server&apos;s address): <code className="break-all rounded bg-slate-100 px-1">{link}</code>
          </p>
          <p>
            MTurk: <code className="break-all rounded bg-slate-100 px-1">{`/s/${studyId}?workerId=…&assignmentId=…&hitId=…`}</code>. Account holders:{" "}
            <code className="rounded bg-slate-100 px-1">{`/s/${studyId}`}</code>
          </p>
        </CardBody>
      </Card>
      <StudySettingsForm studyId={studyId} status={study.status} settings={study.settings} />
      <StudyItemsEditor
        studyId={studyId}
        editable={study.status === "DRAFT"}
        selected={studyItems}
        items={projectItems.map((i) => ({ id: i.id, externalId: i.externalId, format: i.format, hasVideo: !!i.videoId, hasTruth: !!i.truth }))}
      />
      <ResultsTable results={results} />
    </main>
  );
}
