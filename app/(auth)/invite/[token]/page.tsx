import type { Metadata } from "next";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { formatDateTime } from "@/components/ui/format";
import { lookupInvite } from "@/lib/auth/invites";
import { ROLE_LABELS } from "@/lib/auth/schemas";
import { AcceptInviteForm } from "./_components/accept-invite-form";

export const metadata: Metadata = { title: "Accept invitation" };
export const dynamic = "force-dynamic";

/** `/invite/<token>` — set name and password for an invited account (one-time link). */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  let decoded = "";
  try {
    decoded = decodeURIComponent(token).slice(0, 200);
  } catch {
    decoded = ""; // malformed escape: shown as an invalid link
  }
  const invite = await lookupInvite(decoded);
  return (
    <main className="mx-auto max-w-md px-6 py-12">
      <h1 className="mb-6 text-center text-2xl font-semibold">Join Playhead</h1>
      <Card>
        <CardBody>
          {invite.status === "pending" ? (
            <>
              <p className="mb-4 text-sm text-slate-600">
                You were invited as <strong>{ROLE_LABELS[invite.role]}</strong> with the email <strong>{invite.email}</strong>.
                Choose your name and a password. This link works once and expires on{" "}
                {formatDateTime(invite.expiresAt)}.
              </p>
              <AcceptInviteForm token={decoded} email={invite.email} />
            </>
          ) : (
            <div className="space-y-4">
              <Alert tone="error">{invite.message}</Alert>
              <Link href="/sign-in" className={buttonClasses("secondary")}>
                Go to sign-in
              </Link>
            </div>
          )}
        </CardBody>
      </Card>
    </main>
  );
}
