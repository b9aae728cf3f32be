"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/input";
import { formatDateTime as when } from "@/components/ui/format";
import { ShownOnceSecret } from "@/components/ui/shown-once-secret";
import { EmptyRow, Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { apiRequest, fieldErrors } from "@/lib/auth/client-api";

export type TokenRow = {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};


export function TokensManager({ tokens }: { tokens: TokenRow[] }) {
  const router = useRouter();
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function create(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setNameError(null);
    setBusy("create");
    const result = await apiRequest<{ token: TokenRow & { token: string } }>("POST", "/api/tokens", { name });
    setBusy(null);
    if (!result.ok) {
      const fields = fieldErrors(result.error);
      if (fields.name) setNameError(`Name ${fields.name}.`);
      else setError(result.error.message);
      return;
    }
    setCreated({ name: result.data.token.name, token: result.data.token.token });
    setName("");
    router.refresh();
  }

  async function revoke(token: TokenRow) {
    if (!window.confirm(`Revoke the token "${token.name}"? Scripts using it stop working at once.`)) return;
    setError(null);
    setBusy(token.id);
    const result = await apiRequest("DELETE", `/api/tokens/${encodeURIComponent(token.id)}`);
    setBusy(null);
    if (!result.ok) setError(result.error.message);
    router.refresh();
  }

  return (
    <div className="space-y-6">
      {error && <Alert tone="error">{error}</Alert>}
      <Card>
        <CardHeader title="New token" description="Name it after where it will be used, e.g. “lab server scoring script”." />
        <CardBody>
          <form onSubmit={create} className="flex flex-wrap items-end gap-3" noValidate>
            <Field id="token-name" label="Name" error={nameError} className="min-w-64 flex-1">
              <Input id="token-name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} aria-invalid={!!nameError} />
            </Field>
            <Button type="submit" disabled={busy === "create"}>
              {busy === "create" ? "Creating…" : "Create token"}
            </Button>
          </form>
          {created && <ShownOnceSecret className="mt-4" title={`Token “${created.name}” created. Copy it now: it will not be shown again.`} value={created.token} testId="new-token" />}
        </CardBody>
      </Card>

      <Table>
        <THead>
          <Tr>
            <Th>Name</Th>
            <Th>Token</Th>
            <Th>Created</Th>
            <Th>Last used</Th>
            <Th>Status</Th>
            <Th className="text-right">Actions</Th>
          </Tr>
        </THead>
        <TBody>
          {tokens.length === 0 && <EmptyRow colSpan={6}>No tokens yet.</EmptyRow>}
          {tokens.map((t) => (
            <Tr key={t.id}>
              <Td className="font-medium">{t.name}</Td>
              <Td>
                <code className="font-mono text-xs">{t.prefix}…</code>
              </Td>
              <Td>{when(t.createdAt)}</Td>
              <Td>{when(t.lastUsedAt)}</Td>
              <Td>{t.revokedAt ? <Badge tone="red">Revoked {when(t.revokedAt)}</Badge> : <Badge tone="green">Active</Badge>}</Td>
              <Td className="text-right">
                {!t.revokedAt && (
                  <Button size="sm" variant="danger" disabled={busy === t.id} onClick={() => revoke(t)}>
                    {busy === t.id ? "Revoking…" : "Revoke"}
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
