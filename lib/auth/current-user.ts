import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import type { Role } from "@/lib/db/types";
import { getRequestUser, type SessionUser } from "./request-user";

/** Request header set by `proxy.ts` with the page's path and query (for the sign-in callbackUrl). */
export const PATH_HEADER = "x-playhead-path";

/**
 * The signed-in user of the current page / server action / server component, or null
 * (same checks as API requests: active, session version current). Cached per request.
 */
export const getCurrentUser = cache(async (): Promise<SessionUser | null> => {
  const incoming = await headers();
  return getRequestUser(new Request("http://playhead.internal/", { headers: new Headers(incoming) }));
});

/** Path of the page being rendered, as recorded by proxy.ts ("/" when unknown). */
export async function currentPath(): Promise<string> {
  const value = (await headers()).get(PATH_HEADER);
  return value && value.startsWith("/") && !value.startsWith("//") ? value : "/";
}

export function signInPath(callbackPath: string): string {
  return callbackPath && callbackPath !== "/" ? `/sign-in?callbackUrl=${encodeURIComponent(callbackPath)}` : "/sign-in";
}

/**
 * For pages: the signed-in user, else a redirect to `/sign-in?callbackUrl=<this page>`; a user
 * whose role is not in `roles` is redirected to `/forbidden`. `path` overrides the callback path.
 */
export async function requireUser(roles?: readonly Role[], path?: string): Promise<SessionUser> {
  const user = await getCurrentUser();
  if (!user) redirect(signInPath(path ?? (await currentPath())));
  if (roles && !roles.includes(user.role)) redirect("/forbidden");
  return user;
}
