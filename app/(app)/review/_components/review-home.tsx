"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { apiRequest } from "@/lib/auth/client-api";
import type { ReviewNextResponse, ReviewQueueProject } from "@/lib/review/api-schemas";
import { defaultReviewProject } from "@/lib/review/default-review-project";
import { AdjudicationTable } from "./adjudication-table";
import { QueueCards } from "./queue-cards";

type Message = { tone: "info" | "error"; text: string } | null;

/** Start next (all projects or one), the queue cards of each project, and the adjudications of the selected project. */
export function ReviewHome({ projects }: { projects: ReviewQueueProject[] }) {
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [selected, setSelected] = useState<string | null>(() => defaultReviewProject(projects));

  async function startNext(projectId?: string, kind?: "double" | "expert") {
    setBusy(`${projectId ?? "all"}:${kind ?? ""}`);
    setMessage(null);
    const res = await apiRequest<ReviewNextResponse>("POST", "/api/review/next", { ...(projectId ? { projectId } : {}), ...(kind ? { kind } : {}) });
    setBusy(null);
    if (!res.ok) return setMessage({ tone: "error", text: res.error.message });
    if (!res.data.adjudicationId) return setMessage({ tone: "info", text: "Nothing to review right now: every disputed item is resolved or held by another reviewer." });
    router.push(`/review/adjudications/${encodeURIComponent(res.data.adjudicationId)}`);
  }

  if (projects.length === 0) {
    return <Alert tone="info">You review no project yet. An admin adds you to a project with the Reviewer role.</Alert>;
  }
  const open = projects.reduce((n, p) => n + p.disputed + p.expert, 0);
  const selectedProject = projects.find((p) => p.projectId === selected) ?? null;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => startNext()} disabled={busy !== null} data-testid="review-start-next">
          {busy === "all:" ? "Finding the next item…" : "Start next"}
        </Button>
        <span className="text-sm text-slate-600" data-testid="review-open-count">
          {open} open across {projects.length} {projects.length === 1 ? "project" : "projects"}
        </span>
      </div>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      {projects.map((p) => (
        <Card key={p.projectId} data-testid={`review-project-${p.projectId}`}>
          <CardHeader
            title={p.projectName}
            description={p.benchmark}
            actions={
              <Button variant={selected === p.projectId ? "primary" : "secondary"} size="sm" onClick={() => setSelected(p.projectId)} aria-pressed={selected === p.projectId}>
                Adjudications
              </Button>
            }
          />
          <CardBody>
            <QueueCards project={p} busy={busy} onStart={(kind) => startNext(p.projectId, kind)} />
          </CardBody>
        </Card>
      ))}
      {selectedProject && <AdjudicationTable key={selectedProject.projectId} project={selectedProject} />}
    </div>
  );
}
