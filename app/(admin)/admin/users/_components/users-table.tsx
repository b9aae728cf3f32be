"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/input";
import { formatDateTime } from "@/components/ui/format";
import { EmptyRow, Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { apiRequest } from "@/lib/auth/client-api";
import { MIN_PASSWORD_LENGTH, ROLE_LABELS, ROLES } from "@/lib/auth/schemas";
import type { Role } from "@/lib/db/types";

export type UserRow = {
  id: string;
  email: string;
  name: string;
  role: Role;
  active: boolean;
  createdAt: string;
  lastSignInAt: string | null;
};

function when(iso: string | null): string {
  return formatDateTime(iso, "never");
}

export function UsersTable({ users, currentUserId }: { users: UserRow[]; currentUserId: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);

  async function run(id: string, call: () => ReturnType<typeof apiRequest>, success: string) {
    setBusy(id);
    setMessage(null);
    const result = await call();
    setBusy(null);
    setMessage(result.ok ? { tone: "success", text: success } : { tone: "error", text: result.error.message });
    router.refresh();
  }

  function changeRole(user: UserRow, role: Role) {
    if (role === user.role) return;
    if (!window.confirm(`Change ${user.email} from ${ROLE_LABELS[user.role]} to ${ROLE_LABELS[role]}? They will be signed out.`)) {
      router.refresh();
      return;
    }
    void run(user.id, () => apiRequest("PATCH", `/api/admin/users/${encodeURIComponent(user.id)}`, { role }), `${user.email} is now ${ROLE_LABELS[role]}.`);
  }

  function setActive(user: UserRow, active: boolean) {
    const verb = active ? "Reactivate" : "Deactivate";
    if (!window.confirm(`${verb} ${user.email}?${active ? "" : " They are signed out at once and cannot sign in."}`)) return;
    void run(user.id, () => apiRequest("PATCH", `/api/admin/users/${encodeURIComponent(user.id)}`, { active }), `${user.email} ${active ? "reactivated" : "deactivated"}.`);
  }

  function resetPassword(user: UserRow) {
    const password = window.prompt(`New password for ${user.email} (at least ${MIN_PASSWORD_LENGTH} characters). Their sessions end.`);
    if (!password) return;
    void run(user.id, () => apiRequest("POST", `/api/admin/users/${encodeURIComponent(user.id)}/password`, { password }), `Password of ${user.email} changed.`);
  }

  return (
    <div className="space-y-3">
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <Table>
        <THead>
          <Tr>
            <Th>Email</Th>
            <Th>Name</Th>
            <Th>Role</Th>
            <Th>Status</Th>
            <Th>Last sign-in</Th>
            <Th className="text-right">Actions</Th>
          </Tr>
        </THead>
        <TBody>
          {users.length === 0 && <EmptyRow colSpan={6}>No accounts match.</EmptyRow>}
          {users.map((u) => {
            const self = u.id === currentUserId;
            return (
              <Tr key={u.id} className={u.active ? undefined : "bg-slate-50 text-slate-500"}>
                <Td className="font-medium">
                  {u.email}
                  {self && <span className="ml-2 text-xs text-slate-500">(you)</span>}
                </Td>
                <Td>{u.name || "—"}</Td>
                <Td>
                  <Select
                    aria-label={`Role of ${u.email}`}
                    value={u.role}
                    disabled={self || busy === u.id}
                    onChange={(e) => changeRole(u, e.target.value as Role)}
                    className="w-44 py-1"
                  >
                    {ROLES.map((r) => (
                      <option key={r} value={r}>
                        {ROLE_LABELS[r]}
                      </option>
                    ))}
                  </Select>
                </Td>
                <Td>{u.active ? <Badge tone="green">Active</Badge> : <Badge tone="red">Deactivated</Badge>}</Td>
                <Td>{when(u.lastSignInAt)}</Td>
                <Td className="space-x-2 whitespace-nowrap text-right">
                  <Button size="sm" variant="secondary" disabled={busy === u.id} onClick={() => resetPassword(u)}>
                    Set password
                  </Button>
                  {u.active ? (
                    <Button size="sm" variant="danger" disabled={self || busy === u.id} onClick={() => setActive(u, false)}>
                      Deactivate
                    </Button>
                  ) : (
                    <Button size="sm" variant="secondary" disabled={busy === u.id} onClick={() => setActive(u, true)}>
                      Reactivate
                    </Button>
                  )}
                </Td>
              </Tr>
            );
          })}
        </TBody>
      </Table>
    </div>
  );
}
