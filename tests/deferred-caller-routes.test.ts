import { db, testDb } from "@/tests/support/test-db";
import { beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { route } from "@/lib/http/route";
import { HttpError } from "@/lib/http/http-error";
import { ROUTE_POLICY, expectedOutcome, type HttpMethod, type RouteKey } from "@/lib/http/route-policy";
import { makeRequest, readResponse, routeContext, sessionCookie, type CallResult } from "@/tests/support/requests";
import { walkApiRoutes, walkedHandlers, type ApiHandler, type WalkedHandler, type WalkedRoute } from "@/tests/support/route-walk";
import { requestFor, routeWorld, type Caller, type World } from "@/tests/support/route-world";
import { createTestUser } from "@/tests/support/users";

/**
 * Routes whose handler reads the caller's user row in its own first statement (`caller:
 * "deferred"`, lib/auth/deferred-caller.ts) must apply exactly the rule every other route applies
 * (request-user.ts sessionUserOf): walked here over EVERY API route, so a route cannot side-step it
 * by reading identity another way.
 *
 * - Every route × every signed-in role, with a session cookie that no longer holds (its version is
 *   behind the account's: a role change, deactivation or password reset happened since): the
 *   answer is what the policy gives an anonymous caller.
 * - The deferred routes, with the owner's cookie after the owner is deactivated or their sessions
 *   are revoked: refused, and nothing is written beyond the refusal's log row (no serve, no answer,
 *   the session's version and progress unchanged).
 * - route() itself: a deferred handler that answers without settling its caller gets a 500; a
 *   refusal of the caller wins over whatever the handler threw first.
 */

let routes: WalkedRoute[] = [];
let w: World;

beforeAll(async () => {
  routes = await walkApiRoutes();
  w = await routeWorld();
}, 600_000);

function handlers(): WalkedHandler[] {
  return walkedHandlers(routes);
}

/** Calls a route as `caller`, but with a session cookie whose version (`sv`) is no longer the account's. */
async function callWithStaleCookie(key: RouteKey, path: string, method: HttpMethod, handler: ApiHandler, caller: Caller): Promise<CallResult> {
  // The request an anonymous caller would send (a study link carries its platform's ids), plus the cookie.
  const spec = await requestFor(key, path, w.callers.find((c) => c.role === "anonymous")!);
  const user = caller.user!;
  const headers = new Headers(spec.headers);
  headers.set("cookie", await sessionCookie(user, { sv: user.sessionVersion + 1 }));
  const request = await makeRequest(spec.path!, { ...spec, as: null, headers, method });
  return readResponse(await handler(request, routeContext(spec.params)));
}

describe(`a session cookie that no longer holds is nobody, on every route (${testDb.provider})`, () => {
  it("exactly the streaming segments, playlist, answers and the tab claim read the caller with their own data", () => {
    const deferred = handlers()
      .filter((h) => h.handler.routeOptions?.caller === "deferred")
      .map((h) => h.key)
      .sort();
    expect(deferred).toEqual([
      "GET /api/segments/:sessionId/:index",
      "GET /api/sessions/:id/playlist.m3u8",
      "POST /api/sessions/:id/answers",
      "POST /api/sessions/:id/claim",
    ]);
  });

  it("every route × every signed-in role: a stale cookie gets what an anonymous caller gets", { timeout: 900_000 }, async () => {
    const mismatches: string[] = [];
    const members = w.callers.filter((c) => c.user && c.member);
    expect(members.map((c) => c.role).sort()).toEqual(["admin", "annotator", "participant", "reviewer"]);
    let calls = 0;
    for (const h of handlers()) {
      const policy = ROUTE_POLICY[h.key];
      if (!policy) {
        mismatches.push(`${h.key}: no policy entry`);
        continue;
      }
      const anonymous = expectedOutcome(policy, "anonymous", false);
      for (const caller of members) {
        const res = await callWithStaleCookie(h.key, h.path, h.method, h.handler, caller);
        calls += 1;
        const ok = anonymous.allowed ? ![401, 403, 404].includes(res.status) && res.status < 500 : res.status === anonymous.status;
        if (!ok) mismatches.push(`${h.key} as ${caller.label} with a stale cookie: got ${res.status}, an anonymous caller gets ${anonymous.allowed ? "allowed" : anonymous.status} — ${res.text.slice(0, 160)}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(calls).toBe(handlers().length * 4);
  });
});

describe(`the deferred routes refuse an owner whose account changed, and write nothing (${testDb.provider})`, () => {
  async function deferredCalls(cookie: string) {
    const participant = w.callers.find((c) => c.role === "participant" && c.member)!;
    const out: Record<string, CallResult> = {};
    for (const h of handlers().filter((x) => x.handler.routeOptions?.caller === "deferred")) {
      const spec = await requestFor(h.key, h.path, participant);
      const headers = new Headers(spec.headers);
      headers.set("cookie", cookie);
      const request = await makeRequest(spec.path!, { ...spec, as: null, headers, method: h.method });
      out[h.key] = await readResponse(await h.handler(request, routeContext(spec.params)));
    }
    return out;
  }
  const written = async (sessionId: string) => ({
    served: await db.segmentServe.count({ where: { sessionId, allowed: true } }),
    answers: await db.answer.count({ where: { sessionId } }),
    session: await db.baselineSession.findUniqueOrThrow({ where: { id: sessionId }, select: { version: true, answeredIndex: true, unlockedIndex: true } }),
  });

  it("sessions revoked (sessionVersion bumped), then the account deactivated: 401 for playlist, answers and claim, 403 wrong_user for the segment", async () => {
    const owner = w.users["participant:member"];
    const cookie = await sessionCookie(owner);
    const sessionId = w.streamingSessionId;
    const before = await written(sessionId);

    await db.user.update({ where: { id: owner.id }, data: { sessionVersion: { increment: 1 } } });
    try {
      const revoked = await deferredCalls(cookie);
      expect(revoked["GET /api/sessions/:id/playlist.m3u8"].status).toBe(401);
      expect(revoked["POST /api/sessions/:id/answers"].status).toBe(401);
      expect(revoked["POST /api/sessions/:id/claim"].status).toBe(401);
      expect(revoked["GET /api/segments/:sessionId/:index"].status).toBe(403);
      expect(revoked["GET /api/segments/:sessionId/:index"].json.error.code).toBe("wrong_user");
      expect(await written(sessionId)).toEqual(before);

      const fresh = await db.user.findUniqueOrThrow({ where: { id: owner.id } });
      await db.user.update({ where: { id: owner.id }, data: { active: false } });
      const inactive = await deferredCalls(await sessionCookie(fresh));
      expect(inactive["GET /api/sessions/:id/playlist.m3u8"].status).toBe(401);
      expect(inactive["POST /api/sessions/:id/answers"].status).toBe(401);
      expect(inactive["POST /api/sessions/:id/claim"].status).toBe(401);
      expect(inactive["GET /api/segments/:sessionId/:index"].status).toBe(403);
      expect(inactive["GET /api/segments/:sessionId/:index"].json.error.code).toBe("wrong_user");
      expect(await written(sessionId)).toEqual(before);
    } finally {
      const row = await db.user.findUniqueOrThrow({ where: { id: owner.id } });
      await db.user.update({ where: { id: owner.id }, data: { active: true, sessionVersion: row.sessionVersion } });
    }
  });

  it("a cookie for an account that does not exist is nobody; a staff account is refused", async () => {
    const ghost = await deferredCalls(await sessionCookie({ id: "no-such-user", role: "PARTICIPANT" }));
    expect(ghost["GET /api/segments/:sessionId/:index"].status).toBe(403);
    expect(ghost["GET /api/sessions/:id/playlist.m3u8"].status).toBe(401);
    expect(ghost["POST /api/sessions/:id/answers"].status).toBe(401);
    expect(ghost["POST /api/sessions/:id/claim"].status).toBe(401);
    const staff = await deferredCalls(await sessionCookie(w.users["admin:member"]));
    // (A staff cookie on a participant route is settled at once: 403 when it holds, 401 when it no longer does.)
    expect(staff["GET /api/sessions/:id/playlist.m3u8"].status).toBe(403);
    expect(staff["POST /api/sessions/:id/answers"].status).toBe(403);
    expect(staff["POST /api/sessions/:id/claim"].status).toBe(403);
    expect(staff["GET /api/segments/:sessionId/:index"].status).toBe(403);
  });
});

describe(`route() holds a deferred handler to settling its caller (${testDb.provider})`, () => {
  const get = async (handler: ApiHandler, cookie?: string) =>
    readResponse(await handler(new NextRequest("http://localhost:3000/api/x", { headers: cookie ? { cookie } : {} }), routeContext({})));

  it("a handler that answers 200 without settling gets a 500; one that settles gets the account the row says", async () => {
    const user = await createTestUser({ role: "PARTICIPANT" });
    const forgetful = route({ roles: "public", caller: "deferred" }, async () => ({ ok: true })) as ApiHandler;
    const res = await get(forgetful, await sessionCookie(user));
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.json)).not.toContain("deferred");

    const careful = route({ roles: ["PARTICIPANT"], caller: "deferred" }, async ({ caller }) => {
      const rows = await db.user.findMany({ where: { id: caller.claimedId ?? "" } });
      return { who: caller.settle(rows[0] ?? null)?.id };
    }) as ApiHandler;
    expect((await get(careful, await sessionCookie(user))).json).toEqual({ who: user.id });
    expect((await get(careful)).status).toBe(401);
    await db.user.update({ where: { id: user.id }, data: { role: "ANNOTATOR" } });
    // The cookie still claims PARTICIPANT: the row's role is gated.
    expect((await get(careful, await sessionCookie({ ...user, role: "PARTICIPANT" }))).status).toBe(403);
  });

  it("whatever the handler threw before settling, a caller who may not be here gets 401 first", async () => {
    const user = await createTestUser({ role: "PARTICIPANT" });
    const throwsFirst = route({ roles: ["PARTICIPANT"], caller: "deferred" }, async () => {
      throw new HttpError(400, "Bad index.");
    }) as ApiHandler;
    expect((await get(throwsFirst, await sessionCookie(user))).status).toBe(400);
    await db.user.update({ where: { id: user.id }, data: { active: false } });
    expect((await get(throwsFirst, await sessionCookie(user))).status).toBe(401);
    const refusesFirst = route({ roles: "public", caller: "deferred" }, async () => new Response("gone", { status: 410 })) as ApiHandler;
    expect((await get(refusesFirst, await sessionCookie(user))).status).toBe(410);
  });
});
