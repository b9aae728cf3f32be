"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyRow, Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { apiRequest } from "@/lib/auth/client-api";
import type { QueueEntry, QueueSummary } from "@/lib/tasks/task-schemas";
import { formatDuration } from "@/components/ui/format-duration";
import { SkipForm } from "./skip-form";
import { TaskStatusBadge } from "@/components/tasks/task-status-badge";

type Message = { tone: "info" | "error" | "success"; text: string } | null;

/** The queue table with Start next and per-task Open / Skip. */
export function QueueView({ queue }: { queue: QueueSummary }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [skipping, setSkipping] = useState<string | null>(null);
  const open = queue.tasks.filter((t) => t.status === "OPEN" || t.status === "IN_PROGRESS").length;
  const pooled = queue.pool.reduce((n, p) => n + p.open, 0);

  async function startNext() {
    setBusy(true);
    setMessage(null);
    const res = await apiRequest<{ taskId: string | null; message?: string }>("POST", "/api/me/tasks/next", {});
    setBusy(false);
    if (!res.ok) return setMessage({ tone: "error", text: res.error.message });
    if (!res.data.taskId) return setMessage({ tone: "info", text: res.data.message ?? "Nothing to do right now." });
    router.push(`/annotate/${encodeURIComponent(res.data.taskId)}`);
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={startNext} disabled={busy} data-testid="start-next">
          {busy ? "Finding your next task…" : "Start next"}
        </Button>
        <span className="text-sm text-slate-600" data-testid="queue-counts">
          {open} open or in progress · {pooled} in the pool
          {queue.pool.length > 0 && ` (${queue.pool.map((p) => `${p.projectName}: ${p.open}`).join(", ")})`}
        </span>
      </div>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <Card>
        <CardHeader title="My tasks" description="In progress first, then open, skipped and submitted." />
        <CardBody className="p-0">
          <Table>
            <THead>
              <Tr>
                <Th>Item</Th>
                <Th>Project</Th>
                <Th>Kind</Th>
                <Th>Status</Th>
                <Th className="text-right">Time spent</Th>
                <Th>
                  <span className="sr-only">Actions</span>
                </Th>
              </Tr>
            </THead>
            <TBody>
              {queue.tasks.length === 0 && <EmptyRow colSpan={6}>No tasks yet. Start next takes one from your projects&apos; pool when there is one.</EmptyRow>}
              {queue.tasks.map((t) => (
                <QueueRow
                  key={t.id}
                  task={t}
                  skipping={skipping === t.id}
                  onSkip={() => setSkipping(skipping === t.id ? null : t.id)}
                  onSkipped={() => {
                    setSkipping(null);
                    setMessage({ tone: "success", text: `Skipped ${t.item.externalId}.` });
                    router.refresh();
                  }}
                />
              ))}
            </TBody>
          </Table>
        </CardBody>
      </Card>
    </div>
  );
}

function QueueRow({ task: t, skipping, onSkip, onSkipped }: { task: QueueEntry; skipping: boolean; onSkip: () => void; onSkipped: () => void }) {
  const active = t.status === "OPEN" || t.status === "IN_PROGRESS";
  return (
    <>
      <Tr data-testid={`task-${t.id}`}>
        <Td>
          <div className="font-medium">{t.item.externalId}</div>
          <div className="max-w-md truncate text-xs text-slate-500" title={t.item.question}>
            {t.item.question}
          </div>
        </Td>
        <Td>{t.project.name}</Td>
        <Td>
          {t.kind === "ANNOTATE" ? (t.mode === "prefill" ? "Verify" : "Annotate") : t.kind === "QUALIFY" ? "Qualification" : t.kind}
          {t.round > 1 && <span className="text-xs text-slate-500"> · pass {t.round}</span>}
        </Td>
        <Td>
          <TaskStatusBadge status={t.status} />
          {t.skipReason && <div className="mt-1 max-w-xs truncate text-xs text-slate-500" title={t.skipReason}>{t.skipReason}</div>}
        </Td>
        <Td className="text-right tabular-nums">{formatDuration(t.timeSpentMs)}</Td>
        <Td className="whitespace-nowrap text-right">
          <Link href={`/annotate/${encodeURIComponent(t.id)}`} className={buttonClasses(active ? "primary" : "secondary", "sm")}>
            {t.status === "IN_PROGRESS" ? "Continue" : active ? "Open" : "View"}
          </Link>{" "}
          {active && t.kind !== "QUALIFY" && (
            <Button variant="ghost" size="sm" onClick={onSkip} aria-expanded={skipping}>
              Skip
            </Button>
          )}
        </Td>
      </Tr>
      {skipping && (
        <Tr>
          <Td colSpan={6}>
            <SkipForm taskId={t.id} onDone={onSkipped} />
          </Td>
        </Tr>
      )}
    </>
  );
}
