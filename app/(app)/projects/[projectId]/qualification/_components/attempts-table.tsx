"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/components/ui/format";
import { EmptyRow, Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { apiRequest } from "@/lib/auth/client-api";
import type { AttemptRow } from "@/lib/review/qualification-api-schemas";
import { FiguresList, QualificationStatusBadge } from "@/components/review/qualification-figures";

/** Every attempt: annotator, set, attempt number, status, per-kind figures, items, submitted; Allow retry (admins) on a failed latest attempt. */
export function AttemptsTable({ attempts, canAllowRetry }: { attempts: AttemptRow[]; canAllowRetry: boolean }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function allow(id: string) {
    setBusy(id);
    setError(null);
    const res = await apiRequest("POST", `/api/qualifications/${encodeURIComponent(id)}/allow-retry`, {});
    setBusy(null);
    if (!res.ok) return setError(res.error.message);
    router.refresh();
  }

  return (
    <div className="flex flex-col gap-2">
      {error && <Alert tone="error">{error}</Alert>}
      <Table>
        <THead>
          <Tr>
            <Th>Annotator</Th>
            <Th>Gold set</Th>
            <Th>Attempt</Th>
            <Th>Status</Th>
            <Th>Kappa per kind</Th>
            <Th className="text-right">Items</Th>
            <Th>Submitted</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </Tr>
        </THead>
        <TBody>
          {attempts.length === 0 && <EmptyRow colSpan={8}>No attempt yet.</EmptyRow>}
          {attempts.map((a) => (
            <Tr key={a.id} data-testid={`attempt-${a.user.email}-${a.attempt}`}>
              <Td>
                <div className="font-medium">{a.user.name || a.user.email}</div>
                <div className="text-xs text-slate-500">{a.user.email}</div>
              </Td>
              <Td>{a.goldSetName}</Td>
              <Td className="tabular-nums">{a.attempt}</Td>
              <Td>
                <QualificationStatusBadge status={a.status} />
                {a.retryAllowed && <div className="mt-1 text-xs text-slate-500">retry allowed</div>}
              </Td>
              <Td>
                <FiguresList figures={a.figures} threshold={a.threshold} />
                {a.error && <div className="text-xs text-red-700">Not scored: {a.error}</div>}
                {a.itemVerdicts.some((v) => v.verdict === "disputed") && (
                  <details className="mt-1 text-xs text-slate-600">
                    <summary>Disagreements</summary>
                    <ul className="list-disc pl-4">
                      {a.itemVerdicts
                        .filter((v) => v.verdict === "disputed")
                        .map((v) => (
                          <li key={v.itemId}>
                            {v.externalId}: {v.reasons.join("; ")}
                          </li>
                        ))}
                    </ul>
                  </details>
                )}
              </Td>
              <Td className="text-right tabular-nums">
                {a.tasksSubmitted} / {a.items}
              </Td>
              <Td className="whitespace-nowrap">{formatDateTime(a.submittedAt)}</Td>
              <Td className="text-right">
                {canAllowRetry && a.canAllowRetry && (
                  <Button size="sm" variant="secondary" disabled={busy !== null} onClick={() => allow(a.id)}>
                    Allow retry
                  </Button>
                )}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </div>
  );
}
