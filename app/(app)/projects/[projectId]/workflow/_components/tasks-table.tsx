"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/components/ui/format";
import { formatDuration } from "@/components/ui/format-duration";
import { Select } from "@/components/ui/input";
import { EmptyRow, Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { apiRequest } from "@/lib/auth/client-api";
import type { TaskList, TaskListEntry, TaskListQuery } from "@/lib/tasks/task-schemas";
import { TaskStatusBadge } from "@/components/tasks/task-status-badge";
import { plural } from "@/lib/text/plural";

type Person = { id: string; name: string; email: string };

/** The project's tasks (filter by status / annotator), with reassign, back to the pool, and reopen of submitted annotations. */
export function TasksTable({ projectId, list, query, annotators }: { projectId: string; list: TaskList; query: TaskListQuery; annotators: Person[] }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const base = `/projects/${encodeURIComponent(projectId)}/workflow`;
  const href = (q: Partial<TaskListQuery>) => {
    const p = new URLSearchParams();
    const next = { ...query, ...q };
    if (next.status) p.set("status", next.status);
    if (next.user) p.set("user", next.user);
    if (next.page && next.page > 1) p.set("page", String(next.page));
    const s = p.toString();
    return s ? `${base}?${s}#tasks` : `${base}#tasks`;
  };
  async function act(id: string, run: () => ReturnType<typeof apiRequest>) {
    setBusy(id);
    setError(null);
    const res = await run();
    setBusy(null);
    if (!res.ok) setError(res.error.message);
    else router.refresh();
  }
  const reassign = (t: TaskListEntry, userId: string | null) => act(t.id, () => apiRequest("PATCH", `/api/tasks/${encodeURIComponent(t.id)}`, { userId }));
  const reopen = (t: TaskListEntry) => act(t.id, () => apiRequest("POST", `/api/annotations/${encodeURIComponent(t.annotation!.id)}/reopen`));

  return (
    <div className="flex flex-col gap-3" id="tasks">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-slate-600">Status:</span>
        {([undefined, "OPEN", "IN_PROGRESS", "SUBMITTED", "SKIPPED"] as const).map((s) => (
          <Link key={s ?? "all"} href={href({ status: s, page: 1 })} aria-current={query.status === s ? "true" : undefined} className={query.status === s ? "font-semibold text-blue-700" : "text-slate-700 hover:underline"}>
            {s ? s.replace("_", " ").toLowerCase() : "all"}
          </Link>
        ))}
        <span className="ml-4 text-slate-600">Annotator:</span>
        <Select aria-label="Annotator" className="w-auto" value={query.user ?? ""} onChange={(e) => router.push(href({ user: e.target.value || undefined, page: 1 }))}>
          <option value="">everyone</option>
          <option value="pool">pool (unclaimed)</option>
          {annotators.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name || a.email}
            </option>
          ))}
        </Select>
        <span className="ml-auto text-slate-600">{plural(list.total, "task")}</span>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <Table data-testid="workflow-tasks">
        <THead>
          <Tr>
            <Th>Item</Th>
            <Th>Annotator</Th>
            <Th>Status</Th>
            <Th className="text-right">Time spent</Th>
            <Th>Updated</Th>
            <Th>Actions</Th>
          </Tr>
        </THead>
        <TBody>
          {list.tasks.length === 0 && <EmptyRow colSpan={6}>No tasks match.</EmptyRow>}
          {list.tasks.map((t) => (
            <Tr key={t.id} data-testid={`workflow-task-${t.id}`}>
              <Td>
                <Link className="font-medium text-blue-700 hover:underline" href={`/annotate/${encodeURIComponent(t.id)}`}>
                  {t.item.externalId}
                </Link>
                <div className="text-xs text-slate-500">
                  {t.mode === "prefill" ? "verify" : "annotate"}
                  {t.round > 1 ? ` · pass ${t.round}` : ""}
                  {t.annotation ? ` · v${t.annotation.version}` : ""}
                </div>
              </Td>
              <Td>{t.user ? t.user.name : <span className="text-slate-500">pool</span>}</Td>
              <Td>
                <TaskStatusBadge status={t.status} />
                {t.skipReason && <div className="max-w-xs truncate text-xs text-slate-500" title={t.skipReason}>{t.skipReason}</div>}
              </Td>
              <Td className="text-right tabular-nums">{formatDuration(t.timeSpentMs)}</Td>
              <Td className="whitespace-nowrap text-xs text-slate-600">{formatDateTime(t.updatedAt)}</Td>
              <Td className="whitespace-nowrap">
                {t.status === "SUBMITTED" ? (
                  t.annotation?.status === "SUBMITTED" && (
                    <Button size="sm" variant="secondary" disabled={busy === t.id} onClick={() => reopen(t)}>
                      Reopen
                    </Button>
                  )
                ) : (
                  <Select
                    aria-label={`Assign ${t.item.externalId}`}
                    className="w-auto"
                    disabled={busy === t.id}
                    value={t.user?.id ?? ""}
                    onChange={(e) => reassign(t, e.target.value || null)}
                  >
                    <option value="">pool</option>
                    {annotators.map((a) => (
                      <option key={a.id} value={a.id}>
                        {a.name || a.email}
                      </option>
                    ))}
                  </Select>
                )}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      {list.pages > 1 && (
        <div className="flex items-center gap-3 text-sm">
          {list.page > 1 && <Link href={href({ page: list.page - 1 })}>← Previous</Link>}
          <span>
            Page {list.page} of {list.pages}
          </span>
          {list.page < list.pages && <Link href={href({ page: list.page + 1 })}>Next →</Link>}
        </div>
      )}
    </div>
  );
}
