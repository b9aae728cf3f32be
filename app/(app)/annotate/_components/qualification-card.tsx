"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { formatDateTime } from "@/components/ui/format";
import { FiguresList, QualificationStatusBadge } from "@/components/review/qualification-figures";
import { apiRequest } from "@/lib/auth/client-api";
import type { MyQualification, StartQualificationResult } from "@/lib/review/qualification-api-schemas";
import { plural } from "@/lib/text/plural";

const INTRO: Record<MyQualification["state"], string> = {
  not_started: "Before real tasks, annotate this project's gold items in the normal workspace (the truth is not shown). You qualify when your kappa against the gold truth reaches the threshold for every kind.",
  in_progress: "Annotate and submit every qualification item; your result appears here after the last one.",
  passed: "You passed: the project's real tasks are open to you.",
  failed: "You did not pass. An admin must allow a retry before you can try again; until then the project gives you no real tasks.",
  retry_allowed: "An admin allowed a retry: start a new attempt.",
};

/** The queue's Qualification entries: start / continue the attempt, or the latest result (figures, pass / fail; never the gold truth). */
export function QualificationCard({ qualifications }: { qualifications: MyQualification[] }) {
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!qualifications.length) return null;

  async function start(projectId: string) {
    setBusy(projectId);
    setError(null);
    const res = await apiRequest<StartQualificationResult>("POST", `/api/projects/${encodeURIComponent(projectId)}/qualifications`, {});
    setBusy(null);
    if (!res.ok) return setError(res.error.message);
    if (res.data.firstTaskId) router.push(`/annotate/${encodeURIComponent(res.data.firstTaskId)}`);
    else router.refresh();
  }

  return (
    <Card data-testid="qualification-card">
      <CardHeader title="Qualification" description="Projects with a gold set admit annotators to real work once they pass its qualification." />
      <CardBody className="flex flex-col gap-4">
        {error && <Alert tone="error">{error}</Alert>}
        {qualifications.map((q) => {
          const next = q.attempt?.tasks.find((t) => t.status !== "SUBMITTED");
          const done = q.attempt ? q.attempt.tasks.filter((t) => t.status === "SUBMITTED").length : 0;
          return (
            <section key={q.projectId} className="flex flex-col gap-2 rounded-md border border-slate-200 p-3" data-testid={`qualification-${q.projectName}`} aria-label={`Qualification of ${q.projectName}`}>
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold">{q.projectName}</h3>
                <span className="text-sm text-slate-600">
                  {q.goldSetName} · {plural(q.items, "item")} · threshold {q.threshold}
                </span>
                {q.attempt && (
                  <>
                    <span className="text-sm text-slate-600">· attempt {q.attempt.attempt}</span>
                    <QualificationStatusBadge status={q.attempt.status} />
                  </>
                )}
              </div>
              <p className="text-sm text-slate-700" data-testid="qualification-state">
                {INTRO[q.state]}
              </p>
              {q.attempt && q.attempt.status !== "IN_PROGRESS" && (
                <div className="flex flex-col gap-1">
                  <FiguresList figures={q.attempt.figures} threshold={q.threshold} />
                  <span className="text-xs text-slate-500">Scored {formatDateTime(q.attempt.submittedAt)}</span>
                </div>
              )}
              <div>
                {(q.state === "not_started" || q.state === "retry_allowed") && (
                  <Button onClick={() => start(q.projectId)} disabled={busy !== null} data-testid="start-qualification">
                    {busy === q.projectId ? "Starting…" : q.state === "retry_allowed" ? "Start a new attempt" : "Start qualification"}
                  </Button>
                )}
                {q.state === "in_progress" && next && (
                  <Link href={`/annotate/${encodeURIComponent(next.id)}`} className={buttonClasses("primary", "md")} data-testid="continue-qualification">
                    Continue qualification ({done} of {q.attempt!.tasks.length} submitted)
                  </Link>
                )}
              </div>
            </section>
          );
        })}
      </CardBody>
    </Card>
  );
}
