"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/components/ui/format";
import { EmptyRow, Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { apiRequest } from "@/lib/auth/client-api";
import { ROLE_LABELS } from "@/lib/auth/schemas";
import type { Role } from "@/lib/db/types";

export type InviteRow = {
  id: string;
  email: string;
  role: Role;
  status: "pending" | "used" | "revoked" | "expired";
  expiresAt: string;
  createdAt: string;
  createdBy: string;
};

const TONES: Record<InviteRow["status"], BadgeTone> = { pending: "blue", used: "green", revoked: "neutral", expired: "amber" };

export function InvitesTable({ invites }: { invites: InviteRow[] }) {
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function withdraw(invite: InviteRow) {
    if (!window.confirm(`Withdraw the invitation for ${invite.email}? The link stops working.`)) return;
    setBusy(invite.id);
    setError(null);
    const result = await apiRequest("DELETE", `/api/admin/users/invites/${encodeURIComponent(invite.id)}`);
    setBusy(null);
    if (!result.ok) setError(result.error.message);
    router.refresh();
  }

  return (
    <div className="space-y-3">
      {error && <Alert tone="error">{error}</Alert>}
      <Table>
        <THead>
          <Tr>
            <Th>Email</Th>
            <Th>Role</Th>
            <Th>Status</Th>
            <Th>Expires</Th>
            <Th>Invited by</Th>
            <Th className="text-right">Actions</Th>
          </Tr>
        </THead>
        <TBody>
          {invites.length === 0 && <EmptyRow colSpan={6}>No invitations yet.</EmptyRow>}
          {invites.map((i) => (
            <Tr key={i.id}>
              <Td className="font-medium">{i.email}</Td>
              <Td>{ROLE_LABELS[i.role]}</Td>
              <Td>
                <Badge tone={TONES[i.status]}>{i.status}</Badge>
              </Td>
              <Td>{formatDateTime(i.expiresAt)}</Td>
              <Td>{i.createdBy}</Td>
              <Td className="text-right">
                {i.status === "pending" && (
                  <Button size="sm" variant="secondary" disabled={busy === i.id} onClick={() => withdraw(i)}>
                    Withdraw
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
