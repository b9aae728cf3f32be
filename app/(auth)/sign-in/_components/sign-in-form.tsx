"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/input";

const MESSAGES: Record<string, string> = {
  CredentialsSignin: "Wrong email or password, or the account is deactivated.",
  TooManyRequests: "Too many failed sign-ins. Wait a minute, then try again.",
  ServiceUnavailable: "The database is unavailable. Try again shortly.",
  SessionRequired: "Sign in to continue.",
};

function messageFor(code: string | null | undefined, status?: number): string | null {
  if (!code && !status) return null;
  if (status === 429) return MESSAGES.TooManyRequests;
  if (status === 503) return MESSAGES.ServiceUnavailable;
  return (code && MESSAGES[code]) || "Sign-in failed. Try again.";
}

export function SignInForm({ callbackPath, initialError }: { callbackPath: string; initialError: string | null }) {
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(messageFor(initialError));
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const result = await signIn("credentials", { email, password, redirect: false, callbackUrl: callbackPath });
      if (!result || !result.ok || result.error) {
        setError(messageFor(result?.error, result?.status) ?? MESSAGES.CredentialsSignin);
        setPending(false);
        return;
      }
      router.replace(callbackPath);
      router.refresh();
    } catch {
      setError("Could not reach the server. Check your connection and try again.");
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {error && <Alert tone="error">{error}</Alert>}
      <Field id="email" label="Email">
        <Input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          required
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Field id="password" label="Password">
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={pending || !email || !password}>
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
