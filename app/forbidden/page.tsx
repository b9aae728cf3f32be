import type { Metadata } from "next";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { getCurrentUser } from "@/lib/auth/current-user";
import { ROLE_LABELS } from "@/lib/auth/schemas";

export const metadata: Metadata = { title: "Not allowed" };

/** Where role-guarded pages send users whose role may not see them. */
export default async function ForbiddenPage() {
  const user = await getCurrentUser().catch(() => null);
  return (
    <main className="mx-auto max-w-xl p-6">
      <h1 className="mb-2 text-2xl font-semibold">Not allowed</h1>
      <p className="mb-4 text-slate-600">
        {user
          ? `Your role (${ROLE_LABELS[user.role]}) may not open that page. Ask an admin if you need access.`
          : "Sign in with an account that may open that page."}
      </p>
      <Link href={user ? "/" : "/sign-in"} className={buttonClasses("secondary")}>
        {user ? "Back to the dashboard" : "Sign in"}
      </Link>
    </main>
  );
}
