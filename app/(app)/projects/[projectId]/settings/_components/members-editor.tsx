"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Select } from "@/components/ui/input";
import { EmptyRow, Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { apiRequest } from "@/lib/auth/client-api";
import type { Role } from "@/lib/db/types";
import { MEMBER_ROLES } from "@/lib/projects/access";

type Member = { userId: string; email: string; name: string; accountRole: Role; active: boolean; role: Role };
type Candidate = { id: string; email: string; name: string; role: Role };

const ROLE_TEXT: Record<string, string> = { ADMIN: "Admin", REVIEWER: "Reviewer", ANNOTATOR: "Annotator", PARTICIPANT: "Participant" };

/** Who works on the project, in which role (add, change, remove). */
export function MembersEditor({ projectId, members, candidates }: { projectId: string; members: Member[]; candidates: Candidate[] }) {
  const router = useRouter();
  const ids = useId();
  const [userId, setUserId] = useState("");
  const [role, setRole] = useState<Role>("ANNOTATOR");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const available = candidates.filter((c) => !members.some((m) => m.userId === c.id));

  const run = async (p: Promise<{ ok: boolean; error?: { message: string } }>) => {
    setBusy(true);
    const res = await p;
    setBusy(false);
    if (res.ok) {
      setError(null);
      router.refresh();
    } else setError(res.error?.message ?? "The change failed.");
    return res.ok;
  };

  return (
    <div className="flex flex-col gap-4">
      <Table aria-label="Members">
        <THead>
          <Tr>
            <Th>Member</Th>
            <Th>Account role</Th>
            <Th>Project role</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </Tr>
        </THead>
        <TBody>
          {members.length === 0 && <EmptyRow colSpan={4}>No members yet.</EmptyRow>}
          {members.map((m) => (
            <Tr key={m.userId}>
              <Td>
                <div className="font-medium">{m.name || m.email}</div>
                <div className="text-xs text-slate-500">
                  {m.email}
                  {!m.active && " · deactivated"}
                </div>
              </Td>
              <Td>{ROLE_TEXT[m.accountRole]}</Td>
              <Td>
                <Select
                  aria-label={`Project role of ${m.email}`}
                  value={m.role}
                  disabled={busy}
                  onChange={(e) => void run(apiRequest("PATCH", `/api/projects/${projectId}/members/${m.userId}`, { role: e.target.value }))}
                  className="max-w-40"
                >
                  {MEMBER_ROLES.map((r) => (
                    <option key={r} value={r}>
                      {ROLE_TEXT[r]}
                    </option>
                  ))}
                </Select>
              </Td>
              <Td className="text-right">
                <Button variant="ghost" size="sm" disabled={busy} onClick={() => void run(apiRequest("DELETE", `/api/projects/${projectId}/members/${m.userId}`))}>
                  Remove
                </Button>
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={async (e) => {
          e.preventDefault();
          if (!userId) return;
          if (await run(apiRequest("POST", `/api/projects/${projectId}/members`, { userId, role }))) setUserId("");
        }}
      >
        <Field id={`${ids}-user`} label="Add a member" className="min-w-64">
          <Select
            id={`${ids}-user`}
            value={userId}
            onChange={(e) => {
              setUserId(e.target.value);
              // The project role starts as the account's role (a reviewer joins as a reviewer).
              const chosen = candidates.find((c) => c.id === e.target.value);
              if (chosen && (MEMBER_ROLES as readonly Role[]).includes(chosen.role)) setRole(chosen.role);
            }}
          >
            <option value="">Choose an account…</option>
            {available.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name ? `${c.name} <${c.email}>` : c.email} ({ROLE_TEXT[c.role]})
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${ids}-role`} label="Role">
          <Select id={`${ids}-role`} value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {MEMBER_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_TEXT[r]}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" disabled={!userId || busy}>
          Add
        </Button>
      </form>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
