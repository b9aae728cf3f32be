"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field, Input, Select } from "@/components/ui/input";
import { ShownOnceSecret } from "@/components/ui/shown-once-secret";
import { apiRequest, fieldErrors } from "@/lib/auth/client-api";
import { MIN_PASSWORD_LENGTH, ROLE_LABELS, ROLES } from "@/lib/auth/schemas";

function capitalise(field: string, message: string): string {
  return `${field[0].toUpperCase()}${field.slice(1)} ${message}.`;
}

function RoleSelect({ id, value, onChange }: { id: string; value: string; onChange: (v: string) => void }) {
  return (
    <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
      {ROLES.map((r) => (
        <option key={r} value={r}>
          {ROLE_LABELS[r]}
        </option>
      ))}
    </Select>
  );
}

function CreateUserForm() {
  const router = useRouter();
  const [form, setForm] = useState({ email: "", name: "", role: "ANNOTATOR", password: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setMessage(null);
    const result = await apiRequest<{ user: { email: string } }>("POST", "/api/admin/users", form);
    setPending(false);
    if (!result.ok) {
      const fields = fieldErrors(result.error);
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, capitalise(k, v)])));
      if (!Object.keys(fields).length) setMessage({ tone: "error", text: result.error.message });
      return;
    }
    setErrors({});
    setMessage({ tone: "success", text: `Created ${result.data.user.email}. Give them the initial password through a safe channel.` });
    setForm({ email: "", name: "", role: form.role, password: "" });
    router.refresh();
  }

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="create-email" label="Email" error={errors.email}>
          <Input id="create-email" type="email" value={form.email} onChange={(e) => set("email")(e.target.value)} aria-invalid={!!errors.email} />
        </Field>
        <Field id="create-name" label="Name" error={errors.name}>
          <Input id="create-name" value={form.name} onChange={(e) => set("name")(e.target.value)} aria-invalid={!!errors.name} />
        </Field>
        <Field id="create-role" label="Role" error={errors.role}>
          <RoleSelect id="create-role" value={form.role} onChange={set("role")} />
        </Field>
        <Field id="create-password" label="Initial password" hint={`At least ${MIN_PASSWORD_LENGTH} characters.`} error={errors.password}>
          <Input
            id="create-password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => set("password")(e.target.value)}
            aria-invalid={!!errors.password}
          />
        </Field>
      </div>
      <Button type="submit" disabled={pending}>
        {pending ? "Creating…" : "Create account"}
      </Button>
    </form>
  );
}

function InviteForm() {
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState("ANNOTATOR");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<{ email: string; url: string } | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    const result = await apiRequest<{ url: string; invite: { email: string } }>("POST", "/api/admin/users/invites", { email, role });
    setPending(false);
    if (!result.ok) {
      const fields = fieldErrors(result.error);
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, capitalise(k, v)])));
      if (!Object.keys(fields).length) setError(result.error.message);
      return;
    }
    setErrors({});
    setLink({ email: result.data.invite.email, url: result.data.url });
    setEmail("");
    router.refresh();
  }

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="invite-email" label="Email" error={errors.email}>
          <Input id="invite-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={!!errors.email} />
        </Field>
        <Field id="invite-role" label="Role" error={errors.role}>
          <RoleSelect id="invite-role" value={role} onChange={setRole} />
        </Field>
      </div>
      <Button type="submit" disabled={pending}>
        {pending ? "Creating link…" : "Create invitation link"}
      </Button>
      {link && <ShownOnceSecret title={`Invitation for ${link.email}. Send this link; it is shown only now and works once.`} value={link.url} testId="invite-url" />}
    </form>
  );
}

/** The two ways to add a person: an account with an initial password, or an invitation link. */
export function NewUserForms() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader title="Create an account" description="Set an initial password yourself." />
        <CardBody>
          <CreateUserForm />
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Invite by link" description="They choose their name and password. The link is valid for 7 days." />
        <CardBody>
          <InviteForm />
        </CardBody>
      </Card>
    </div>
  );
}
