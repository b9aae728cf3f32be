import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { getCurrentUser, signInPath } from "@/lib/auth/current-user";
import { HttpError } from "@/lib/http/http-error";
import { resumeLabel, resumePoint } from "@/lib/protocol/resume-point";
import { IDENTITY_PARAMS } from "@/lib/studies/participant-identity";
import { participation, type Participation } from "@/lib/studies/participation";
import { StaffNotAllowed } from "./_components/staff-not-allowed";
import { ConsentForm } from "./_components/consent-form";

export const metadata: Metadata = { title: "Study" };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ studyId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * `/s/[studyId]` — the study link. With Prolific / MTurk ids in the query it hands over to
 * `/api/studies/[studyId]/enter` (which creates the participant account and signs it in), then
 * shows instructions and consent, then sends the participant to their sessions.
 */
export default async function StudyLandingPage({ params, searchParams }: Props) {
  const { studyId } = await params;
  const search = await searchParams;
  if (IDENTITY_PARAMS.some((k) => k in search) && search.assignmentId !== "ASSIGNMENT_ID_NOT_AVAILABLE") {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(search)) if (typeof v === "string") q.set(k, v);
    redirect(`/api/studies/${encodeURIComponent(studyId)}/enter?${q.toString()}`);
  }
  const user = await getCurrentUser();
  let p: Participation;
  try {
    p = await participation(studyId, user);
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) notFound();
    if (e instanceof HttpError && e.code === "staff_not_allowed") return <StaffNotAllowed />;
    throw e;
  }
  const resume = user && p.consented && p.nextSessionId ? await resumePoint(studyId, user.id) : null;
  const preview = search.preview === "1" || search.assignmentId === "ASSIGNMENT_ID_NOT_AVAILABLE";
  return (
    <main className="mx-auto max-w-3xl space-y-6 p-6">
      <h1 className="text-2xl font-semibold">{p.title}</h1>
      {!p.open && <Alert tone="warning">This study is not open.</Alert>}
      {preview && <Alert tone="info">Preview: accept the task on your platform to take part.</Alert>}
      {p.instructions && (
        <Card>
          <CardHeader title="Instructions" />
          <CardBody className="space-y-2 whitespace-pre-wrap text-sm text-slate-800">{p.instructions}</CardBody>
        </Card>
      )}
      {!user && !preview && (
        <Alert tone="info" title="Sign in to take part">
          Open this study from your recruitment platform&apos;s link, or{" "}
          <Link className="font-medium underline" href={signInPath(`/s/${studyId}`)}>
            sign in
          </Link>
          .
        </Alert>
      )}
      {user && p.open && !p.joined && (
        <a className={buttonClasses()} href={`/api/studies/${encodeURIComponent(studyId)}/enter`}>
          Take part with this account
        </a>
      )}
      {user && p.joined && !p.consented && p.open && (
        <ConsentForm studyId={studyId} consentText={p.consentText} timeLimitMinutes={p.timeLimitMinutes} />
      )}
      {user && p.consented && (
        <Card>
          <CardHeader title="Your progress" description={`${p.sessions.filter((s) => s.status === "COMPLETED").length} of ${p.sessions.length} videos done`} />
          <CardBody className="space-y-3">
            {p.nextSessionId && p.open && (
              <Link className={buttonClasses()} href={`/s/${studyId}/session/${p.nextSessionId}`} data-testid="continue-session">
                {resume ? resumeLabel(resume) : "Start"}
              </Link>
            )}
            {p.sessions.length === 0 && <p className="text-sm text-slate-600">There is nothing left for you to do in this study. Thank you for your interest.</p>}
            {p.finished && (
              <Link className={buttonClasses()} href={`/s/${studyId}/done`}>
                Get your completion code
              </Link>
            )}
          </CardBody>
        </Card>
      )}
    </main>
  );
}
