import type { Role } from "@/lib/db/types";
import { HttpError } from "./http-error";

/**
 * The role gate of route(): a route open to `roles` refuses nobody signed in (401) and a role not
 * in the list (403); a "public" route lets everyone through. One function for route()'s own check
 * and for a caller the handler settles itself (lib/auth/deferred-caller.ts).
 */
export function admitRole(user: { role: Role } | null, roles: readonly Role[] | "public"): void {
  if (roles === "public") return;
  if (!user) throw new HttpError(401, "Sign in first.");
  if (!roles.includes(user.role)) throw new HttpError(403, "Your role may not do this.");
}
