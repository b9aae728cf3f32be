"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/input";
import { acceptInviteSchema, MIN_PASSWORD_LENGTH } from "@/lib/auth/schemas";
import { acceptInviteAction } from "./actions";

type Errors = Partial<Record<"name" | "password" | "confirm", string>>;

export function AcceptInviteForm({ token, email }: { token: string; email: string }) {
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const next: Errors = {};
    const parsed = acceptInviteSchema.safeParse({ token, name, password });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof Errors;
        next[field] ??= `${field === "name" ? "Name" : "Password"} ${issue.message}.`;
      }
    }
    if (password !== confirm) next.confirm = "The two passwords differ.";
    setErrors(next);
    if (Object.keys(next).length) return;
    setPending(true);
    try {
      const result = await acceptInviteAction({ token, name, password });
      if (result.ok) {
        setDone(true);
        return;
      }
      const fieldErrors: Errors = {};
      for (const issue of result.error.issues ?? []) {
        if (issue.field === "name" || issue.field === "password") fieldErrors[issue.field] = issue.message;
      }
      setErrors(fieldErrors);
      setFormError(Object.keys(fieldErrors).length ? null : result.error.message);
    } catch {
      setFormError("Could not reach the server. Try again.");
    } finally {
      setPending(false);
    }
  }

  if (done) {
    return (
      <div className="space-y-4">
        <Alert tone="success" title="Your account is ready.">
          Sign in with {email} and the password you chose.
        </Alert>
        <Link href="/sign-in" className={buttonClasses()}>
          Sign in
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {formError && <Alert tone="error">{formError}</Alert>}
      <Field id="name" label="Your name" error={errors.name}>
        <Input id="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={!!errors.name} />
      </Field>
      <Field id="password" label="Password" hint={`At least ${MIN_PASSWORD_LENGTH} characters.`} error={errors.password}>
        <Input
          id="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={!!errors.password}
        />
      </Field>
      <Field id="confirm" label="Password again" error={errors.confirm}>
        <Input
          id="confirm"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          aria-invalid={!!errors.confirm}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Creating your account…" : "Create account"}
      </Button>
    </form>
  );
}
