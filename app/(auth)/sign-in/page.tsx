import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Card, CardBody } from "@/components/ui/card";
import { getCurrentUser } from "@/lib/auth/current-user";
import { safeCallbackPath } from "@/lib/auth/schemas";
import { SignInForm } from "./_components/sign-in-form";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

type Search = Promise<{ callbackUrl?: string | string[]; error?: string | string[] }>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** `/sign-in?callbackUrl=/somewhere` — email and password. Signed-in visitors go straight on. */
export default async function SignInPage({ searchParams }: { searchParams: Search }) {
  const params = await searchParams;
  const callbackPath = safeCallbackPath(first(params.callbackUrl));
  const user = await getCurrentUser().catch(() => null);
  if (user) redirect(callbackPath);
  return (
    <main className="mx-auto max-w-sm px-6 py-12">
      <h1 className="mb-6 text-center text-2xl font-semibold">Sign in to Playhead</h1>
      <Card>
        <CardBody>
          <SignInForm callbackPath={callbackPath} initialError={first(params.error) ?? null} />
        </CardBody>
      </Card>
      <p className="mt-4 text-center text-xs text-slate-500">No account? Ask an admin for an invitation link.</p>
    </main>
  );
}
