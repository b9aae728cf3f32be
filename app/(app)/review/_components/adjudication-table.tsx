"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { formatDateTime } from "@/components/ui/format";
import { Label, Select } from "@/components/ui/input";
import { EmptyRow, Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { apiRequest } from "@/lib/auth/client-api";
import { ADJUDICATION_STATUSES, type AdjudicationListResponse, type AdjudicationStatusName, type ReviewQueueProject } from "@/lib/review/api-schemas";

const STATUS_TONE: Record<AdjudicationStatusName, BadgeTone> = { PENDING: "neutral", AGREED: "green", DISPUTED: "amber", RESOLVED: "blue" };

/** The project's adjudications (GET /api/projects/:id/adjudications) with a status filter and paging. */
export function AdjudicationTable({ project }: { project: ReviewQueueProject }) {
  const [status, setStatus] = useState<AdjudicationStatusName | "">("DISPUTED");
  const [page, setPage] = useState(1);
  const [data, setData] = useState<AdjudicationListResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const query = new URLSearchParams({ page: String(page), ...(status ? { status } : {}) });
    apiRequest<AdjudicationListResponse>("GET", `/api/projects/${encodeURIComponent(project.projectId)}/adjudications?${query}`).then((res) => {
      if (!live) return;
      if (res.ok) {
        setData(res.data);
        setError(null);
      } else setError(res.error.message);
    });
    return () => {
      live = false;
    };
  }, [project.projectId, status, page]);

  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Card data-testid="adjudication-table">
      <CardHeader
        title={`Adjudications · ${project.projectName}`}
        description={data ? `${data.total} ${status ? status.toLowerCase() : "in all"}` : "Loading…"}
        actions={
          <div className="flex items-center gap-2">
            <Label htmlFor="adjudication-status">Status</Label>
            <Select
              id="adjudication-status"
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as AdjudicationStatusName | "");
                setPage(1);
              }}
            >
              <option value="">All</option>
              {ADJUDICATION_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s.charAt(0) + s.slice(1).toLowerCase()}
                </option>
              ))}
            </Select>
          </div>
        }
      />
      <CardBody className="p-0">
        {error && <Alert tone="error">{error}</Alert>}
        <Table>
          <THead>
            <Tr>
              <Th>Item</Th>
              <Th>Kind</Th>
              <Th>Status</Th>
              <Th>Why</Th>
              <Th>Reviewer</Th>
              <Th>Updated</Th>
              <Th>
                <span className="sr-only">Open</span>
              </Th>
            </Tr>
          </THead>
          <TBody>
            {data && data.rows.length === 0 && <EmptyRow colSpan={7}>No adjudications{status ? ` with status ${status.toLowerCase()}` : ""}.</EmptyRow>}
            {data?.rows.map((r) => (
              <Tr key={r.id} data-testid={`adjudication-${r.id}`}>
                <Td className="font-medium">{r.externalId}</Td>
                <Td>{r.kind === "expert" ? "Expert sample" : "Double review"}</Td>
                <Td>
                  <Badge tone={STATUS_TONE[r.status]}>{r.status.toLowerCase()}</Badge>
                </Td>
                <Td>
                  <div className="max-w-sm truncate text-xs text-slate-600" title={r.reasons.join("\n")}>
                    {r.reasons[0] ?? "—"}
                    {r.reasons.length > 1 && ` (+${r.reasons.length - 1})`}
                  </div>
                </Td>
                <Td className="text-sm">{r.resolvedBy?.name ?? (r.claimedBy ? `${r.claimedBy.name} (working)` : "—")}</Td>
                <Td className="whitespace-nowrap text-sm">{formatDateTime(r.updatedAt)}</Td>
                <Td className="text-right">
                  <Link href={`/review/adjudications/${encodeURIComponent(r.id)}`} className={buttonClasses("secondary", "sm")}>
                    Open
                  </Link>
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
        {pages > 1 && (
          <div className="flex items-center justify-end gap-2 px-4 py-2 text-sm">
            <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <span>
              Page {page} of {pages}
            </span>
            <Button variant="ghost" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
