"use client";

import Link from "next/link";
import { signOut } from "next-auth/react";
import { useState } from "react";
import type { SessionUser } from "@/lib/auth/request-user";
import { ROLE_LABELS } from "@/lib/auth/schemas";
import { Badge } from "./ui/badge";
import { Button } from "./ui/button";
import { NavLink } from "./ui/nav";

type NavItem = { href: string; label: string; roles: ReadonlyArray<SessionUser["role"]> };

const STAFF = ["ADMIN", "REVIEWER", "ANNOTATOR"] as const;

/** Top navigation by role. Annotators and reviewers: My tasks (their annotation queue). Reviewers and admins: Review (adjudication queues). Admin: Studies (human baselines), Users, Audit, Jobs (background work). Staff: Videos, Projects, API tokens. */
export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/annotate", label: "My tasks", roles: ["ANNOTATOR", "REVIEWER"] },
  { href: "/review", label: "Review", roles: ["REVIEWER", "ADMIN"] },
  { href: "/videos", label: "Videos", roles: STAFF },
  { href: "/projects", label: "Projects", roles: STAFF },
  { href: "/admin/studies", label: "Studies", roles: ["ADMIN"] },
  { href: "/admin/users", label: "Users", roles: ["ADMIN"] },
  { href: "/admin/audit", label: "Audit log", roles: ["ADMIN"] },
  { href: "/admin/jobs", label: "Jobs", roles: ["ADMIN"] },
  { href: "/account/tokens", label: "API tokens", roles: STAFF },
];

export function navItemsFor(role: SessionUser["role"]): NavItem[] {
  return NAV_ITEMS.filter((item) => item.roles.includes(role));
}

/** The app's header: brand, links for the user's role, who is signed in, sign out. */
export function AppNav({ user }: { user: SessionUser | null }) {
  const [signingOut, setSigningOut] = useState(false);
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-6 py-2.5">
        <Link href="/" className="mr-2 flex items-center gap-2 text-base font-semibold tracking-tight text-slate-900">
          <span aria-hidden className="inline-block h-3 w-3 rounded-sm bg-blue-600" />
          Playhead
        </Link>
        {user && (
          <nav aria-label="Main" className="flex flex-wrap items-center gap-1">
            {navItemsFor(user.role).map((item) => (
              <NavLink key={item.href} href={item.href}>
                {item.label}
              </NavLink>
            ))}
          </nav>
        )}
        <div className="ml-auto flex items-center gap-3">
          {user ? (
            <>
              <span className="hidden text-sm text-slate-600 sm:inline" title={user.email}>
                {user.name || user.email}
              </span>
              <Badge tone={user.role === "ADMIN" ? "purple" : "blue"}>{ROLE_LABELS[user.role]}</Badge>
              <Button
                variant="secondary"
                size="sm"
                disabled={signingOut}
                onClick={async () => {
                  setSigningOut(true);
                  try {
                    // No server-computed redirect: it would use NEXTAUTH_URL's host, which may be unset in development.
                    await signOut({ redirect: false });
                  } finally {
                    window.location.assign("/sign-in");
                  }
                }}
              >
                {signingOut ? "Signing out…" : "Sign out"}
              </Button>
            </>
          ) : (
            <Link href="/sign-in" className="text-sm font-medium text-blue-700 hover:underline">
              Sign in
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
