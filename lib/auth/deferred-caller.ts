import "server-only";
import type { Role } from "@/lib/db/types";
import { admitRole } from "@/lib/http/role-gate";
import { bearerTokenOf, sessionClaims, sessionUserOf, userFromApiToken, type SessionUser } from "./request-user";
import { userById, type UserRow } from "./user-row";

/**
 * The caller of a route declared `caller: "deferred"` (lib/http/route.ts): the session cookie is
 * decoded before the handler runs, but the user row is NOT read by a statement of its own: the
 * handler's first statement reads it by {@link DeferredCaller.claimedId} together with its own
 * data (on the streaming hot path one round trip instead of two), and hands the row to
 * {@link DeferredCaller.settle}, which applies the same rule as every other route
 * (request-user.ts sessionUserOf: the account exists, is active, is at the session's version; the
 * role is the row's) and the same role gate (lib/http/role-gate.ts).
 *
 * What the handler may do before it has settled the caller: read. route() makes forgetting
 * impossible to miss: a handler that answers without having settled its caller gets its caller
 * settled by route() (a refusal wins: 401 / 403) and, when it answered with success, a 500.
 */
export type DeferredCaller = {
  /**
   * The account id to read the user row by: the session cookie's claimed id (not yet checked).
   * null: nobody claims to be signed in, or the caller is settled already (an API token, checked
   * before the handler; a staff cookie on a participant route).
   */
  readonly claimedId: string | null;
  /**
   * Settles the caller from the user row read by `claimedId` (null: no such row). Returns the
   * caller, or null (nobody, on a public route); on a route open to some roles, throws 401 / 403
   * as route() does.
   */
  settle(row: UserRow | null): SessionUser | null;
  /** {@link settle} with a statement of its own, for a handler whose query found no row to read the user with. */
  settleAlone(): Promise<SessionUser | null>;
  /** Whether settle / settleAlone has run. */
  readonly settled: boolean;
};

/**
 * The deferred caller of a request. A route open to some roles refuses at once a request with no
 * credential (401); a cookie claiming a role outside the list is settled at once (401 when it no
 * longer holds, else 403); the row's role is gated again on settle. An API token
 * (`Authorization: Bearer`, the only credential considered when present) is checked here, as by
 * every route: the token row is the user lookup.
 */
export async function deferredCaller(request: Request, roles: readonly Role[] | "public"): Promise<DeferredCaller> {
  const bearer = bearerTokenOf(request);
  if (bearer !== null) {
    const user = await userFromApiToken(bearer);
    admitRole(user, roles);
    return settledCaller(user);
  }
  const claims = await sessionClaims(request.headers);
  // Nobody signed in: 401 at once. A cookie claiming a role the route refuses: settled now, by a
  // statement of its own (a cookie that no longer holds is 401, as on every route; one that holds
  // is 403) — staff calling a participant route is not the hot path.
  if (!claims) admitRole(null, roles);
  else if (roles !== "public" && !roles.includes(claims.role)) {
    const user = sessionUserOf(claims, await userById(claims.id));
    admitRole(user, roles);
    return settledCaller(user);
  }
  let settled = false;
  const caller: DeferredCaller = {
    claimedId: claims?.id ?? null,
    settle(row) {
      settled = true;
      const user = claims ? sessionUserOf(claims, row) : null;
      admitRole(user, roles);
      return user;
    },
    async settleAlone() {
      return caller.settle(claims ? await userById(claims.id) : null);
    },
    get settled() {
      return settled;
    },
  };
  return caller;
}

/**
 * A caller already known (route() or a page checked the account): settling it returns that user
 * whatever row the handler read. `claimedId` is null, so a query joining the user row by it reads
 * none.
 */
export function settledCaller(user: SessionUser | null): DeferredCaller {
  return { claimedId: null, settle: () => user, settleAlone: async () => user, settled: true };
}

/** `who` as a deferred caller: a user route() already checked is a settled one. */
export function callerOf(who: SessionUser | DeferredCaller): DeferredCaller {
  return "settle" in who ? who : settledCaller(who);
}
